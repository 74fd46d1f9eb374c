package analysis

import (
	"fmt"
	"slices"
	"strings"

	"github.com/accls/accls/acc"
)

// argumentsCheck enforces the argument rules that need no C semantics
// (openacc-rules.md §4): presence and count of arguments, constants, keys,
// modifiers, operators, and the shape of var-list items and sub-arrays.
var argumentsCheck = &Check{
	Name:      "arguments",
	Rules:     []string{"clause-arg-invalid", "subarray-invalid"},
	Directive: checkArguments,
}

// argRule checks the arguments of one clause whose ArgKind it is registered for.
type argRule func(a *argContext)

// argRules is the table of argument checks, one per argument kind.
var argRules = map[acc.ArgKind]argRule{
	acc.ArgNone:        checkNoArgs,
	acc.ArgCond:        func(a *argContext) { a.requireItems(1, 1, "a condition") },
	acc.ArgOptCond:     func(a *argContext) { a.optionalItems(1, "a condition") },
	acc.ArgIntExpr:     func(a *argContext) { a.requireItems(1, 1, "an integer expression"); a.positiveIfConstant() },
	acc.ArgOptIntExpr:  func(a *argContext) { a.optionalItems(1, "an integer expression") },
	acc.ArgIntExprList: checkNumGangs,
	acc.ArgVarList:     checkVarList,
	acc.ArgReduction:   checkReduction,
	acc.ArgGang:        checkGang,
	acc.ArgWorker:      func(a *argContext) { a.checkLevelArg("num") },
	acc.ArgVector:      func(a *argContext) { a.checkLevelArg("length") },
	acc.ArgWait:        checkWait,
	acc.ArgDeviceType:  checkDeviceType,
	acc.ArgDefault:     checkDefault,
	acc.ArgConstInt:    checkCollapse,
	acc.ArgTile:        checkTile,
	acc.ArgBind:        checkBind,
	acc.ArgName:        checkName,
}

// argContext is one clause (or a directive's own parenthesised argument)
// under check.
type argContext struct {
	p    *Pass
	d    *acc.Directive
	name string // the clause or directive name as written
	at   acc.Span
	args *acc.ArgList
	kind acc.ArgKind
	mods []string // permitted list modifiers
}

func (a *argContext) reportf(span acc.Span, format string, args ...any) *Diagnostic {
	return a.p.Reportf(span, "clause-arg-invalid", format, args...)
}

func (a *argContext) warnf(span acc.Span, format string, args ...any) {
	a.p.Report(Diagnostic{Span: span, Rule: "clause-arg-invalid", Severity: SeverityWarning, Message: fmt.Sprintf(format, args...)})
}

func checkArguments(p *Pass, d *acc.Directive) {
	if d.Spec == nil {
		return
	}
	if d.Paren != nil || d.Spec.ParenRequired {
		a := &argContext{p: p, d: d, name: d.Name, at: d.NameSpan, args: d.Paren, kind: d.Spec.Paren, mods: d.Spec.ParenModifiers}
		switch {
		case d.Paren == nil:
			p.Reportf(d.NameSpan, "clause-arg-invalid", "%s requires a parenthesized argument", quote(d.Name))
		case d.Spec.Paren == acc.ArgNone:
			p.Reportf(d.Paren.Span, "clause-arg-invalid", "%s takes no parenthesized argument", quote(d.Name))
		default:
			argRules[a.kind](a)
		}
	}
	for _, c := range d.Clauses {
		if c.Spec == nil || !d.Spec.Allows(c.Spec.Name) {
			continue // reported by the name and clause-set checks
		}
		a := &argContext{p: p, d: d, name: c.Name, at: c.NameSpan, args: c.Args,
			kind: c.Spec.ArgFor(d.Spec.Name), mods: c.Spec.Modifiers}
		if rule := argRules[a.kind]; rule != nil {
			rule(a)
		}
	}
}

// items returns the argument items, nil when there are no parentheses.
func (a *argContext) items() []*acc.Arg {
	if a.args == nil {
		return nil
	}
	return a.args.Items
}

func checkNoArgs(a *argContext) {
	if a.args == nil {
		return
	}
	d := a.reportf(a.args.Span, "%s takes no arguments", quote(a.name))
	d.Fixes = []SuggestedFix{{Title: "Remove the arguments", Preferred: true, Safe: true,
		Edits: []TextEdit{{Span: a.args.Span}}}}
}

// requireItems reports a missing argument list or a wrong number of items.
func (a *argContext) requireItems(lo, hi int, what string) bool {
	switch n := len(a.items()); {
	case a.args == nil:
		a.reportf(a.at, "%s requires %s in parentheses", quote(a.name), what)
	case n == 0:
		if a.args.Closed {
			a.reportf(a.args.Span, "%s requires %s", quote(a.name), what)
		}
	case n < lo:
		a.reportf(a.args.Span, "%s requires at least %d arguments, found %d", quote(a.name), lo, n)
	case hi > 0 && n > hi:
		a.reportf(a.items()[hi].Span, "%s takes %s, found %d arguments", quote(a.name), count(hi, what), n)
	default:
		return true
	}
	return false
}

func count(n int, what string) string {
	if n == 1 {
		return what
	}
	return fmt.Sprintf("at most %d arguments", n)
}

// optionalItems reports an empty pair of parentheses or too many items.
func (a *argContext) optionalItems(hi int, what string) {
	if a.args == nil {
		return
	}
	if n := len(a.items()); n == 0 && a.args.Closed {
		a.reportf(a.args.Span, "empty parentheses after %s; write %s or drop the parentheses", quote(a.name), what)
	} else if n > hi {
		a.reportf(a.items()[hi].Span, "%s takes at most %s", quote(a.name), count(hi, what))
	}
}

// countClauses are the clauses whose argument is a number of gangs, workers
// or vector lanes.
var countClauses = []string{"num_gangs", "num_workers", "vector_length", "gang", "worker", "vector"}

// positiveIfConstant warns when a constant count is not positive: a gang,
// worker or vector count of zero is meaningless (gcc warns too). Other
// integer arguments (device_num 0, async queues) may well be zero.
func (a *argContext) positiveIfConstant() {
	if c, _ := acc.LookupClause(a.name); c == nil || !slices.Contains(countClauses, c.Name) {
		return
	}
	for _, it := range a.items() {
		if it.Key != "" && it.Key != "num" && it.Key != "length" {
			continue
		}
		if v, ok := constant(it); ok && v <= 0 {
			a.warnf(it.Span, "%s value must be positive, found %d", quote(a.name), v)
		}
	}
}

// constant evaluates an argument that should be an integer constant: its
// literals, and the names of constants bound to it (acc.File.BindConsts).
func constant(it *acc.Arg) (int64, bool) {
	return constantIn(it, nil)
}

// constantIn is constant with the document's constants (Model.Consts) for
// the names; an argument's own bound constants come first.
func constantIn(it *acc.Arg, consts acc.Consts) (int64, bool) {
	if it.Star {
		return 0, false
	}
	e := it.Expr()
	if e.Consts == nil {
		e.Consts = consts
	}
	return e.Int()
}

// namesConstant reports whether an argument that is not a constant by its
// text alone names something (a macro, an enumeration constant) that may
// make it one: the directive checks, which do not see the C code, leave it
// to the semantic check of constant arguments (check_constargs.go).
func namesConstant(it *acc.Arg) bool {
	if it.Star || it.Consts != nil {
		return false
	}
	for i := 0; i < len(it.Text); i++ {
		if c := it.Text[i]; c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' {
			return true
		}
	}
	return false
}

func checkNumGangs(a *argContext) {
	hi := 1
	switch a.d.Spec.Name {
	case "parallel", "parallel loop":
		hi = 3 // extra arguments are extra gang dimensions (3.3 §2.5.10)
	}
	if !a.requireItems(1, hi, "one integer expression") {
		return
	}
	a.positiveIfConstant()
}

func checkVarList(a *argContext) {
	if !a.requireItems(1, 0, "a var-list") {
		return
	}
	checkModifier(a)
	for _, it := range a.items() {
		checkVarItem(a, it)
	}
}

func checkModifier(a *argContext) {
	mod := a.args.Modifier
	if mod == "" {
		return
	}
	switch {
	case !slices.Contains(a.mods, mod):
		if len(a.mods) == 0 {
			a.reportf(a.args.ModifierSpan, "%s takes no %s modifier", quote(a.name), quote(mod+":"))
		} else {
			a.reportf(a.args.ModifierSpan, "modifier %s is not allowed on %s (allowed: %s)", quote(mod+":"), quote(a.name), strings.Join(a.mods, ", "))
		}
	case a.d.Spec.Name == "enter data" || a.d.Spec.Name == "exit data":
		// OpenACC 3.3 lists the modifiers with the structured data clauses only;
		// flang rejects them here, gcc and nvc accept them: warn, for portability.
		a.warnf(a.args.ModifierSpan, "modifier %s on %s is not portable: flang rejects it (OpenACC 3.3 lists modifiers only on structured data clauses)", quote(mod+":"), quote(a.d.Spec.Name))
	case a.d.Spec.Name == "declare" && mod == "zero":
		a.reportf(a.args.ModifierSpan, "modifier 'zero:' is not allowed on 'declare'")
	}
}

// checkVarItem checks that a var-list item is a variable, array element,
// sub-array or member, and that constant sub-array bounds are not negative.
func checkVarItem(a *argContext, it *acc.Arg) {
	if it.Var == nil {
		if it.Text != "" {
			a.reportf(it.Span, "%s is not a variable, array element, sub-array or member", quote(it.Text))
		}
		return
	}
	for _, s := range it.Var.Subscripts {
		for _, e := range []*acc.Expr{s.Lower, s.Length} {
			if e == nil {
				continue
			}
			if v, ok := e.Int(); ok && v < 0 {
				what := "lower bound"
				if e == s.Length {
					what = "length"
				}
				a.p.Reportf(e.Span, "subarray-invalid", "sub-array %s of %s is negative (%d)", what, quote(it.Var.Name), v)
			}
		}
	}
}

// reductionOps are the operators of OpenACC 3.3 §2.5.15.
var reductionOps = []string{"+", "*", "max", "min", "&", "|", "^", "&&", "||"}

func checkReduction(a *argContext) {
	if a.args == nil {
		a.reportf(a.at, "'reduction' requires an operator and a var-list: reduction(op:list)")
		return
	}
	switch op := a.args.Modifier; {
	case op == "":
		if a.args.Closed {
			a.reportf(a.args.Span, "'reduction' requires an operator: reduction(op:list) with op one of %s", strings.Join(reductionOps, " "))
		}
		return
	case !slices.Contains(reductionOps, op):
		d := a.reportf(a.args.ModifierSpan, "%s is not a reduction operator (expected one of %s)", quote(op), strings.Join(reductionOps, " "))
		if op == "-" {
			d.Message += "; '-' was removed in OpenACC 2.7, use '+'"
			d.Fixes = []SuggestedFix{{Title: "Change to '+'", Edits: []TextEdit{{Span: a.args.ModifierSpan, NewText: "+"}}}}
		}
	}
	if len(a.items()) == 0 {
		if a.args.Closed {
			a.reportf(a.args.Span, "'reduction' requires a var-list after the operator")
		}
		return
	}
	for _, it := range a.items() {
		checkVarItem(a, it)
	}
}

func checkGang(a *argContext) {
	seen := map[string]*acc.Arg{}
	onRoutine := a.d.Spec.Name == "routine"
	for _, it := range a.items() {
		key := it.Key
		if key == "" {
			key = "num" // an unkeyworded gang argument is the number of gangs
		}
		switch key {
		case "num", "dim", "static":
		default:
			a.reportf(it.KeySpan, "unknown gang argument %s (expected num:, dim: or static:)", quote(it.Key+":"))
			continue
		}
		if prev := seen[key]; prev != nil {
			a.p.Report(Diagnostic{Span: it.Span, Rule: "clause-arg-invalid",
				Message: "the gang argument " + quote(key+":") + " may appear only once",
				Related: []Related{{Span: prev.Span, Message: "first " + quote(key+":") + " is here"}}})
			continue
		}
		seen[key] = it
		if onRoutine && key != "dim" {
			a.reportf(it.Span, "'gang' on 'routine' takes only a 'dim:' argument")
			continue
		}
		switch key {
		case "dim":
			if v, ok := constant(it); !ok && !namesConstant(it) || ok && (v < 1 || v > 3) {
				a.reportf(it.Span, "gang 'dim:' must be the constant 1, 2 or 3")
			}
		}
	}
	if num, dim := seen["num"], seen["dim"]; num != nil && dim != nil {
		a.p.Report(Diagnostic{Span: num.Span, Rule: "clause-arg-invalid",
			Message: "the gang 'num:' argument is not allowed together with 'dim:'",
			Related: []Related{{Span: dim.Span, Message: "'dim:' is here"}}})
	}
}

// checkLevelArg checks worker([num:]e) and vector([length:]e).
func (a *argContext) checkLevelArg(key string) {
	if a.args == nil {
		return
	}
	if a.d.Spec.Name == "routine" {
		a.reportf(a.args.Span, "%s on 'routine' takes no argument", quote(a.name))
		return
	}
	a.optionalItems(1, "an integer expression")
	for _, it := range a.items() {
		if it.Key != "" && it.Key != key {
			a.reportf(it.KeySpan, "%s takes only a %s argument, not %s", quote(a.name), quote(key+":"), quote(it.Key+":"))
		}
	}
	a.positiveIfConstant()
}

func checkWait(a *argContext) {
	if a.args != nil && len(a.items()) == 0 && a.args.Closed {
		a.reportf(a.args.Span, "empty parentheses after %s; list the async queues or drop the parentheses", quote(a.name))
	}
	devnums := 0
	for _, it := range a.items() {
		if it.Key == "devnum" {
			if devnums++; devnums > 1 {
				a.reportf(it.KeySpan, "'devnum:' may appear only once")
			}
		}
	}
}

func checkDeviceType(a *argContext) {
	if !a.requireItems(1, 0, "'*' or a list of device types") {
		return
	}
	items := a.items()
	for _, it := range items {
		if it.Star && len(items) > 1 {
			a.reportf(it.Span, "'*' must be the only argument of %s", quote(a.name))
		}
		if !it.Star && !isIdentifier(it.Text) {
			a.reportf(it.Span, "%s is not a device type name", quote(it.Text))
		}
	}
	if a.d.Spec.Name == "set" && len(items) > 1 {
		a.reportf(items[1].Span, "%s on 'set' takes exactly one device type", quote(a.name))
	}
}

func checkDefault(a *argContext) {
	if !a.requireItems(1, 1, "'none' or 'present'") {
		return
	}
	it := a.items()[0]
	if it.Text == "none" || it.Text == "present" {
		return
	}
	d := a.reportf(it.Span, "invalid value %s for 'default'; expected 'none' or 'present'", quote(it.Text))
	if s := nearest(it.Text, []string{"none", "present"}); s != "" {
		d.Fixes = []SuggestedFix{{Title: "Change to " + quote(s), Preferred: true, Safe: true, Edits: []TextEdit{{Span: it.Span, NewText: s}}}}
	}
}

func checkCollapse(a *argContext) {
	if a.args != nil && a.args.Modifier == "force" {
		a.warnf(a.args.ModifierSpan, "the 'force:' modifier of 'collapse' is OpenACC 3.4; compilers implementing 3.3 reject it")
	} else if a.args != nil && a.args.Modifier != "" {
		a.reportf(a.args.ModifierSpan, "'collapse' takes no %s modifier", quote(a.args.Modifier+":"))
	}
	if !a.requireItems(1, 1, "a positive integer constant") {
		return
	}
	it := a.items()[0]
	if v, ok := constant(it); !ok && !namesConstant(it) || ok && v <= 0 {
		a.reportf(it.Span, "'collapse' argument must be a positive integer constant, found %s", quote(it.Text))
	}
}

func checkTile(a *argContext) {
	if !a.requireItems(1, 0, "a list of tile sizes") {
		return
	}
	for _, it := range a.items() {
		if it.Star {
			continue
		}
		if v, ok := constant(it); !ok && !namesConstant(it) || ok && v <= 0 {
			a.reportf(it.Span, "'tile' sizes must be positive integer constants or '*', found %s", quote(it.Text))
		}
	}
}

func checkBind(a *argContext) {
	if !a.requireItems(1, 1, "a function name or a string literal") {
		return
	}
	t := a.items()[0].Text
	if !isIdentifier(t) && !(len(t) >= 2 && t[0] == '"' && t[len(t)-1] == '"') {
		a.reportf(a.items()[0].Span, "'bind' takes an identifier or a string literal, found %s", quote(t))
	}
}

func checkName(a *argContext) {
	if !a.requireItems(1, 1, "a function name") {
		return
	}
	if t := a.items()[0].Text; !isIdentifier(t) {
		a.reportf(a.items()[0].Span, "%s is not a function name", quote(t))
	}
}

func isIdentifier(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if r != '_' && !('a' <= r && r <= 'z') && !('A' <= r && r <= 'Z') && (i == 0 || !('0' <= r && r <= '9')) {
			return false
		}
	}
	return true
}
