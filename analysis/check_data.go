package analysis

import (
	"fmt"
	"slices"
	"strings"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/source/cfacts"
)

// dataClausesCheck compares the data clauses written on compute and data
// constructs with what the code does with the data (openacc-rules.md §9):
// pointers mapped without a sub-array, data copied in but written, copied
// out but never written, copied back although only read.
var dataClausesCheck = &Check{
	Name:  "data-clauses",
	Rules: []string{"implicit-copy-pointer-no-bounds", "copyin-written", "copyout-unwritten", "copyout-partly-written", "copy-readonly", "uninitialized-device-read", "create-written-read"},
	Model: checkDataClauses,
}

// dataUse is how the compute constructs of a scope use one variable.
type dataUse struct {
	computes []*Region
	refs     []*Ref // inside those compute constructs
	read     bool   // definite reads (elements for arrays and pointees)
	written  bool   // definite writes
	unsure   bool   // calls, taken addresses, escaping pointers: may be read or written
	deref    *Ref   // the first dereference of a pointer
	rowDeref *Ref   // the first access to a row of a pointer to pointers (p[i][j])
	write    *Ref   // the first definite write (of an alias when through it)
	// aliasWrite is set when a write goes through a pointer that gets
	// the variable's address (p = &a[i]; *p = x)
	aliasWrite bool
	read1      *Ref // the first definite read
	// derefNote says where deref is when it is another function's
	// (calleeUse): "'buf', which 'step' gets 'p' as, is dereferenced here".
	derefNote string
}

// useIn collects how the compute constructs in rs (and nested in them) use v.
func useIn(m *Model, rs []*Region, v *cfacts.Var) *dataUse {
	du := &dataUse{}
	for _, r := range rs {
		if r.Stmt == nil {
			continue
		}
		du.computes = append(du.computes, r)
		// pointers that get v's address in the construct (aliases.go):
		// their element accesses are v's, and the address they get does
		// not make v's use unsure
		sites := m.aliasSites(r.Stmt)
		aliases := aliasesOf(sites, v)
		for _, ref := range m.collectRefs(r.Stmt) {
			through := aliases[ref.Var] // an access through an alias
			if ref.Var != v && !through {
				continue
			}
			if !through {
				du.refs = append(du.refs, ref)
				if ref.Deref && du.deref == nil {
					du.deref = ref
				}
				if ref.Deref && len(ref.Index) >= 2 && du.rowDeref == nil {
					du.rowDeref = ref
				}
			}
			if (ref.Call || ref.Addr || ref.Escape) && !inAliasSite(sites, aliases, ref) {
				du.unsure = true
			}
			if ref.Member {
				continue // v.p[i]: the data v.p points to, not v's
			}
			if through {
				if !ref.Deref {
					continue // the alias's own value
				}
				if ref.Elem&AccRead != 0 {
					du.read = true
					if du.read1 == nil {
						du.read1 = ref
					}
				}
				if ref.Elem&AccWrite != 0 {
					du.written, du.aliasWrite = true, true
					if du.write == nil {
						du.write = ref
					}
				}
				continue
			}
			agg := v.Type != nil && (v.Type.Kind == cfacts.TypePointer || v.Type.IsAggregate())
			rd, wr := ref.Access&AccRead != 0, ref.Access&AccWrite != 0
			if agg {
				rd, wr = ref.Elem&AccRead != 0, ref.Elem&AccWrite != 0
				if v.Type.Kind != cfacts.TypePointer && ref.Access&AccWrite != 0 {
					wr = true // struct assigned as a whole
				}
				if v.Type.Kind != cfacts.TypePointer && ref.Access&AccRead != 0 {
					rd = true
				}
			}
			if rd {
				du.read = true
				if du.read1 == nil {
					du.read1 = ref
				}
			}
			if wr {
				du.written = true
				if du.write == nil {
					du.write = ref
				}
			}
		}
	}
	return du
}

// computesIn returns the compute regions governed by r: r itself when it is
// one, else the outermost compute regions inside it.
func computesIn(r *Region) []*Region {
	if isComputeRegion(r) {
		return []*Region{r}
	}
	var out []*Region
	var walk func(rs []*Region)
	walk = func(rs []*Region) {
		for _, c := range rs {
			if isComputeRegion(c) {
				out = append(out, c)
				continue
			}
			walk(c.Children)
		}
	}
	walk(r.Children)
	return out
}

// Computes returns every outermost compute region of the function.
func (fm *FuncModel) Computes() []*Region { return funcComputes(fm) }

// funcComputes returns every outermost compute region of a function.
func funcComputes(fm *FuncModel) []*Region {
	var out []*Region
	for _, r := range fm.Regions {
		out = append(out, computesIn(r)...)
	}
	return out
}

func checkDataClauses(p *Pass, m *Model) {
	for _, fm := range m.Funcs {
		if fm.Func == nil || fm.Func.Body == nil {
			continue
		}
		for _, r := range regionsOf(fm) {
			d := r.Directive
			if d == nil || d.Spec == nil || len(d.Errors) > 0 {
				continue
			}
			switch {
			case isComputeRegion(r) || isDataConstruct(r):
				if r.Stmt == nil {
					continue
				}
				checkClauseItems(p, m, fm, r, computesIn(r))
			case d.Spec.Name == "update" || d.Spec.Name == "enter data" || d.Spec.Name == "exit data":
				checkPointerItems(p, m, fm, r, funcComputes(fm))
			}
		}
	}
}

// pointerClauses are the clauses whose pointer items without a sub-array
// map only the pointer.
var pointerClauses = []string{"copy", "copyin", "copyout", "create", "no_create", "present", "self", "host", "device", "delete"}

// clauseItems calls f for each item of d's clauses named in names that is
// a plain variable (no member access) resolving to a C variable.
func clauseItems(m *Model, fm *FuncModel, d *acc.Directive, names []string, f func(c *acc.Clause, it *acc.Arg, v *cfacts.Var)) {
	for _, c := range d.Clauses {
		if !containsString(names, canonical(c)) || !d.Spec.Allows(canonical(c)) {
			continue
		}
		for _, it := range argItems(c) {
			if it.Var == nil || len(it.Var.Members) > 0 {
				continue
			}
			v := m.C.Lookup(fm.Func, d.Span.Start, it.Var.Name)
			if v == nil || v.Type == nil {
				continue
			}
			f(c, it, v)
		}
	}
}

// checkPointerItems reports pointer items without a sub-array on a
// standalone data directive whose pointee some compute construct of the
// function dereferences.
func checkPointerItems(p *Pass, m *Model, fm *FuncModel, r *Region, computes []*Region) {
	clauseItems(m, fm, r.Directive, pointerClauses, func(c *acc.Clause, it *acc.Arg, v *cfacts.Var) {
		if rowsWithoutRows(v, it) {
			if du := useIn(m, computes, v); du.rowDeref != nil {
				reportRowsNoBounds(p, m, r, c, it, v, du)
			}
			return
		}
		if v.Type.Kind != cfacts.TypePointer || len(it.Var.Subscripts) > 0 {
			return
		}
		du := useIn(m, computes, v)
		if du.deref == nil {
			return
		}
		reportPointerNoBounds(p, m, r, c, it, v, du, inferLengthIn(m, computesUsing(du, v), v))
	})
}

// computesUsing returns the compute regions among du's that dereference v.
func computesUsing(du *dataUse, v *cfacts.Var) []*Region {
	var out []*Region
	for _, r := range du.computes {
		for _, ref := range du.refs {
			if ref.Deref && r.Stmt != nil && inSpan(r.Stmt.Span, ref.Span) {
				out = append(out, r)
				break
			}
		}
	}
	return out
}

func reportPointerNoBounds(p *Pass, m *Model, r *Region, c *acc.Clause, it *acc.Arg, v *cfacts.Var, du *dataUse, n string) {
	name := v.Name
	toStruct := v.Type != nil && v.Type.Elem != nil && (v.Type.Elem.Kind == cfacts.TypeStruct || v.Type.Elem.Kind == cfacts.TypeUnion)
	if toStruct {
		n = "1" // one struct (compiler/lower.go dataItem)
	}
	verb := "mapped"
	if r.Directive.Spec.Name == "update" {
		verb = "updated"
	}
	example := name + "[0:n]"
	if n != "" {
		example = name + "[0:" + n + "]"
	}
	msg := fmt.Sprintf("only the pointer value of %s is %s by %s, not the data it points to; use a sub-array such as %s",
		quote(name), verb, quote(c.Name), example)
	if decl := declaredLength(m, v); decl != "" {
		n = decl
		example = name + "[0:" + n + "]"
	}
	switch dn := r.Directive.Spec.Name; {
	case IsRowsPointer(v.Type):
	case v.ArrayParamLen > 0 && canonical(c) != "present" && dn != "exit data" && dn != "update":
		unit := "elements"
		if v.Type.Elem != nil && v.Type.Elem.Kind == cfacts.TypeArray {
			unit = "rows"
		}
		msg = fmt.Sprintf("in OpenACC, %s(%s) names the pointer itself: %s is a parameter declared as an array, which C makes a pointer; accls takes the %d %s its declaration gives, other compilers may map only the pointer; %s is portable",
			c.Name, name, quote(name), v.ArrayParamLen, unit, example)
	case toStruct && canonical(c) != "present" && dn != "exit data" && dn != "update":
		msg = fmt.Sprintf("in OpenACC, %s(%s) names the pointer itself, not the struct it points to: accls and NVIDIA's compiler take the struct, other compilers may not; %s is portable",
			c.Name, name, example)
	case canonical(c) == "present":
		// accls, like NVIDIA's compiler, looks the data up (compiler/lower.go dataItem)
		msg = fmt.Sprintf("in OpenACC, present(%s) names the pointer itself, not the data it points to: accls and NVIDIA's compiler look that data up, other compilers may not; %s is portable",
			name, example)
	case dn == "exit data" || dn == "update":
		// compiler/lower.go pointeeItem
		msg = fmt.Sprintf("in OpenACC, %s(%s) in %s names the pointer itself, not the data it points to: accls acts on that data, as far as it is mapped, other compilers may not; %s is portable",
			c.Name, name, quote(dn), example)
	}
	d := Diagnostic{
		Span: it.Var.NameSpan, Rule: "implicit-copy-pointer-no-bounds",
		Message: msg,
		Related: []Related{{Span: du.deref.Span, Message: derefNote(du, name)}},
	}
	at := acc.Span{Start: it.Var.NameSpan.End, End: it.Var.NameSpan.End}
	if n != "" {
		d.Fixes = []SuggestedFix{{
			Title:     "Map " + example,
			Edits:     []TextEdit{{Span: at, NewText: "[0:" + n + "]"}},
			Preferred: true,
		}}
	} else {
		// The length is nowhere to be read: the user types it.
		d.Fixes = []SuggestedFix{{
			Title: "Map " + name + "[0:…] (type the length)",
			Edits: []TextEdit{withPlaceholder(TextEdit{Span: at, NewText: "[0:" + askMarker + "]"}, lengthPlaceholder)},
		}}
	}
	p.Report(d)
}

// declaredLength is the text of the first dimension of parameter v's
// array declarator (MAXGRID of int a[MAXGRID][MAXGRID]), "" when v is no
// such parameter.
func declaredLength(m *Model, v *cfacts.Var) string {
	if v.ArrayParamLen <= 0 || v.NameSpan.End >= len(m.Text) {
		return ""
	}
	rest := m.Text[v.NameSpan.End:]
	i := 0
	for i < len(rest) && (rest[i] == ' ' || rest[i] == '\t') {
		i++
	}
	if i >= len(rest) || rest[i] != '[' {
		return ""
	}
	end := strings.IndexByte(string(rest[i:min(len(rest), i+200)]), ']')
	if end < 0 {
		return ""
	}
	t := strings.TrimSpace(string(rest[i+1 : i+end]))
	if t == "" || !balanced(t) {
		return ""
	}
	return t
}

// rowsWithoutRows reports whether item it maps pointer to pointers (or
// array of pointers) v without its rows: v[0:n], or v itself.
func rowsWithoutRows(v *cfacts.Var, it *acc.Arg) bool {
	return IsRowsPointer(v.Type) && len(it.Var.Subscripts) < 2
}

// reportRowsNoBounds reports an item that maps the row pointers of v but
// not the rows, which some compute construct indexes (v[i][j]).
func reportRowsNoBounds(p *Pass, m *Model, r *Region, c *acc.Clause, it *acc.Arg, v *cfacts.Var, du *dataUse) {
	if canonical(c) == "present" && len(it.Var.Subscripts) == 1 {
		return // present(A[0:n]): the row pointers, with the rows attached to them where they were mapped
	}
	if len(it.Var.Subscripts) == 1 && rowsAttached(r.Func, v) {
		return // the rows are attached one by one (enter data copyin(A[i][0:m])), OpenACC's own way
	}
	name := v.Name
	verb := "maps"
	if r.Directive.Spec.Name == "update" {
		verb = "updates"
	}
	var rows, cols string
	if uses := computesUsing(du, v); len(uses) > 0 {
		rows, cols = rowsLengths(m, uses[0], v)
	} else {
		rows, cols = askMarker, askMarker
	}
	insert := "[0:" + cols + "]"
	if len(it.Var.Subscripts) == 0 {
		insert = "[0:" + rows + "]" + insert
	}
	named := func(s, n, m string) string { // the markers as n and m
		s = strings.Replace(s, "[0:"+askMarker+"][", "[0:"+n+"][", 1)
		return strings.ReplaceAll(s, askMarker, m)
	}
	msg := fmt.Sprintf("%s is a pointer to pointers: %s %s only the row pointers, host addresses, not the rows they point to; name the rows too, as in %s",
		quote(name), quote(c.Name), verb, it.Text+named(insert, "n", "m"))
	switch {
	case len(it.Var.Subscripts) > 0:
	case canonical(c) == "present":
		// accls, like NVIDIA's compiler, looks the rows up (compiler/rows.go rowsVar)
		msg = fmt.Sprintf("in OpenACC, present(%s) names the pointer itself, not the rows it points to: accls and NVIDIA's compiler look the rows up, other compilers may not; %s is portable",
			name, it.Text+named(insert, "n", "m"))
	case r.Directive.Spec.Name == "exit data":
		// the runtime takes the rows with their pointers (accrt.c data_exit)
		msg = fmt.Sprintf("in OpenACC, %s(%s) in 'exit data' names the pointer itself, not the rows it points to: accls acts on the rows and their pointers, as far as they are mapped, other compilers may not; %s is portable",
			c.Name, name, it.Text+named(insert, "n", "m"))
	}
	d := Diagnostic{
		Span: it.Var.NameSpan, Rule: "implicit-copy-pointer-no-bounds",
		Message: msg,
		Related: []Related{{Span: du.rowDeref.Span, Message: "a row of " + quote(name) + " is used here"}},
	}
	at := acc.Span{Start: it.Span.End, End: it.Span.End}
	fix := SuggestedFix{Title: "Map the rows: " + it.Text + named(insert, "…", "…")}
	if strings.Contains(insert, askMarker) {
		fix.Title += " (type the length)"
		if strings.Count(insert, askMarker) > 1 {
			fix.Title = strings.TrimSuffix(fix.Title, ")") + "s)"
		}
		fix.Edits = []TextEdit{withPlaceholder(TextEdit{Span: at, NewText: insert}, lengthPlaceholders(it.Text+insert)...)}
	} else {
		fix.Edits = []TextEdit{{Span: at, NewText: insert}}
		fix.Preferred = true
	}
	d.Fixes = []SuggestedFix{fix}
	p.Report(d)
}

// mappedAround reports whether a data construct enclosing r, an `enter
// data` / `exit data` / `update` directive of the function, or a declare names v:
// then the clauses of r do not alone decide what reaches the host.
func mappedAround(m *Model, fm *FuncModel, r *Region, v *cfacts.Var) bool {
	for p := r.Parent; p != nil; p = p.Parent {
		if (isDataConstruct(p) || isComputeRegion(p)) && p.Directive != nil {
			if c, _ := namedIn(p.Directive, v.Name, dataClauseNames...); c != nil {
				return true
			}
		}
	}
	for _, d := range fm.Directives {
		if d.Spec == nil {
			continue
		}
		switch d.Spec.Name {
		case "enter data", "exit data", "update", "declare", "host_data":
			for _, c := range d.Clauses {
				for _, it := range argItems(c) {
					if it.Var != nil && it.Var.Name == v.Name {
						return true
					}
				}
			}
		}
	}
	if c, _ := declaredBy(m, r, v); c != nil {
		return true
	}
	return false
}

// hostUse reports whether the host code of data construct r (outside its
// compute constructs) may reach v's data: v passed to a call or its
// address taken, or any call at all when v is a global or static.
func hostUse(m *Model, r *Region, computes []*Region, v *cfacts.Var) bool {
	if r.Stmt == nil {
		return true
	}
	global := v.Storage == cfacts.StorageGlobal || v.Storage == cfacts.StorageStatic || v.Storage == cfacts.StorageExtern
	for _, ref := range m.collectRefs(r.Stmt) {
		if ref.Var == v && !inAnyCompute(computes, ref.Span) && (ref.Call || ref.Addr || ref.Escape) {
			return true
		}
	}
	if global {
		for _, call := range stCalls(r.Stmt) {
			if !inAnyCompute(computes, call.Span) {
				return true
			}
		}
	}
	return false
}

// otherClauseNames reports whether a clause of d other than c, one of
// names, lists v.
func otherClauseNames(d *acc.Directive, c *acc.Clause, v *cfacts.Var, names ...string) bool {
	for _, o := range d.Clauses {
		if o == c || o.Args == nil || !slices.Contains(names, canonical(o)) {
			continue
		}
		for _, it := range o.Args.Items {
			if it.Var != nil && it.Var.Name == v.Name {
				return true
			}
		}
	}
	return false
}

// initializedByOther reports whether another clause of directive d names
// v and gives its device copy values: copy, copyin, present, no_create,
// deviceptr, or the zero modifier (copyin(x) copyout(x) is copy).
func initializedByOther(d *acc.Directive, c *acc.Clause, v *cfacts.Var) bool {
	for _, o := range d.Clauses {
		if o == c || o.Args == nil {
			continue
		}
		for _, it := range o.Args.Items {
			if it.Var == nil || it.Var.Name != v.Name {
				continue
			}
			switch canonical(o) {
			case "copy", "copyin", "present", "no_create", "deviceptr":
				return true
			case "copyout", "create":
				if o.Args.Modifier == "zero" {
					return true
				}
			}
		}
	}
	return false
}

// firstUpdate returns the first update of v's elements (of a scalar v
// itself) in the compute constructs (c[i] += e, c[i]++, c[i] = c[i] * e,
// s += e in a reduction loop, which combines with s's value): a read of the
// element before any write of it. nil when there is none, or when v is
// written some other way first (then the update may read what that wrote).
func firstUpdate(du *dataUse, v *cfacts.Var) *Ref {
	scalar := isScalarVar(v)
	for _, r := range du.refs {
		if r.Var != v || !scalar && r.Elem&AccWrite == 0 || scalar && r.Access&AccWrite == 0 {
			continue
		}
		if r.Assign == nil {
			return nil
		}
		switch {
		case r.Assign.Kind == cfacts.ExprPreInc || r.Assign.Kind == cfacts.ExprPostInc,
			r.Assign.Kind == cfacts.ExprAssign && (r.Assign.Op != "=" || readsSame(r.Assign.Y, r.Expr)):
			return r
		}
		return nil // a plain write comes first
	}
	return nil
}

// derefNote is the note at du's first dereference of pointer name.
func derefNote(du *dataUse, name string) string {
	if du.derefNote != "" {
		return du.derefNote
	}
	return quote(name) + " is dereferenced here"
}

// calleeUse is the use of pointer v by the compute constructs of a
// function of the file that statement s calls with v as an argument, when
// one of them dereferences it (the parameter's use, its deref the place to
// show); nil otherwise.
func calleeUse(m *Model, s *cfacts.Stmt, v *cfacts.Var) *dataUse {
	var found *dataUse
	stWalkExprs(s, func(e *cfacts.Expr) bool {
		if e.Kind != cfacts.ExprCall || found != nil {
			return found == nil
		}
		fm := m.calleeModel(e)
		if fm == nil {
			return true
		}
		params := fm.Func.Params
		for k, a := range e.Args {
			if a = strip(a); a == nil || a.Kind != cfacts.ExprIdent || a.Var != v || k >= len(params) {
				continue
			}
			if du := useIn(m, funcComputes(fm), params[k]); du.deref != nil {
				du.derefNote = fmt.Sprintf("%s, as which %s gets %s, is dereferenced here", quote(params[k].Name), quote(e.Name), quote(v.Name))
				found = du
			}
		}
		return found == nil
	})
	return found
}

// checkClauseItems checks the data clause items of a compute or data
// construct r against the use of the data by the compute constructs it
// governs.
func checkClauseItems(p *Pass, m *Model, fm *FuncModel, r *Region, computes []*Region) {
	d := r.Directive
	isData := !isComputeRegion(r)
	construct := quote(d.Spec.Name)
	clauseItems(m, fm, d, dataClauseNames, func(c *acc.Clause, it *acc.Arg, v *cfacts.Var) {
		du := useIn(m, computes, v)
		name := v.Name
		pointer := v.Type.Kind == cfacts.TypePointer
		switch canonical(c) {
		case "copy", "copyin", "copyout", "create", "no_create", "present":
			if rowsWithoutRows(v, it) && du.rowDeref != nil {
				reportRowsNoBounds(p, m, r, c, it, v, du)
				return
			}
			if pointer && len(it.Var.Subscripts) == 0 && du.deref != nil {
				reportPointerNoBounds(p, m, r, c, it, v, du, inferLengthIn(m, computesUsing(du, v), v))
				if v.ArrayParamLen == 0 {
					return
				}
				// an array parameter: its declared rows are mapped, and the
				// clause's other checks apply to them
			}
			if pointer && len(it.Var.Subscripts) == 0 && isData && !IsRowsPointer(v.Type) {
				// data copy(p) { f(p); }: f's compute constructs dereference it
				if cu := calleeUse(m, r.Stmt, v); cu != nil {
					reportPointerNoBounds(p, m, r, c, it, v, cu, allocationLength(m, fm.Func, v, d.Span.Start))
					return
				}
			}
		}
		if pointer && len(it.Var.Subscripts) == 0 && v.ArrayParamLen == 0 {
			return // the pointer itself: nothing more to say (an array parameter's rows are mapped: compiler/lower.go)
		}
		if du.unsure || (isData && hostUse(m, r, computes, v)) || mappedAround(m, fm, r, v) {
			return
		}
		switch canonical(c) {
		case "copyin":
			if !du.written || otherClauseNames(d, c, v, "copy", "copyout") {
				return // (copyin(x) copyout(x) is copy(x))
			}
			p.Report(Diagnostic{
				Span: it.Var.NameSpan, Rule: "copyin-written",
				Message: fmt.Sprintf("%s is written in this %s but only copied in: the results stay on the device and are lost; use copy (or copyout)",
					quote(name), construct),
				Related: []Related{{Span: du.write.Site(), Message: writtenHere(name, du.write)}},
				Fixes:   []SuggestedFix{preferred(changeClauseFix(m.Text, d, c, it, "copy"))},
			})
		case "copyout", "create":
			if c.Args.Modifier == "zero" {
				return // zeroed device memory
			}
			if upd := firstUpdate(du, v); upd != nil && !initializedByOther(d, c, v) {
				// c[i] += e reads the element first: the new device copy
				// holds no values yet
				fix := "copy"
				if canonical(c) == "create" {
					fix = "copyin"
				}
				what, upd1 := "the element", upd.Expr
				if isScalarVar(v) && upd.Assign != nil {
					what, upd1 = "the variable", upd.Assign // (a reduction combines its result with that value)
				}
				p.Report(Diagnostic{
					Span: it.Var.NameSpan, Rule: "uninitialized-device-read",
					Message: fmt.Sprintf("%s is %s in this %s, so its device copy starts uninitialized, but the update of %s reads %s before anything writes it; use %s (or %s(zero: ...) for zeros)",
						quote(name), canonical(c), construct, quote(exprSource(m, upd1)), what, fix, canonical(c)),
					Related: []Related{{Span: upd.Site(), Message: what + " is read and updated here"}},
					Fixes:   []SuggestedFix{preferred(changeClauseFix(m.Text, d, c, it, fix))},
				})
				return
			}
			if canonical(c) == "create" {
				if !du.written || otherClauseNames(d, c, v, "copy", "copyout") {
					return
				}
				if rd := readAfter(m, fm, r, v); rd != nil {
					// the results stay on the device, but the host reads
					// them after the construct
					p.Report(Diagnostic{
						Span: it.Var.NameSpan, Rule: "create-written-read",
						Message: fmt.Sprintf("%s is written in this %s but only created: the results stay on the device and are lost at its end, yet the host reads %s afterwards; use copyout",
							quote(name), construct, quote(name)),
						Related: []Related{
							{Span: du.write.Site(), Message: writtenHere(name, du.write)},
							{Span: rd.Span, Message: "the host reads it here"},
						},
						Fixes: []SuggestedFix{preferred(changeClauseFix(m.Text, d, c, it, "copyout"))},
					})
				}
				return
			}
			if du.written && !otherClauseNames(d, c, v, "copyin", "copy") {
				reportPartialCopyout(p, m, fm, d, c, it, v, du, construct) // check_copyout_partial.go
			}
			if du.written || len(du.computes) == 0 {
				return
			}
			diag := Diagnostic{
				Span: it.Var.NameSpan, Rule: "copyout-unwritten",
				Message: fmt.Sprintf("%s is copied out but this %s never writes it: the host data is overwritten with the uninitialized device copy",
					quote(name), construct),
			}
			if du.read {
				diag.Message += "; it is only read, so copyin was probably meant"
				diag.Related = []Related{{Span: du.read1.Site(), Message: quote(name) + " is read here"}}
				diag.Fixes = []SuggestedFix{changeClauseFix(m.Text, d, c, it, "copyin")}
			} else if len(du.refs) == 0 {
				diag.Fixes = []SuggestedFix{{Title: "Remove " + quote(it.Text), Edits: []TextEdit{removeItem(m.Text, d, c, it)}}}
			}
			p.Report(diag)
		case "copy":
			if du.written || !du.read {
				return
			}
			p.Report(Diagnostic{
				Span: it.Var.NameSpan, Rule: "copy-readonly",
				Message: fmt.Sprintf("%s is only read in this %s; copyin avoids copying it back to the host", quote(name), construct),
				Related: []Related{{Span: du.read1.Site(), Message: quote(name) + " is read here"}},
				Fixes:   []SuggestedFix{preferred(changeClauseFix(m.Text, d, c, it, "copyin"))},
			})
		}
	})
}

func preferred(f SuggestedFix) SuggestedFix {
	f.Preferred = true
	return f
}

// writtenHere is the note at a write of name: "'a' is written here", or
// "'a' is written here, through 'p'" for a write through a pointer that
// holds its address (aliases.go).
func writtenHere(name string, w *Ref) string {
	if w.Var.Name != name {
		return quote(name) + " is written here, through " + quote(w.Var.Name)
	}
	return quote(name) + " is written here"
}

// isScalarVar reports whether v is a number (not an array, pointer or
// struct).
func isScalarVar(v *cfacts.Var) bool {
	if v.Type == nil {
		return false
	}
	switch v.Type.Kind {
	case cfacts.TypeInt, cfacts.TypeFloat, cfacts.TypeComplex:
		return true
	}
	return false
}

// readAfter returns the host's first reference to v's data after construct
// r in its function when it is a read (nil when the host writes the data
// first, does not use it, or passes it to a function, which may do either).
// It reads the statements after r, block by block outwards, and stops at
// the first reference.
func readAfter(m *Model, fm *FuncModel, r *Region, v *cfacts.Var) *Ref {
	scalar := isScalarVar(v)
	var found *Ref
	refsAfter(m, fm, r, v, func(ref *Ref) bool {
		if ref.Call || ref.Addr || ref.Escape {
			return false
		}
		a := ref.Elem
		switch {
		case scalar:
			a = ref.Access
		case IsRowsPointer(v.Type) && len(ref.Index) < 2:
			return true // a row pointer (free(A[i])), not the rows' data
		}
		switch {
		case a&AccRead != 0:
			found = ref
			return false
		case a&AccWrite != 0:
			return false
		}
		return true
	})
	return found
}

// refsAfter calls f with the host's references to v after construct r in
// its function, in order, block by block outwards, while f returns true.
func refsAfter(m *Model, fm *FuncModel, r *Region, v *cfacts.Var, f func(*Ref) bool) {
	if fm == nil || fm.Func == nil || fm.Func.Body == nil || r.Stmt == nil {
		return
	}
	for s := r.Stmt; s != nil && s != fm.Func.Body && s.Parent != nil; s = s.Parent {
		if s.Parent.Kind != cfacts.StmtCompound {
			continue
		}
		after := false
		for _, sib := range s.Parent.List {
			if !after {
				after = sib == s
				continue
			}
			if !stmtMentions(sib, v) {
				continue // (no references to build)
			}
			for _, ref := range m.collectRefs(sib) {
				if ref.Var == v && !f(ref) {
					return
				}
			}
		}
	}
}

// rowsAttached reports whether a data directive of the function maps one
// row of pointer to pointers v (v[i][lo:n], the first subscript an index):
// the rows attach to the row pointers that another clause maps.
func rowsAttached(fm *FuncModel, v *cfacts.Var) bool {
	if fm == nil {
		return false
	}
	for _, d := range fm.Directives {
		for _, c := range d.Clauses {
			switch canonical(c) {
			case "copy", "copyin", "create", "copyout":
			default:
				continue
			}
			for _, it := range argItems(c) {
				if it.Var != nil && it.Var.Name == v.Name && len(it.Var.Subscripts) == 2 && !it.Var.Subscripts[0].Section {
					return true
				}
			}
		}
	}
	return false
}

// stmtMentions reports whether an identifier of s names v.
func stmtMentions(s *cfacts.Stmt, v *cfacts.Var) bool {
	found := false
	stWalkExprs(s, func(e *cfacts.Expr) bool {
		found = found || e.Kind == cfacts.ExprIdent && e.Var == v
		return !found
	})
	return found
}
