package acc

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
)

// tblRuleMatrix is the matrix of openacc-rules.md §3.7, transcribed verbatim.
// tblParseRuleMatrix expands its groups: a first cell "a / b" names several
// clauses; a cell that names clauses of its row ("attach only", "if_present",
// "gang worker vector seq") restricts the row to those; any other non-empty
// cell ("✓", "✓(cond)", "✓ / ✓") means every clause of the row.
const tblRuleMatrix = `
| clause | parallel | serial | kernels | data | enter | exit | host_data | loop | update | wait | init/shutdown | set | declare | routine |
|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
| async | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | | | ✓ | ✓ | | | | |
| wait | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | | | ✓ | | | | | |
| num_gangs / num_workers / vector_length | ✓ | | ✓ | | | | | | | | | | | |
| device_type | ✓ | ✓ | ✓ | ✓ | | | | ✓ | ✓ | | ✓ | ✓ | | ✓ |
| if | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | | ✓ | ✓ | ✓ | ✓ | | |
| self | ✓(cond) | ✓ | ✓ | | | | | | ✓(vars) | | | | | |
| default | ✓ | ✓ | ✓ | ✓ | | | | | | | | | | |
| private | ✓ | ✓ | | | | | | ✓ | | | | | | |
| firstprivate | ✓ | ✓ | | | | | | | | | | | | |
| reduction | ✓ | ✓ | | | | | | ✓ | | | | | | |
| copy | ✓ | ✓ | ✓ | ✓ | | | | | | | | | ✓ | |
| copyin | ✓ | ✓ | ✓ | ✓ | ✓ | | | | | | | | ✓ | |
| copyout | ✓ | ✓ | ✓ | ✓ | | ✓ | | | | | | | ✓ | |
| create | ✓ | ✓ | ✓ | ✓ | ✓ | | | | | | | | ✓ | |
| no_create / attach | ✓ | ✓ | ✓ | ✓ | attach only | | | | | | | | | |
| present / deviceptr | ✓ | ✓ | ✓ | ✓ | | | | | | | | | ✓ | |
| delete / detach / finalize | | | | | | ✓ | | | | | | | | |
| use_device / if_present | | | | | | | ✓ / ✓ | | if_present | | | | | |
| host / device | | | | | | | | | ✓ | | | | | |
| collapse / tile / gang / worker / vector / seq / independent / auto | | | | | | | | ✓ | | | | | | gang worker vector seq |
| device_resident / link | | | | | | | | | | | | | ✓ | |
| bind / nohost | | | | | | | | | | | | | | ✓ |
| device_num | | | | | | | | | | | ✓ | ✓ | | |
| default_async | | | | | | | | | | | | ✓ | | |
`

// tblMatrixColumns maps the matrix's column headings to directive names.
var tblMatrixColumns = map[string][]string{
	"parallel": {"parallel"}, "serial": {"serial"}, "kernels": {"kernels"}, "data": {"data"},
	"enter": {"enter data"}, "exit": {"exit data"}, "host_data": {"host_data"}, "loop": {"loop"},
	"update": {"update"}, "wait": {"wait"}, "init/shutdown": {"init", "shutdown"}, "set": {"set"},
	"declare": {"declare"}, "routine": {"routine"},
}

// tblParseRuleMatrix returns directive → set of allowed clauses, as the matrix says.
func tblParseRuleMatrix(t *testing.T) map[string]map[string]bool {
	t.Helper()
	cells := func(line string) []string {
		line = strings.TrimSpace(line)
		line = strings.TrimPrefix(line, "|")
		line = strings.TrimSuffix(line, "|")
		parts := strings.Split(line, "|")
		for i := range parts {
			parts[i] = strings.TrimSpace(parts[i])
		}
		return parts
	}
	allowed := map[string]map[string]bool{}
	var header []string
	for _, line := range strings.Split(strings.TrimSpace(tblRuleMatrix), "\n") {
		c := cells(line)
		if header == nil {
			header = c
			for _, h := range header[1:] {
				if tblMatrixColumns[h] == nil {
					t.Fatalf("matrix: unknown column %q", h)
				}
				for _, d := range tblMatrixColumns[h] {
					allowed[d] = map[string]bool{}
				}
			}
			continue
		}
		if strings.HasPrefix(c[0], "---") {
			continue
		}
		if len(c) != len(header) {
			t.Fatalf("matrix row %q has %d cells, want %d", c[0], len(c), len(header))
		}
		var row []string
		for _, name := range strings.Split(c[0], "/") {
			row = append(row, strings.TrimSpace(name))
		}
		for i, cell := range c[1:] {
			if cell == "" {
				continue
			}
			var named []string
			for _, w := range strings.FieldsFunc(cell, func(r rune) bool { return r == ' ' || r == '/' }) {
				if slices.Contains(row, w) {
					named = append(named, w)
				}
			}
			if len(named) == 0 {
				if !strings.HasPrefix(cell, "✓") {
					t.Fatalf("matrix row %q: cannot read cell %q", c[0], cell)
				}
				named = row
			}
			for _, d := range tblMatrixColumns[header[i+1]] {
				for _, cl := range named {
					allowed[d][cl] = true
				}
			}
		}
	}
	// Combined constructs: the union of the compute column and the loop column.
	for _, comb := range [][2]string{{"parallel loop", "parallel"}, {"serial loop", "serial"}, {"kernels loop", "kernels"}} {
		allowed[comb[0]] = map[string]bool{}
		for _, leaf := range []string{comb[1], "loop"} {
			for cl := range allowed[leaf] {
				allowed[comb[0]][cl] = true
			}
		}
	}
	// Not in the matrix (rules §3.5): cache takes no clause, atomic its atomic-clauses.
	allowed["cache"] = map[string]bool{}
	allowed["atomic"] = map[string]bool{"read": true, "write": true, "update": true, "capture": true}
	return allowed
}

func TestTableRuleMatrix(t *testing.T) {
	want := tblParseRuleMatrix(t)
	if len(want) != len(Directives()) {
		t.Errorf("matrix covers %d directives, the table has %d", len(want), len(Directives()))
	}
	for name := range want {
		if LookupDirective(name) == nil {
			t.Errorf("matrix directive %q is not in the table", name)
		}
	}
	inMatrix := map[string]bool{}
	for _, set := range want {
		for cl := range set {
			inMatrix[cl] = true
			if spec, alias := LookupClause(cl); spec == nil || alias != nil {
				t.Errorf("matrix clause %q is not a canonical clause of the table", cl)
			}
		}
	}
	for _, c := range Clauses() {
		if !inMatrix[c.Name] {
			t.Errorf("clause %q does not appear in the matrix", c.Name)
		}
	}
	for _, d := range Directives() {
		for _, c := range Clauses() {
			if got, exp := d.Allows(c.Name), want[d.Name][c.Name]; got != exp {
				t.Errorf("%s: Allows(%q) = %v, the matrix says %v", d.Name, c.Name, got, exp)
			}
		}
		for _, name := range d.Allowed {
			if !want[d.Name][name] {
				t.Errorf("%s: allows %q, absent from the matrix", d.Name, name)
			}
		}
	}
}

func TestTableDirectiveClauseSets(t *testing.T) {
	seen := map[string]bool{}
	for _, d := range Directives() {
		if seen[d.Name] {
			t.Errorf("directive %q listed twice", d.Name)
		}
		seen[d.Name] = true
		if LookupDirective(d.Name) != d {
			t.Errorf("LookupDirective(%q) does not return the table entry", d.Name)
		}
		dup := map[string]bool{}
		for _, name := range d.Allowed {
			if dup[name] {
				t.Errorf("%s: %q listed twice in Allowed", d.Name, name)
			}
			dup[name] = true
			if spec, alias := LookupClause(name); spec == nil || alias != nil || spec.Name != name {
				t.Errorf("%s: Allowed has %q, not a canonical clause", d.Name, name)
			}
		}
		sets := map[string][]string{
			"Once":              d.Once,
			"OncePerDeviceType": d.OncePerDeviceType,
			"Required":          d.Required,
			"AfterDeviceType":   d.AfterDeviceType,
			"FileScopeClauses":  d.FileScopeClauses,
		}
		for i, ex := range d.Exclusive {
			sets[fmt.Sprintf("Exclusive[%d]", i)] = ex
			if len(ex) < 2 {
				t.Errorf("%s: Exclusive[%d] = %v has fewer than two members", d.Name, i, ex)
			}
		}
		for setName, set := range sets {
			for _, name := range set {
				if spec, alias := LookupClause(name); spec == nil || alias != nil || spec.Name != name {
					t.Errorf("%s: %s has %q, not a canonical clause", d.Name, setName, name)
				}
				if !d.Allows(name) {
					t.Errorf("%s: %s has %q, which is not in Allowed", d.Name, setName, name)
				}
			}
		}
		for _, name := range d.Once {
			if slices.Contains(d.OncePerDeviceType, name) {
				t.Errorf("%s: %q is both Once and OncePerDeviceType", d.Name, name)
			}
		}
		// A clause that may repeat once per device_type section must be able
		// to follow a device_type clause, or the per-section rule is moot.
		for _, name := range d.OncePerDeviceType {
			if !d.AllowsAfterDeviceType(name) {
				t.Errorf("%s: %q is OncePerDeviceType but may not follow device_type", d.Name, name)
			}
		}
		if d.Allows("device_type") != (d.AfterDeviceType != nil) {
			t.Errorf("%s: AfterDeviceType must be set exactly when device_type is allowed", d.Name)
		}
		if d.Allows("device_type") && !d.AllowsAfterDeviceType("device_type") {
			t.Errorf("%s: device_type may not follow device_type", d.Name)
		}
		if (d.FileScopeClauses != nil) != (d.Name == "declare") {
			t.Errorf("%s: FileScopeClauses set on the wrong directive", d.Name)
		}
		if d.FileScope != (d.Name == "routine" || d.Name == "declare") {
			t.Errorf("%s: FileScope = %v", d.Name, d.FileScope)
		}
		if d.ParenRequired && d.Paren == ArgNone {
			t.Errorf("%s: ParenRequired without Paren", d.Name)
		}
	}
}

func TestTableEveryClauseAllowedSomewhere(t *testing.T) {
	for _, c := range Clauses() {
		var on []string
		for _, d := range Directives() {
			if d.Allows(c.Name) {
				on = append(on, d.Name)
			}
		}
		if len(on) == 0 {
			t.Errorf("clause %q is allowed on no directive", c.Name)
		}
		for dir := range c.ArgOn {
			if d := LookupDirective(dir); d == nil || !d.Allows(c.Name) {
				t.Errorf("clause %q: ArgOn names %q, which does not allow it", c.Name, dir)
			}
		}
	}
}

// TestRuleSets pins the rule sets of rules §3 that the matrix does not show.
func TestTableRuleSets(t *testing.T) {
	data := []string{"copy", "copyin", "copyout", "create", "no_create", "present", "deviceptr", "attach"}
	type sets struct {
		once, perDT, required, after []string
		exclusive                    [][]string
	}
	want := map[string]sets{
		"parallel": {once: []string{"if", "self", "default"}, perDT: []string{"async", "num_gangs", "num_workers", "vector_length"},
			after: []string{"async", "wait", "num_gangs", "num_workers", "vector_length", "device_type"}},
		"serial": {once: []string{"if", "self", "default"}, perDT: []string{"async"}, after: []string{"async", "wait", "device_type"}},
		"kernels": {once: []string{"if", "self", "default"}, perDT: []string{"async", "num_gangs", "num_workers", "vector_length"},
			after: []string{"async", "wait", "num_gangs", "num_workers", "vector_length", "device_type"}},
		"data":       {once: []string{"if", "default"}, perDT: []string{"async"}, required: append(slices.Clone(data), "default"), after: []string{"async", "wait", "device_type"}},
		"enter data": {once: []string{"if", "async"}, required: []string{"copyin", "create", "attach"}},
		"exit data":  {once: []string{"if", "async"}, required: []string{"copyout", "delete", "detach"}},
		"host_data":  {once: []string{"if"}, required: []string{"use_device"}},
		"loop": {perDT: []string{"collapse", "tile", "gang", "worker", "vector"},
			after:     []string{"collapse", "gang", "worker", "vector", "seq", "independent", "auto", "tile", "device_type"},
			exclusive: [][]string{{"seq", "independent", "auto"}, {"seq", "gang"}, {"seq", "worker"}, {"seq", "vector"}}},
		"cache":    {},
		"atomic":   {once: []string{"read", "write", "update", "capture"}, exclusive: [][]string{{"read", "write", "update", "capture"}}},
		"update":   {once: []string{"if"}, perDT: []string{"async"}, required: []string{"self", "host", "device"}, after: []string{"async", "wait", "device_type"}},
		"wait":     {once: []string{"async", "if"}},
		"init":     {once: []string{"device_num", "if"}, after: []string{"device_type", "device_num", "if"}},
		"shutdown": {once: []string{"device_num", "if"}, after: []string{"device_type", "device_num", "if"}},
		"set": {once: []string{"default_async", "device_num", "device_type", "if"}, required: []string{"default_async", "device_num", "device_type"},
			after: []string{"default_async", "device_num", "device_type", "if"}},
		"routine": {once: []string{"nohost"}, perDT: []string{"gang", "worker", "vector", "seq", "bind"}, required: []string{"gang", "worker", "vector", "seq"},
			after: []string{"gang", "worker", "vector", "seq", "bind", "device_type"}, exclusive: [][]string{{"gang", "worker", "vector", "seq"}}},
		"declare": {required: []string{"copy", "copyin", "copyout", "create", "present", "deviceptr", "device_resident", "link"}},
	}
	for name, w := range want {
		d := LookupDirective(name)
		if d == nil {
			t.Errorf("no directive %q", name)
			continue
		}
		check := func(what string, got, exp []string) {
			if !tblSameSet(got, exp) {
				t.Errorf("%s: %s = %v, want %v", name, what, got, exp)
			}
		}
		check("Once", d.Once, w.once)
		check("OncePerDeviceType", d.OncePerDeviceType, w.perDT)
		check("Required", d.Required, w.required)
		check("AfterDeviceType", d.AfterDeviceType, w.after)
		if !tblSameSets(d.Exclusive, w.exclusive) {
			t.Errorf("%s: Exclusive = %v, want %v", name, d.Exclusive, w.exclusive)
		}
	}
	if d := LookupDirective("declare"); !tblSameSet(d.FileScopeClauses, []string{"create", "copyin", "deviceptr", "device_resident", "link"}) {
		t.Errorf("declare: FileScopeClauses = %v", d.FileScopeClauses)
	}
	parens := map[string]struct {
		kind     ArgKind
		required bool
	}{"cache": {ArgVarList, true}, "wait": {ArgWait, false}, "routine": {ArgName, false}}
	assoc := map[string]Assoc{
		"parallel": AssocBlock, "serial": AssocBlock, "kernels": AssocBlock, "data": AssocBlock, "host_data": AssocBlock, "atomic": AssocBlock,
		"loop": AssocLoop, "parallel loop": AssocLoop, "serial loop": AssocLoop, "kernels loop": AssocLoop,
		"enter data": AssocStandalone, "exit data": AssocStandalone, "update": AssocStandalone, "wait": AssocStandalone,
		"init": AssocStandalone, "shutdown": AssocStandalone, "set": AssocStandalone, "cache": AssocStandalone,
		"routine": AssocDeclarative, "declare": AssocDeclarative,
	}
	if len(assoc) != len(Directives()) {
		t.Errorf("assoc table has %d entries, the directive table %d", len(assoc), len(Directives()))
	}
	for _, d := range Directives() {
		p := parens[d.Name]
		if d.Paren != p.kind || d.ParenRequired != p.required {
			t.Errorf("%s: Paren = %v (required %v), want %v (required %v)", d.Name, d.Paren, d.ParenRequired, p.kind, p.required)
		}
		if wantMods := map[string][]string{"cache": {"readonly"}}[d.Name]; !slices.Equal(d.ParenModifiers, wantMods) {
			t.Errorf("%s: ParenModifiers = %v, want %v", d.Name, d.ParenModifiers, wantMods)
		}
		if len(d.ParenModifiers) > 0 && d.Paren != ArgVarList {
			t.Errorf("%s: ParenModifiers without a var-list", d.Name)
		}
		if a, ok := assoc[d.Name]; !ok || d.Assoc != a {
			t.Errorf("%s: Assoc = %v, want %v", d.Name, d.Assoc, a)
		}
	}
	for first, seconds := range map[string][]string{"enter": {"data"}, "exit": {"data"}, "parallel": {"loop"}, "serial": {"loop"}, "kernels": {"loop"}} {
		if got := SecondWords(first); !tblSameSet(got, seconds) {
			t.Errorf("SecondWords(%q) = %v, want %v", first, got, seconds)
		}
	}
}

func TestTableCombinedConstructs(t *testing.T) {
	want := map[string][]string{"parallel loop": {"parallel", "loop"}, "serial loop": {"serial", "loop"}, "kernels loop": {"kernels", "loop"}}
	n := 0
	for _, d := range Directives() {
		if len(d.Leaves) == 0 {
			if d.IsCompute() != slices.Contains([]string{"parallel", "serial", "kernels"}, d.Name) {
				t.Errorf("%s: IsCompute = %v", d.Name, d.IsCompute())
			}
			continue
		}
		n++
		if !slices.Equal(d.Leaves, want[d.Name]) {
			t.Errorf("%s: Leaves = %v, want %v", d.Name, d.Leaves, want[d.Name])
		}
		if !d.IsCompute() || d.Assoc != AssocLoop {
			t.Errorf("%s: a combined construct must be compute and loop-associated", d.Name)
		}
		var allowed, once, perDT, required, after []string
		var exclusive [][]string
		for _, name := range d.Leaves {
			leaf := LookupDirective(name)
			allowed = append(allowed, leaf.Allowed...)
			once = append(once, leaf.Once...)
			perDT = append(perDT, leaf.OncePerDeviceType...)
			required = append(required, leaf.Required...)
			after = append(after, leaf.AfterDeviceType...)
			exclusive = append(exclusive, leaf.Exclusive...)
		}
		for what, pair := range map[string][2][]string{
			"Allowed": {d.Allowed, allowed}, "Once": {d.Once, once}, "OncePerDeviceType": {d.OncePerDeviceType, perDT},
			"Required": {d.Required, required}, "AfterDeviceType": {d.AfterDeviceType, after},
		} {
			if !tblSameSet(pair[0], pair[1]) {
				t.Errorf("%s: %s = %v, want the union of the leaves %v", d.Name, what, pair[0], pair[1])
			}
		}
		if !tblSameSets(d.Exclusive, exclusive) {
			t.Errorf("%s: Exclusive = %v, want %v", d.Name, d.Exclusive, exclusive)
		}
	}
	if n != len(want) {
		t.Errorf("%d combined constructs, want %d", n, len(want))
	}
	// Spot checks of rules §3.4.
	if LookupDirective("serial loop").Allows("num_gangs") {
		t.Error("serial loop must not allow num_gangs")
	}
	if kl := LookupDirective("kernels loop"); kl.Allows("firstprivate") || !kl.Allows("private") || !kl.Allows("reduction") {
		t.Error("kernels loop: private and reduction from the loop, no firstprivate")
	}
}

func TestTableClauseArgs(t *testing.T) {
	want := map[string]ArgKind{
		"async": ArgOptIntExpr, "wait": ArgWait, "num_gangs": ArgIntExprList, "num_workers": ArgIntExpr,
		"vector_length": ArgIntExpr, "device_type": ArgDeviceType, "if": ArgCond, "self": ArgOptCond,
		"default": ArgDefault, "private": ArgVarList, "firstprivate": ArgVarList, "reduction": ArgReduction,
		"copy": ArgVarList, "copyin": ArgVarList, "copyout": ArgVarList, "create": ArgVarList,
		"no_create": ArgVarList, "present": ArgVarList, "deviceptr": ArgVarList, "attach": ArgVarList,
		"detach": ArgVarList, "delete": ArgVarList, "use_device": ArgVarList, "device_resident": ArgVarList,
		"link": ArgVarList, "host": ArgVarList, "device": ArgVarList, "finalize": ArgNone, "if_present": ArgNone,
		"gang": ArgGang, "worker": ArgWorker, "vector": ArgVector, "seq": ArgNone, "independent": ArgNone,
		"auto": ArgNone, "collapse": ArgConstInt, "tile": ArgTile, "bind": ArgBind, "nohost": ArgNone,
		"device_num": ArgIntExpr, "default_async": ArgIntExpr,
		"read": ArgNone, "write": ArgNone, "update": ArgNone, "capture": ArgNone,
	}
	if len(Clauses()) != len(want) {
		t.Errorf("%d clauses in the table, want %d", len(Clauses()), len(want))
	}
	seen := map[string]bool{}
	for _, c := range Clauses() {
		if seen[c.Name] {
			t.Errorf("clause %q listed twice", c.Name)
		}
		seen[c.Name] = true
		k, ok := want[c.Name]
		if !ok {
			t.Errorf("unexpected clause %q", c.Name)
		} else if c.Arg != k {
			t.Errorf("%s: Arg = %v, want %v", c.Name, c.Arg, k)
		}
	}
	self, _ := LookupClause("self")
	if self == nil {
		t.Fatal("no self clause")
	}
	for dir, k := range map[string]ArgKind{"update": ArgVarList, "parallel loop": ArgOptCond, "parallel": ArgOptCond, "serial": ArgOptCond, "kernels loop": ArgOptCond} {
		if got := self.ArgFor(dir); got != k {
			t.Errorf("self.ArgFor(%q) = %v, want %v", dir, got, k)
		}
	}
	mods := map[string][]string{"copyin": {"readonly"}, "copyout": {"zero"}, "create": {"zero"}}
	for _, c := range Clauses() {
		if !slices.Equal(c.Modifiers, mods[c.Name]) {
			t.Errorf("%s: Modifiers = %v, want %v", c.Name, c.Modifiers, mods[c.Name])
		}
		if len(c.Modifiers) > 0 && c.Arg != ArgVarList {
			t.Errorf("%s: modifiers on a clause without a var-list", c.Name)
		}
	}
}

func TestTableAliases(t *testing.T) {
	want := map[string]struct {
		canonical  string
		deprecated bool
	}{
		"dtype": {"device_type", false},
		"pcopy": {"copy", true}, "present_or_copy": {"copy", true},
		"pcopyin": {"copyin", true}, "present_or_copyin": {"copyin", true},
		"pcopyout": {"copyout", true}, "present_or_copyout": {"copyout", true},
		"pcreate": {"create", true}, "present_or_create": {"create", true},
	}
	n := 0
	for _, c := range Clauses() {
		if spec, alias := LookupClause(c.Name); spec != c || alias != nil {
			t.Errorf("LookupClause(%q) = %v, %v", c.Name, spec, alias)
		}
		for _, a := range c.Aliases {
			n++
			if _, clash := clauseByName[a.Name]; clash {
				t.Errorf("alias %q of %q is also a clause name", a.Name, c.Name)
			}
			w, ok := want[a.Name]
			if !ok || w.canonical != c.Name || w.deprecated != a.Deprecated {
				t.Errorf("alias %q of %q (deprecated %v) not as in rules §2", a.Name, c.Name, a.Deprecated)
			}
		}
	}
	if n != len(want) {
		t.Errorf("%d aliases in the table, want %d", n, len(want))
	}
	for name, w := range want {
		spec, alias := LookupClause(name)
		if spec == nil || alias == nil {
			t.Errorf("LookupClause(%q) does not resolve to an alias", name)
			continue
		}
		if spec.Name != w.canonical || alias.Name != name || alias.Deprecated != w.deprecated {
			t.Errorf("LookupClause(%q) = %s (alias %+v), want %s deprecated=%v", name, spec.Name, *alias, w.canonical, w.deprecated)
		}
	}
	if spec, _ := LookupClause("copy_in"); spec != nil {
		t.Error("LookupClause resolves an unknown spelling")
	}
}

func TestTableDataActions(t *testing.T) {
	withData := []string{"copy", "copyin", "copyout", "create", "no_create", "present", "deviceptr", "attach", "detach", "delete", "use_device", "device_resident", "link"}
	counted := []string{"copy", "copyin", "copyout", "create", "no_create", "present", "delete"}
	for _, c := range Clauses() {
		if !slices.Contains(withData, c.Name) {
			if c.Data != nil {
				t.Errorf("%s: unexpected DataAction", c.Name)
			}
			continue
		}
		if c.Data == nil || strings.TrimSpace(c.Data.Entry) == "" || strings.TrimSpace(c.Data.Exit) == "" {
			t.Errorf("%s: DataAction with Entry and Exit required", c.Name)
			continue
		}
		if slices.Contains(counted, c.Name) && !strings.Contains(c.Data.Entry+c.Data.Exit, "reference counter") {
			t.Errorf("%s: DataAction does not state the reference-counter rule", c.Name)
		}
	}
	for _, name := range []string{"copyin", "create"} {
		c, _ := LookupClause(name)
		if !strings.Contains(c.Data.Entry, "dynamic") || !strings.Contains(c.Data.Entry, "structured") {
			t.Errorf("%s: Entry must say which counter (structured or dynamic) it increments", name)
		}
	}
	for _, name := range []string{"copyout", "delete", "detach"} {
		c, _ := LookupClause(name)
		if !strings.Contains(c.Data.Exit, "finalize") {
			t.Errorf("%s: Exit must mention finalize", name)
		}
	}
}

var (
	tblSectionRE = regexp.MustCompile(`^2(\.[0-9]+)*$`)
	tblCodeRE    = regexp.MustCompile("`([^`]+)`")
)

func tblParagraphs(doc string) []string {
	var out []string
	for _, p := range strings.Split(doc, "\n") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func tblCodeSpans(s string) []string {
	var out []string
	for _, m := range tblCodeRE.FindAllStringSubmatch(s, -1) {
		out = append(out, m[1])
	}
	return out
}

func TestTableDocumentation(t *testing.T) {
	type entry struct {
		name, section, summary, doc, snippet string
	}
	var entries []entry
	for _, c := range Clauses() {
		entries = append(entries, entry{"clause " + c.Name, c.Section, c.Summary, c.Doc, c.Snippet})
	}
	for _, d := range Directives() {
		entries = append(entries, entry{"directive " + d.Name, d.Section, d.Summary, d.Doc, d.Snippet})
	}
	for _, e := range entries {
		if !tblSectionRE.MatchString(e.section) {
			t.Errorf("%s: Section %q", e.name, e.section)
		}
		if e.summary == "" || strings.Contains(e.summary, "\n") || len(e.summary) > 80 {
			t.Errorf("%s: Summary must be one short line: %q", e.name, e.summary)
		}
		if n := len(tblParagraphs(e.doc)); n < 3 || n > 10 {
			t.Errorf("%s: Doc has %d lines, want 3 to 10", e.name, n)
		}
		if strings.Count(e.doc, "`")%2 != 0 {
			t.Errorf("%s: unbalanced backquotes in Doc", e.name)
		}
		if e.snippet == "" {
			t.Errorf("%s: no Snippet", e.name)
		}
	}
}

// TestDocMatchesTable checks the "Allowed on" paragraph of each clause and the
// "Clauses:" paragraph of each directive against the tables.
func TestTableDocMatchesTable(t *testing.T) {
	for _, c := range Clauses() {
		var para string
		for _, p := range tblParagraphs(c.Doc) {
			if strings.HasPrefix(p, "Allowed on ") {
				para = p
			}
		}
		if para == "" {
			t.Errorf("clause %s: Doc has no \"Allowed on\" paragraph", c.Name)
			continue
		}
		var mentioned []string
		if strings.Contains(para, "compute") {
			mentioned = append(mentioned, "parallel", "serial", "kernels")
		}
		if strings.Contains(para, "combined") {
			mentioned = append(mentioned, "parallel loop", "serial loop", "kernels loop")
		}
		for _, s := range tblCodeSpans(para) {
			if LookupDirective(s) == nil {
				t.Errorf("clause %s: %q in the Allowed paragraph is not a directive", c.Name, s)
			}
			mentioned = append(mentioned, s)
		}
		var allowing []string
		for _, d := range Directives() {
			if d.Allows(c.Name) {
				allowing = append(allowing, d.Name)
			}
		}
		if !tblSameSet(mentioned, allowing) {
			t.Errorf("clause %s: Doc says allowed on %v, the table says %v", c.Name, tblSorted(mentioned), tblSorted(allowing))
		}
		if strings.HasPrefix(c.Doc, "`") {
			if first := tblCodeSpans(c.Doc)[0]; !strings.HasPrefix(first, c.Name) {
				t.Errorf("clause %s: Doc's syntax line %q does not start with the name", c.Name, first)
			}
		} else {
			t.Errorf("clause %s: Doc must start with its syntax in backquotes", c.Name)
		}
	}
	for _, d := range Directives() {
		var para string
		for _, p := range tblParagraphs(d.Doc) {
			if strings.HasPrefix(p, "Clauses:") {
				para = p
			}
		}
		if para == "" {
			t.Errorf("directive %s: Doc has no \"Clauses:\" paragraph", d.Name)
			continue
		}
		if !strings.HasPrefix(d.Doc, "`#pragma acc "+d.Name) {
			t.Errorf("directive %s: Doc must start with its syntax", d.Name)
		}
		spans := tblCodeSpans(para)
		if len(d.Leaves) > 0 {
			for _, leaf := range d.Leaves {
				if !slices.Contains(spans, leaf) {
					t.Errorf("directive %s: Clauses paragraph does not name leaf %q", d.Name, leaf)
				}
			}
			continue
		}
		for _, s := range spans {
			if spec, alias := LookupClause(s); spec == nil || alias != nil {
				t.Errorf("directive %s: %q in the Clauses paragraph is not a clause", d.Name, s)
			}
		}
		if !tblSameSet(spans, d.Allowed) {
			t.Errorf("directive %s: Doc lists clauses %v, Allowed is %v", d.Name, tblSorted(spans), tblSorted(d.Allowed))
		}
		if d.IsCompute() && !strings.Contains(d.Doc, "Implicit data attributes") {
			t.Errorf("directive %s: compute constructs must document the implicit data attributes", d.Name)
		}
	}
}

func TestTableSnippets(t *testing.T) {
	for _, c := range Clauses() {
		text, err := tblExpandSnippet(c.Snippet)
		if err != nil {
			t.Errorf("clause %s: snippet %q: %v", c.Name, c.Snippet, err)
			continue
		}
		switch c.Arg {
		case ArgNone:
			if c.Snippet != c.Name {
				t.Errorf("clause %s: snippet %q, want the plain name", c.Name, c.Snippet)
			}
		case ArgOptIntExpr, ArgGang, ArgWorker, ArgVector, ArgWait, ArgOptCond:
			if text != c.Name && !strings.HasPrefix(text, c.Name+"(") {
				t.Errorf("clause %s: snippet %q expands to %q", c.Name, c.Snippet, text)
			}
		default:
			if !strings.HasPrefix(text, c.Name+"(") || !strings.HasSuffix(text, ")") {
				t.Errorf("clause %s: snippet %q expands to %q, want %s(...)", c.Name, c.Snippet, text, c.Name)
			}
		}
	}
	for _, d := range Directives() {
		text, err := tblExpandSnippet(d.Snippet)
		if err != nil {
			t.Errorf("directive %s: snippet %q: %v", d.Name, d.Snippet, err)
			continue
		}
		if text != d.Name && !strings.HasPrefix(text, d.Name+" ") && !strings.HasPrefix(text, d.Name+"(") {
			t.Errorf("directive %s: snippet %q expands to %q", d.Name, d.Snippet, text)
		}
		if d.ParenRequired && !strings.HasPrefix(text, d.Name+"(") {
			t.Errorf("directive %s: snippet must include the required parenthesis", d.Name)
		}
	}
	// The validator itself.
	for _, bad := range []string{"a(${1:x)", "a(${1|+,|,^|})", "a($x)", "a(${1|+,*})", "a(}", `a(\q)`} {
		if _, err := tblExpandSnippet(bad); err == nil {
			t.Errorf("tblExpandSnippet(%q) accepted an invalid snippet", bad)
		}
	}
	if got, err := tblExpandSnippet(`r(${1|\|\|,+|}:${2:v})$0`); err != nil || got != "r(||:v)" {
		t.Errorf("tblExpandSnippet = %q, %v", got, err)
	}
}

// tblExpandSnippet checks s against the LSP snippet grammar (tabstops,
// placeholders and choices; no variables) and returns the text it inserts
// when every placeholder keeps its default and every choice its first option.
func tblExpandSnippet(s string) (string, error) {
	out, rest, err := tblSnippetAny(s, false)
	if err != nil {
		return "", err
	}
	if rest != "" {
		return "", fmt.Errorf("unexpected %q", rest)
	}
	return out, nil
}

func tblSnippetAny(s string, inPlaceholder bool) (out, rest string, err error) {
	var b strings.Builder
	for len(s) > 0 {
		switch s[0] {
		case '\\':
			if len(s) < 2 || !strings.ContainsRune(`$}\`, rune(s[1])) {
				return "", "", fmt.Errorf("bad escape in %q", s)
			}
			b.WriteByte(s[1])
			s = s[2:]
		case '}':
			if !inPlaceholder {
				return "", "", fmt.Errorf("unescaped '}' in %q", s)
			}
			return b.String(), s, nil
		case '$':
			text, r, err := tblSnippetDollar(s)
			if err != nil {
				return "", "", err
			}
			b.WriteString(text)
			s = r
		default:
			b.WriteByte(s[0])
			s = s[1:]
		}
	}
	if inPlaceholder {
		return "", "", fmt.Errorf("unterminated placeholder")
	}
	return b.String(), "", nil
}

func tblSnippetDollar(s string) (text, rest string, err error) {
	digits := func(s string) (string, string) {
		i := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		return s[:i], s[i:]
	}
	s = s[1:]
	if n, r := digits(s); n != "" {
		return "", r, nil
	}
	if !strings.HasPrefix(s, "{") {
		return "", "", fmt.Errorf("'$' not followed by a tabstop in %q", s)
	}
	n, r := digits(s[1:])
	if n == "" {
		return "", "", fmt.Errorf("'${' not followed by a number")
	}
	switch {
	case strings.HasPrefix(r, "}"):
		return "", r[1:], nil
	case strings.HasPrefix(r, ":"):
		inner, r2, err := tblSnippetAny(r[1:], true)
		if err != nil {
			return "", "", err
		}
		return inner, r2[1:], nil
	case strings.HasPrefix(r, "|"):
		r = r[1:]
		var options []string
		var cur strings.Builder
		for {
			if r == "" {
				return "", "", fmt.Errorf("unterminated choice")
			}
			switch r[0] {
			case '\\':
				if len(r) < 2 || !strings.ContainsRune(`,|\`, rune(r[1])) {
					return "", "", fmt.Errorf("bad escape in choice %q", r)
				}
				cur.WriteByte(r[1])
				r = r[2:]
				continue
			case ',':
				options = append(options, cur.String())
				cur.Reset()
				r = r[1:]
				continue
			case '|':
				if !strings.HasPrefix(r, "|}") {
					return "", "", fmt.Errorf("unescaped '|' in choice %q", r)
				}
				options = append(options, cur.String())
				for _, o := range options {
					if o == "" {
						return "", "", fmt.Errorf("empty choice option")
					}
				}
				return options[0], r[2:], nil
			}
			cur.WriteByte(r[0])
			r = r[1:]
		}
	}
	return "", "", fmt.Errorf("bad tabstop %q", s)
}

func tblSameSet(a, b []string) bool {
	return slices.Equal(tblSorted(a), tblSorted(b))
}

func tblSorted(a []string) []string {
	m := map[string]bool{}
	for _, s := range a {
		m[s] = true
	}
	out := make([]string, 0, len(m))
	for s := range m {
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}

// tblSameSets compares two lists of sets, ignoring order inside and between sets.
func tblSameSets(a, b [][]string) bool {
	key := func(l [][]string) []string {
		var out []string
		for _, s := range l {
			out = append(out, strings.Join(tblSorted(s), ","))
		}
		return tblSorted(out)
	}
	return slices.Equal(key(a), key(b))
}
