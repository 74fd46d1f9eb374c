package hover

import (
	"regexp"
	"slices"
	"strings"

	"github.com/accls/accls/acc"
)

// SpecURL is the page of the OpenACC specification.
const SpecURL = "https://www.openacc.org/specification"

// Overview is the hover on `#pragma` / `acc`: what OpenACC is and its directives.
func Overview() string {
	var b strings.Builder
	b.WriteString("#### OpenACC\n\n")
	b.WriteString("OpenACC is a directive-based programming model: `#pragma acc` lines tell the compiler which loops and regions to run on an accelerator (typically a GPU) and which data to move there. A compiler without OpenACC support ignores them, so the program stays valid C.\n\n")
	b.WriteString("```c\n#pragma acc directive-name [clause [[,] clause]...]\n```\n\n")
	groups := []struct {
		label string
		names []string
	}{
		{"compute", []string{"parallel", "serial", "kernels"}},
		{"loops", []string{"loop", "parallel loop", "serial loop", "kernels loop"}},
		{"data", []string{"data", "enter data", "exit data", "update", "host_data", "declare"}},
		{"other", []string{"atomic", "cache", "routine", "wait", "init", "shutdown", "set"}},
	}
	for _, g := range groups {
		var names []string
		for _, n := range g.names {
			if acc.LookupDirective(n) != nil {
				names = append(names, n)
			}
		}
		if len(names) > 0 {
			b.WriteString("- " + g.label + ": " + codeList(names, ", ") + "\n")
		}
	}
	b.WriteString("\n[OpenACC 3.3 specification](" + SpecURL + ")\n")
	return b.String()
}

// kindOf names the kind of directive d is, for headings.
func kindOf(d *acc.DirectiveSpec) string {
	switch {
	case d.IsCompute() && len(d.Leaves) > 0:
		return "combined construct"
	case d.IsCompute():
		return "compute construct"
	}
	switch d.Assoc {
	case acc.AssocBlock, acc.AssocLoop:
		return "construct"
	case acc.AssocStandalone:
		return "executable directive"
	case acc.AssocDeclarative:
		return "declarative directive"
	}
	return "directive"
}

// DirectiveSyntax is the directive's synopsis as in the specification, one
// or two lines of C: `#pragma acc parallel [clause-list]` and what follows it.
func DirectiveSyntax(d *acc.DirectiveSpec) string {
	s := "#pragma acc " + d.Name
	if d.Paren != acc.ArgNone {
		arg := "(" + parenSyntax(d) + ")"
		if !d.ParenRequired {
			arg = "[" + arg + "]"
		}
		s += arg
	}
	switch {
	case d.Name == "atomic":
		return s + " [" + strings.Join(d.Allowed, " | ") + "]\nstatement"
	case len(d.Required) > 0:
		s += " clause-list"
	case len(d.Allowed) > 0:
		s += " [clause-list]"
	}
	switch d.Assoc {
	case acc.AssocBlock:
		s += "\nstructured-block"
	case acc.AssocLoop:
		s += "\nfor-loop"
	}
	return s
}

func parenSyntax(d *acc.DirectiveSpec) string {
	switch d.Paren {
	case acc.ArgVarList:
		if d.Name == "cache" {
			return "[readonly:] var-list"
		}
		return "var-list"
	case acc.ArgWait:
		return "[devnum: int-expr :] [queues:] int-expr-list"
	case acc.ArgName:
		return "name"
	}
	return argSyntax(d.Paren, nil)
}

func assocLine(d *acc.DirectiveSpec) string {
	switch d.Name {
	case "routine":
		return "the function declared or defined right after it, or the function named in parentheses; it makes a device version of that function, callable from compute regions."
	case "declare":
		return "the variables in its clauses, for the lifetime of the scope it is in: the function, or the whole program at file scope."
	case "atomic":
		return "the single C statement that follows (for `capture`, possibly a `{ … }` block of two statements)."
	case "cache":
		return "nothing; it must be at the top of a loop body, and applies to that loop's iterations."
	}
	switch d.Assoc {
	case acc.AssocBlock:
		return "the structured block that follows: one statement, or a `{ … }` block."
	case acc.AssocLoop:
		return "the `for` loop that follows (with `collapse` or `tile`, the nest of loops)."
	case acc.AssocStandalone:
		return "nothing; it is an executable statement that acts where it appears."
	case acc.AssocDeclarative:
		return "the declaration that follows."
	}
	return ""
}

// clauseGroups names the groups clause lists are shown in, in order.
var clauseGroups = []string{"data", "parallelism", "private / reduction", "other"}

var groupOf = map[string]string{
	"copy": "data", "copyin": "data", "copyout": "data", "create": "data", "no_create": "data",
	"present": "data", "deviceptr": "data", "attach": "data", "detach": "data", "delete": "data",
	"use_device": "data", "device_resident": "data", "link": "data", "host": "data", "device": "data",
	"num_gangs": "parallelism", "num_workers": "parallelism", "vector_length": "parallelism",
	"gang": "parallelism", "worker": "parallelism", "vector": "parallelism", "seq": "parallelism",
	"independent": "parallelism", "auto": "parallelism", "collapse": "parallelism", "tile": "parallelism",
	"private": "private / reduction", "firstprivate": "private / reduction", "reduction": "private / reduction",
}

// clauseGroup returns the group clause belongs to on directive d.
func clauseGroup(clause string, d *acc.DirectiveSpec) string {
	if g, ok := groupOf[clause]; ok {
		return g
	}
	if clause == "self" && d != nil && d.Name == "update" {
		return "data"
	}
	if c, _ := acc.LookupClause(clause); c != nil && c.Data != nil {
		return "data"
	}
	return "other"
}

// clauseOrder is the order clauses are listed in within a group: the usual
// ones first.
var clauseOrder = []string{
	"copyin", "copyout", "copy", "create", "present", "no_create", "deviceptr", "attach",
	"delete", "detach", "use_device", "device_resident", "link", "host", "device",
	"num_gangs", "num_workers", "vector_length", "gang", "worker", "vector", "seq",
	"independent", "auto", "collapse", "tile",
	"private", "firstprivate", "reduction",
	"if", "self", "async", "wait", "default", "device_type", "finalize", "if_present",
	"bind", "nohost", "device_num", "default_async", "read", "write", "update", "capture",
}

func sortClauses(names []string) []string {
	out := slices.Clone(names)
	rank := func(s string) int {
		if i := slices.Index(clauseOrder, s); i >= 0 {
			return i
		}
		return len(clauseOrder)
	}
	slices.SortStableFunc(out, func(a, b string) int { return rank(a) - rank(b) })
	return out
}

// orderOn sorts clause names for display on d.
func orderOn(d *acc.DirectiveSpec, names []string) []string {
	out := sortClauses(names)
	if d.Name == "update" {
		// There self is the usual spelling of host: list it with its peers.
		out = slices.DeleteFunc(out, func(c string) bool { return c == "self" })
		if i := slices.Index(out, "host"); i >= 0 {
			out = slices.Insert(out, i, "self")
		}
	}
	return out
}

// sameSet reports whether a and b hold the same names.
func sameSet(a, b []string) bool { return len(a) == len(b) && subset(a, b) }

// subset reports whether every name of a is in b.
func subset(a, b []string) bool {
	for _, s := range a {
		if !slices.Contains(b, s) {
			return false
		}
	}
	return true
}

// DirectiveMarkdown is the hover of a directive name.
func DirectiveMarkdown(d *acc.DirectiveSpec) string {
	var b strings.Builder
	b.WriteString("#### `#pragma acc " + d.Name + "` — " + kindOf(d) + "\n\n")
	if d.Summary != "" {
		b.WriteString(sentence(d.Summary) + "\n\n")
	}
	b.WriteString("```c\n" + DirectiveSyntax(d) + "\n```\n\n")
	_, body, clausesPara := splitDirectiveDoc(d)
	if len(body) > 0 {
		b.WriteString(body[0] + "\n\n")
		body = body[1:]
	}
	if line := assocLine(d); line != "" {
		b.WriteString("**Applies to:** " + line)
		if d.FileScope {
			b.WriteString(" May appear at file scope or inside a function.")
		}
		b.WriteString("\n\n")
	}
	b.WriteString(clauseList(d))
	if clausesPara != "" {
		b.WriteString(clausesPara + "\n\n")
	}
	for _, p := range body {
		b.WriteString(p + "\n\n")
	}
	b.WriteString(sectionLine(d.Section))
	return b.String()
}

// splitDirectiveDoc splits a directive's Doc into its syntax paragraph, the
// other paragraphs, and the "Clauses:" paragraph when it says more than the
// list the hover shows (combined constructs explain where clauses apply).
func splitDirectiveDoc(d *acc.DirectiveSpec) (syntax string, body []string, clauses string) {
	syntax, paras, _ := splitDoc(d.Doc)
	for _, p := range paras {
		if strings.HasPrefix(p, "Clauses:") {
			if len(d.Leaves) > 0 {
				clauses = p
			}
			continue
		}
		body = append(body, p)
	}
	return syntax, body, clauses
}

// clauseList is the hover's list of the clauses d accepts, grouped, with
// the once-only ones marked, the required ones and the device_type follow set.
func clauseList(d *acc.DirectiveSpec) string {
	if d.Name == "atomic" {
		return "**Clauses:** at most one of " + codeList(d.Allowed, ", ") + "; none means `update`.\n\n"
	}
	if len(d.Allowed) == 0 {
		if d.Paren != acc.ArgNone {
			return "**Clauses:** none; only the parenthesised argument.\n\n"
		}
		return "**Clauses:** none.\n\n"
	}
	var b strings.Builder
	b.WriteString("**Clauses**\n")
	groups := map[string][]string{}
	once, perSection := false, false
	for _, c := range orderOn(d, d.Allowed) {
		label := "`" + c + "`"
		switch {
		case slices.Contains(d.Once, c):
			label += "¹"
			once = true
		case slices.Contains(d.OncePerDeviceType, c):
			label += "²"
			perSection = true
		}
		g := clauseGroup(c, d)
		groups[g] = append(groups[g], label)
	}
	for _, g := range clauseGroups {
		if len(groups[g]) > 0 {
			b.WriteString("- " + g + ": " + strings.Join(groups[g], ", ") + "\n")
		}
	}
	b.WriteString("\n")
	var notes []string
	if once {
		notes = append(notes, "¹ at most once")
	}
	if perSection {
		notes = append(notes, "² at most once per `device_type` section")
	}
	if len(notes) > 0 {
		b.WriteString(strings.Join(notes, " · ") + "\n\n")
	}
	switch {
	case len(d.Required) == 0:
	case len(d.Required) == 1:
		b.WriteString("**Required:** " + codeList(d.Required, "") + "\n\n")
	case sameSet(d.Required, d.Allowed):
		b.WriteString("**Required:** at least one clause\n\n")
	case slices.ContainsFunc(d.Exclusive, func(set []string) bool { return sameSet(set, d.Required) }):
		b.WriteString("**Required:** exactly one of " + codeList(orderOn(d, d.Required), ", ") + "\n\n")
	default:
		b.WriteString("**Required:** at least one of " + codeList(orderOn(d, d.Required), ", ") + "\n\n")
	}
	// On init, shutdown and set every clause may follow device_type, which
	// selects the device rather than starting a section: say nothing then.
	if d.Allows("device_type") && !subset(d.Allowed, append([]string{"device_type"}, d.AfterDeviceType...)) {
		var after []string
		for _, c := range d.AfterDeviceType {
			if c != "device_type" {
				after = append(after, c)
			}
		}
		if len(after) > 0 {
			b.WriteString("**After `device_type`:** only " + codeList(sortClauses(after), ", ") + "\n\n")
		} else {
			b.WriteString("**After `device_type`:** no clause\n\n")
		}
	}
	if d.FileScopeClauses != nil {
		b.WriteString("**At file scope:** only " + codeList(d.FileScopeClauses, ", ") + "\n\n")
	}
	return b.String()
}

// Where is the place a clause is used, for ClauseMarkdown.
type Where struct {
	// Directive is the directive the clause is on; nil when unknown.
	Directive *acc.DirectiveSpec
	// AfterDeviceType is set when the clause follows a device_type clause.
	AfterDeviceType bool
	// FileScope is set when the directive is at file scope.
	FileScope bool
}

// ClauseMarkdown is the hover of a clause name. alias is the alias spelling
// used, nil for the canonical name.
func ClauseMarkdown(c *acc.ClauseSpec, alias *acc.Alias, w Where) string {
	var b strings.Builder
	d := w.Directive
	dname := ""
	if d != nil {
		dname = d.Name
	}
	if alias != nil {
		b.WriteString("#### `" + alias.Name + "` → `" + c.Name + "` clause\n\n")
		if alias.Deprecated {
			b.WriteString("`" + alias.Name + "` is a **deprecated** spelling of `" + c.Name + "`, kept from OpenACC 2.0; it behaves exactly like `" + c.Name + "`. Write `" + c.Name + "` instead.\n\n")
		} else {
			b.WriteString("`" + alias.Name + "` is an alias of `" + c.Name + "`.\n\n")
		}
	} else {
		b.WriteString("#### `" + c.Name + "` clause\n\n")
	}
	if c.Summary != "" {
		b.WriteString(sentence(c.Summary) + "\n\n")
	}
	b.WriteString("```c\n" + ClauseSyntax(c, dname) + "\n```\n\n")
	// Where the clause is, when it is misplaced, comes first; when it is
	// fine, last.
	_, body, allowedPara := splitDoc(c.Doc)
	var on placement
	if d != nil {
		on = allowedLine(c, w)
		if on.misplaced || !on.allowed {
			b.WriteString(on.line + "\n\n")
		}
		if !on.allowed {
			if allowedPara != "" {
				b.WriteString(allowedPara + "\n\n")
			} else if where := AllowedOn(c.Name); len(where) > 0 {
				b.WriteString("Allowed on " + codeList(where, ", ") + ".\n\n")
			}
		}
	}
	if alias == nil {
		if line := aliasLine(c); line != "" {
			b.WriteString(line + "\n\n")
		}
	}
	if note := ArgNote(c, dname); note != "" {
		b.WriteString(note + "\n\n")
	}
	for _, p := range body {
		b.WriteString(p + "\n\n")
	}
	if c.Data != nil {
		b.WriteString(DataMarkdown(c, d))
	}
	switch {
	case d != nil && on.allowed && !on.misplaced:
		b.WriteString(on.line + "\n\n")
	case d == nil && allowedPara != "":
		b.WriteString(allowedPara + "\n\n")
	}
	b.WriteString(sectionLine(c.Section))
	return b.String()
}

// aliasLine lists the other spellings of c, "" when there are none.
func aliasLine(c *acc.ClauseSpec) string {
	var dep, plain []string
	for _, a := range c.Aliases {
		if a.Deprecated {
			dep = append(dep, a.Name)
		} else {
			plain = append(plain, a.Name)
		}
	}
	var parts []string
	if len(plain) > 0 {
		parts = append(parts, "Alias: "+codeList(plain, ", ")+".")
	}
	if len(dep) > 0 {
		parts = append(parts, "Deprecated aliases: "+codeList(dep, ", ")+".")
	}
	return strings.Join(parts, " ")
}

// splitDoc splits a table Doc into its leading syntax paragraph (one that
// starts with a code span), its "Allowed on …" paragraph and the rest.
func splitDoc(doc string) (syntax string, body []string, allowed string) {
	doc = strings.TrimSpace(doc)
	if doc == "" {
		return "", nil, ""
	}
	for i, p := range strings.Split(doc, "\n\n") {
		p = strings.TrimSpace(p)
		switch {
		case p == "":
		case i == 0 && strings.HasPrefix(p, "`"):
			syntax = p
		case allowed == "" && strings.HasPrefix(p, "Allowed on"):
			allowed = p
		default:
			body = append(body, p)
		}
	}
	return syntax, body, allowed
}

// placement is what allowedLine found.
type placement struct {
	line      string
	allowed   bool // the directive accepts the clause
	misplaced bool // but not where it is (after device_type, at file scope)
}

// allowedLine says whether c may appear where it is, and if not, where it may.
func allowedLine(c *acc.ClauseSpec, w Where) placement {
	d := w.Directive
	on := "**On `" + d.Name + "`:** "
	if !d.Allows(c.Name) {
		return placement{line: on + "not allowed."}
	}
	if w.FileScope && d.FileScopeClauses != nil && !slices.Contains(d.FileScopeClauses, c.Name) {
		return placement{line: on + "not allowed at file scope (only " + codeList(d.FileScopeClauses, ", ") + "); allowed inside a function.", allowed: true, misplaced: true}
	}
	if w.AfterDeviceType && c.Name != "device_type" && !d.AllowsAfterDeviceType(c.Name) {
		var after []string
		for _, a := range sortClauses(d.AfterDeviceType) {
			if a != "device_type" {
				after = append(after, a)
			}
		}
		if len(after) == 0 {
			return placement{line: on + "allowed, but not after `device_type` (no clause may follow it here).", allowed: true, misplaced: true}
		}
		return placement{line: on + "allowed, but not after `device_type`; only " + codeList(after, ", ") + " may follow it.", allowed: true, misplaced: true}
	}
	var notes []string
	switch {
	case slices.Contains(d.Once, c.Name):
		notes = append(notes, "at most once")
	case slices.Contains(d.OncePerDeviceType, c.Name):
		notes = append(notes, "at most once per `device_type` section")
	}
	var others []string
	for _, set := range d.Exclusive {
		if slices.Contains(set, c.Name) {
			for _, o := range set {
				if o != c.Name && !slices.Contains(others, o) {
					others = append(others, o)
				}
			}
		}
	}
	if len(others) > 0 {
		notes = append(notes, "not together with "+orList(others)+" (in one `device_type` section)")
	}
	if slices.Contains(d.Required, c.Name) && len(d.Required) <= 3 {
		if len(d.Required) == 1 {
			notes = append(notes, "required")
		} else {
			notes = append(notes, "one of "+codeList(d.Required, ", ")+" is required")
		}
	}
	if len(notes) == 0 {
		return placement{line: on + "allowed.", allowed: true}
	}
	return placement{line: on + "allowed; " + strings.Join(notes, "; ") + ".", allowed: true}
}

// AllowedOn lists the directives that accept the canonical clause name, in table order.
func AllowedOn(clause string) []string {
	var out []string
	for _, d := range acc.Directives() {
		if d.Allows(clause) {
			out = append(out, d.Name)
		}
	}
	return out
}

// DataMarkdown explains what data clause c does, adapted to directive d:
// on `enter data` only the entry action, on `exit data` only the exit action
// (both with the dynamic reference counter), on structured constructs both
// (structured reference counter), on `declare` at scope entry and exit.
func DataMarkdown(c *acc.ClauseSpec, d *acc.DirectiveSpec) string {
	a := c.Data
	if a == nil || a.Entry == "" && a.Exit == "" {
		return ""
	}
	name := ""
	if d != nil && d.Allows(c.Name) {
		name = d.Name
	}
	var b strings.Builder
	item := func(when, what string) {
		if what != "" {
			b.WriteString("- **" + when + ":** " + what + "\n")
		}
	}
	switch name {
	case "enter data":
		b.WriteString("**Data movement** (dynamic reference counter)\n")
		item("at the `enter data` directive", adaptData(a.Entry, dynamicLifetime))
		b.WriteString("\nThe data stays on the device until an `exit data` directive brings its dynamic reference counter back to zero.\n\n")
	case "exit data":
		b.WriteString("**Data movement** (dynamic reference counter)\n")
		item("at the `exit data` directive", adaptData(a.Exit, dynamicLifetime))
		b.WriteString("\n")
	case "declare":
		b.WriteString("**Data movement** (the scope of the declaration is an implicit data region)\n")
		item("when the scope is entered", adaptData(a.Entry, structuredLifetime))
		item("when the scope is exited", adaptData(a.Exit, structuredLifetime))
		b.WriteString("\nAt file scope the region is the whole program.\n\n")
	default:
		b.WriteString("**Data movement** (structured reference counter)\n")
		item("at region entry", adaptData(a.Entry, structuredLifetime))
		item("at region exit", adaptData(a.Exit, structuredLifetime))
		b.WriteString("\n")
	}
	return b.String()
}

type lifetime int

const (
	structuredLifetime lifetime = iota // data and compute constructs, declare
	dynamicLifetime                    // enter data, exit data
)

var (
	// "(on `enter data`: the dynamic one)" and the like, in Data texts that
	// describe both lifetimes.
	dynamicAside  = regexp.MustCompile(` ?\(on ` + "`" + `(?:enter|exit) data` + "`" + `: [^)]*\)`)
	dynamicSwitch = regexp.MustCompile(`the structured reference counter \(on ` + "`" + `(?:enter|exit) data` + "`" + `: the dynamic (?:one|counter)(, which ` + "`finalize`" + ` sets to zero instead)?\)`)
)

// adaptData keeps the part of a DataAction text that applies to the given
// lifetime, so the hover speaks of one reference counter only. Texts that do
// not follow the table's phrasing come back unchanged (they are still right,
// only less specific).
func adaptData(text string, l lifetime) string {
	text = strings.TrimSpace(text)
	if l == dynamicLifetime {
		text = dynamicSwitch.ReplaceAllStringFunc(text, func(m string) string {
			if strings.Contains(m, "finalize") {
				return "the dynamic reference counter (`finalize` sets it to zero instead)"
			}
			return "the dynamic reference counter"
		})
	} else {
		text = dynamicAside.ReplaceAllString(text, "")
	}
	var out []string
	for _, s := range sentences(text) {
		switch l {
		case structuredLifetime:
			if strings.HasPrefix(s, "After `enter data") || strings.HasPrefix(s, "`enter data") ||
				strings.HasPrefix(s, "On `exit data`") || strings.HasPrefix(s, "On `enter data`") {
				continue
			}
			s = capitalize(strings.TrimPrefix(s, "On structured constructs: "))
		case dynamicLifetime:
			if strings.HasPrefix(s, "On structured constructs") {
				continue
			}
			s = strings.TrimPrefix(s, "On `exit data`, ")
			s = capitalize(strings.TrimPrefix(s, "On `enter data`, "))
		}
		out = append(out, s)
	}
	return sentence(strings.Join(out, " "))
}

// sentences splits text after each ". " that is followed by a capital
// letter or a code span.
func sentences(text string) []string {
	var out []string
	start := 0
	for i := 0; i+2 < len(text); i++ {
		if text[i] == '.' && text[i+1] == ' ' {
			if n := text[i+2]; 'A' <= n && n <= 'Z' || n == '`' {
				out = append(out, text[start:i+1])
				start = i + 2
			}
		}
	}
	if start < len(text) {
		out = append(out, text[start:])
	}
	return out
}

func capitalize(s string) string {
	if s != "" && 'a' <= s[0] && s[0] <= 'z' {
		return string(s[0]-'a'+'A') + s[1:]
	}
	return s
}

// ClauseSyntax is the clause's synopsis on the named directive ("" when
// unknown), e.g. `copyin([readonly:] var-list)`.
func ClauseSyntax(c *acc.ClauseSpec, directive string) string {
	if directive == "routine" {
		switch c.Name {
		case "gang":
			return "gang[(dim: int-expr)]"
		case "worker", "vector":
			return c.Name
		}
	}
	return c.Name + argSyntax(c.ArgFor(directive), ModifiersOn(c, directive))
}

// ModifiersOn returns the list modifiers c accepts on the named directive:
// its Modifiers, except `zero:` on `declare` (OpenACC 3.3 §2.13).
func ModifiersOn(c *acc.ClauseSpec, directive string) []string {
	if directive == "declare" {
		return slices.DeleteFunc(slices.Clone(c.Modifiers), func(m string) bool { return m == "zero" })
	}
	return c.Modifiers
}

func argSyntax(k acc.ArgKind, mods []string) string {
	modPrefix := ""
	if len(mods) > 0 {
		modPrefix = "[" + strings.Join(mods, " | ") + ":] "
	}
	switch k {
	case acc.ArgNone:
		return ""
	case acc.ArgCond:
		return "(condition)"
	case acc.ArgOptCond:
		return "[(condition)]"
	case acc.ArgIntExpr:
		return "(int-expr)"
	case acc.ArgOptIntExpr:
		return "[(int-expr)]"
	case acc.ArgIntExprList:
		return "(int-expr-list)"
	case acc.ArgVarList:
		return "(" + modPrefix + "var-list)"
	case acc.ArgReduction:
		return "(operator: var-list)"
	case acc.ArgGang:
		return "[(gang-arg-list)]"
	case acc.ArgWorker:
		return "[([num:] int-expr)]"
	case acc.ArgVector:
		return "[([length:] int-expr)]"
	case acc.ArgWait:
		return "[([devnum: int-expr :] [queues:] int-expr-list)]"
	case acc.ArgDeviceType:
		return "(* | device-type-list)"
	case acc.ArgDefault:
		return "(none | present)"
	case acc.ArgConstInt:
		return "(" + modPrefix + "n)"
	case acc.ArgTile:
		return "(size[, size]…)"
	case acc.ArgBind:
		return "(name | \"string\")"
	case acc.ArgName:
		return "(name)"
	}
	return "(…)"
}

// ArgNote explains the placeholders of the clause's synopsis that the
// table's Doc does not, "" when none needs it.
func ArgNote(c *acc.ClauseSpec, directive string) string {
	switch c.ArgFor(directive) {
	case acc.ArgReduction:
		if c.Doc != "" {
			return ""
		}
		ops := make([]string, len(Operators))
		for i, o := range Operators {
			ops[i] = o.Op
		}
		return "`operator` is one of " + codeList(ops, " ") + "."
	case acc.ArgGang:
		if directive != "routine" && c.Doc == "" {
			return "Each gang argument is `[num:] int-expr`, `dim: int-expr` or `static: int-expr|*`."
		}
	case acc.ArgTile:
		return "Each size is a positive integer constant or `*`."
	case acc.ArgConstInt:
		if c.Doc == "" {
			return "`n` is a positive integer constant."
		}
	}
	return ""
}

// orList is "`a`, `b` or `c`".
func orList(list []string) string {
	if len(list) == 1 {
		return codeList(list, "")
	}
	return codeList(list[:len(list)-1], ", ") + " or " + codeList(list[len(list)-1:], "")
}

func sectionLine(sec string) string {
	if sec == "" {
		return ""
	}
	return "*OpenACC 3.3 §" + sec + "*\n"
}

func codeList(list []string, sep string) string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = "`" + s + "`"
	}
	return strings.Join(out, sep)
}

// sentence trims s and makes it end with a full stop.
func sentence(s string) string {
	s = capitalize(strings.TrimSpace(s))
	if s == "" || strings.ContainsAny(s[len(s)-1:], ".!?:") {
		return s
	}
	return s + "."
}

// ClauseBrief documents a clause in a completion list: its synopsis on the
// named directive, the table's explanation (without the synopsis and
// "Allowed on" paragraphs, which the list makes obvious) and its section.
func ClauseBrief(c *acc.ClauseSpec, directive string) string {
	var b strings.Builder
	b.WriteString("```c\n" + ClauseSyntax(c, directive) + "\n```\n\n")
	_, body, _ := splitDoc(c.Doc)
	for _, p := range body {
		b.WriteString(p + "\n\n")
	}
	if len(body) == 0 && c.Summary != "" {
		b.WriteString(sentence(c.Summary) + "\n\n")
	}
	b.WriteString(sectionLine(c.Section))
	return b.String()
}

// DirectiveBrief documents a directive in a completion list: its synopsis,
// summary and explanation, without the clause lists of the hover.
func DirectiveBrief(d *acc.DirectiveSpec) string {
	var b strings.Builder
	b.WriteString("```c\n" + DirectiveSyntax(d) + "\n```\n\n")
	if d.Summary != "" {
		b.WriteString(sentence(d.Summary) + "\n\n")
	}
	if _, body, _ := splitDirectiveDoc(d); len(body) > 0 {
		b.WriteString(body[0] + "\n\n")
	}
	b.WriteString(sectionLine(d.Section))
	return b.String()
}
