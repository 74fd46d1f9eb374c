package compiler

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/accls/accls/analysis"
	"github.com/accls/accls/source/cfacts"
)

// Pass ir (lower.go), for a pointer that a compute construct dereferences
// while no data clause maps what it points to. OpenACC 3.3 §2.6.2 copies
// only the pointer (firstprivate in parallel and serial, a scalar's copy in
// kernels), so on a device with memory of its own the construct reads host
// addresses. NVIDIA's compiler instead copies the elements the construct
// can reach, from the subscripts and the bounds of the loops around them
// (its -Minfo says "Generating implicit copy(c[:n])"), and a great deal of
// OpenACC code is written for it. accls does the same where the subscripts
// allow it: the runtime uses the data the pointer points into when it is
// present (a data region, enter data), and otherwise copies the inferred
// section for the construct (accrt_enter_inferred). The analysis still
// warns (implicit-firstprivate-pointer): the program is not portable.
//
// The section is found by interval arithmetic over the construct's text:
// every subscript of the pointer (p[e], *p, *(p + e), p->m) must be an
// integer expression of constants, of variables the construct does not
// write, of the variables of canonical for loops around the subscript
// (each taking its loop's range, narrowed by the conditions of the ifs
// around it that compare it with such an expression) and of variables
// declared in the construct with such an initializer and never assigned.
// The pointer must not be assigned, passed or compared there. The result
// can be larger than what the construct touches (it holds every element
// the subscripts may take), never smaller; anything else gives up, and the
// construct looks the data up as before (an error at run time when it is
// not present).

// inferredSection is the sub-array of a pointer that a construct reaches:
// indexes Lo to Hi-1, as host C expressions of type long long evaluated at
// the construct's entry.
type inferredSection struct {
	Lo, Hi string
	Show   string // "lo:length" for messages
	Len    string // the length, for messages
}

// span is the interval of an integer expression: its least and its
// greatest value.
type span struct{ lo, hi lin }

func constSpan(k int64) span { return span{lo: kLin(k), hi: kLin(k)} }

// isConst reports whether the interval is one known constant.
func (s span) isConst() (int64, bool) {
	if s.lo.isConst() && s.hi.isConst() && s.lo.k == s.hi.k {
		return s.lo.k, true
	}
	return 0, false
}

// maxInferText bounds the length of an inferred bound's text: nested
// products of loop ranges grow it, and a bound nobody can read is no help.
const maxInferText = 4000

// boundsWalker collects the intervals of one pointer's subscripts in a
// construct.
type boundsWalker struct {
	p     *cfacts.Var
	body  *cfacts.Stmt  // the construct's statement
	loops []*boundsLoop // canonical loops around the current statement, outermost first
	facts []boundsFact  // conditions that hold at the current statement
	lo    []lin         // the least index of each subscript seen
	hi    []lin         // the greatest
	fail  string        // why it gave up ("" while it has not)
	// written are the variables the construct may write (readOnlyTable),
	// nil until asked.
	written map[*cfacts.Var]bool
}

type boundsLoop struct {
	lv    *LoopVar
	depth int // the number of loops around it
	facts int // the number of facts that held at the loop
}

// boundsFact is a condition known to hold: v Op e, with Op one of < <= > >=.
type boundsFact struct {
	v  *cfacts.Var
	op string
	e  *cfacts.Expr
}

// inferPointerSection finds the section of pointer p that the statements
// of body (a compute construct's) reach, or why it cannot.
func inferPointerSection(body *cfacts.Stmt, p *cfacts.Var) (*inferredSection, string) {
	w := &boundsWalker{p: p, body: body}
	if assignsVar(body, p) {
		return nil, "the construct assigns it"
	}
	w.stmt(body)
	if w.fail != "" {
		return nil, w.fail
	}
	if len(w.lo) == 0 {
		return nil, "no subscript"
	}
	lo, hi := w.lo[0], w.hi[0]
	for i := 1; i < len(w.lo); i++ {
		lo = minLin(lo, w.lo[i])
		hi = maxLin(hi, w.hi[i])
	}
	hi = addLin(hi, kLin(1))
	length := subLin(hi, lo).text(false)
	sec := &inferredSection{Lo: lo.text(true), Hi: hi.text(true), Show: lo.text(false) + ":" + length, Len: length}
	if len(sec.Lo)+len(sec.Hi) > maxInferText {
		return nil, "its subscripts' bounds are too complex"
	}
	return sec, ""
}

func (w *boundsWalker) giveUp(format string, args ...any) {
	if w.fail == "" {
		w.fail = fmt.Sprintf(format, args...)
	}
}

func (w *boundsWalker) stmt(s *cfacts.Stmt) {
	if s == nil || w.fail != "" {
		return
	}
	switch s.Kind {
	case cfacts.StmtCompound:
		for _, x := range s.List {
			w.stmt(x)
		}
	case cfacts.StmtFor:
		w.stmt(s.Init)
		w.expr(s.Cond)
		w.expr(s.Post)
		lv, err := canonicalLoop(s)
		if err != nil {
			w.stmt(s.Body) // its variable is assigned in the construct: not usable
			return
		}
		w.loops = append(w.loops, &boundsLoop{lv: lv, depth: len(w.loops), facts: len(w.facts)})
		w.stmt(s.Body)
		w.loops = w.loops[:len(w.loops)-1]
	case cfacts.StmtIf:
		w.expr(s.Cond)
		w.under(s.Cond, func() { w.stmt(s.Then) })
		w.stmt(s.Else)
	default:
		cfacts.StmtExprs(s, w.expr)
		w.stmt(s.Body)
		w.stmt(s.Then)
		w.stmt(s.Else)
		for _, x := range s.List {
			w.stmt(x)
		}
	}
}

// under runs visit with the comparisons of condition c holding.
func (w *boundsWalker) under(c *cfacts.Expr, visit func()) {
	n := len(w.facts)
	w.addFacts(c)
	visit()
	w.facts = w.facts[:n]
}

// addFacts records the comparisons of a condition's && chain.
func (w *boundsWalker) addFacts(c *cfacts.Expr) {
	c = strip(c)
	if c == nil || c.Kind != cfacts.ExprBinary {
		return
	}
	if c.Op == "&&" {
		w.addFacts(c.X)
		w.addFacts(c.Y)
		return
	}
	flip := map[string]string{"<": ">", ">": "<", "<=": ">=", ">=": "<="}
	if flip[c.Op] == "" {
		return
	}
	if x := strip(c.X); x != nil && x.Kind == cfacts.ExprIdent && x.Var != nil {
		w.facts = append(w.facts, boundsFact{v: x.Var, op: c.Op, e: c.Y})
	}
	if y := strip(c.Y); y != nil && y.Kind == cfacts.ExprIdent && y.Var != nil {
		w.facts = append(w.facts, boundsFact{v: y.Var, op: flip[c.Op], e: c.X})
	}
}

// expr visits an expression, recording the subscripts of p.
func (w *boundsWalker) expr(e *cfacts.Expr) {
	if e == nil || w.fail != "" {
		return
	}
	switch e.Kind {
	case cfacts.ExprIndex: // p[i]
		if isIdentOf(e.X, w.p) {
			w.access(e.Y)
			w.expr(e.Y)
			return
		}
		if off := w.offsetOf(e.X); off != nil { // (p + k)[i]
			w.access(&cfacts.Expr{Kind: cfacts.ExprBinary, Op: "+", X: off, Y: e.Y})
			w.expr(off)
			w.expr(e.Y)
			return
		}
	case cfacts.ExprUnary:
		if e.Op == "&" && w.basedOnP(e.X) {
			w.giveUp("the address of an element of '%s' is taken", w.p.Name)
			return
		}
		if e.Op == "*" {
			if isIdentOf(e.X, w.p) { // *p
				w.access(&cfacts.Expr{Kind: cfacts.ExprConst, IsInt: true, Int: 0})
				return
			}
			if off := w.offsetOf(e.X); off != nil { // *(p + k)
				w.access(off)
				w.expr(off)
				return
			}
		}
	case cfacts.ExprMember: // p->m, (p + k)->m
		if e.Op == "->" && isIdentOf(e.X, w.p) {
			w.access(&cfacts.Expr{Kind: cfacts.ExprConst, IsInt: true, Int: 0})
			return
		}
		if off := w.offsetOf(e.X); e.Op == "->" && off != nil {
			w.access(off)
			w.expr(off)
			return
		}
	case cfacts.ExprCond: // c ? p[i] : 0, with what c says about i
		w.expr(e.X)
		w.under(e.X, func() { w.expr(e.Y) })
		w.expr(e.Z)
		return
	case cfacts.ExprBinary:
		if e.Op == "&&" { // i > 0 && p[i - 1] > x
			w.expr(e.X)
			w.under(e.X, func() { w.expr(e.Y) })
			return
		}
	case cfacts.ExprIdent:
		if e.Var == w.p {
			w.giveUp("'%s' is used other than through a subscript", w.p.Name)
			return
		}
	}
	w.expr(e.X)
	w.expr(e.Y)
	w.expr(e.Z)
	for _, a := range e.Args {
		w.expr(a)
	}
}

// basedOnP reports whether e is an element of p or part of one (p[i],
// p[i].m, p->m[k], *p).
func (w *boundsWalker) basedOnP(e *cfacts.Expr) bool {
	for e = strip(e); e != nil; e = strip(e.X) {
		switch e.Kind {
		case cfacts.ExprIdent:
			return e.Var == w.p
		case cfacts.ExprIndex, cfacts.ExprMember:
		case cfacts.ExprUnary:
			if e.Op != "*" {
				return false
			}
		case cfacts.ExprBinary:
			return w.offsetOf(e) != nil
		default:
			return false
		}
	}
	return false
}

// offsetOf is k of p + k, k + p or (as -k) p - k, and of sums and
// differences of those ((p + i) - 1); nil for other expressions.
func (w *boundsWalker) offsetOf(e *cfacts.Expr) *cfacts.Expr {
	e = strip(e)
	if e == nil || e.Kind != cfacts.ExprBinary {
		return nil
	}
	switch {
	case e.Op == "+" && isIdentOf(e.X, w.p):
		return e.Y
	case e.Op == "+" && isIdentOf(e.Y, w.p):
		return e.X
	case e.Op == "-" && isIdentOf(e.X, w.p):
		return &cfacts.Expr{Kind: cfacts.ExprUnary, Op: "-", X: e.Y}
	case e.Op == "+" || e.Op == "-": // (p + i) - 1, k + (p + i)
		if inner := w.offsetOf(e.X); inner != nil {
			return &cfacts.Expr{Kind: cfacts.ExprBinary, Op: e.Op, X: inner, Y: e.Y}
		}
		if inner := w.offsetOf(e.Y); inner != nil && e.Op == "+" {
			return &cfacts.Expr{Kind: cfacts.ExprBinary, Op: "+", X: e.X, Y: inner}
		}
	}
	return nil
}

// access records the interval of one subscript.
func (w *boundsWalker) access(sub *cfacts.Expr) {
	s, ok := w.interval(sub, len(w.loops), len(w.facts), 0)
	if !ok {
		return
	}
	w.lo = append(w.lo, s.lo)
	w.hi = append(w.hi, s.hi)
}

// interval is the range of integer expression e where the loops[:depth]
// are the loops around it and facts[:nfacts] hold.
func (w *boundsWalker) interval(e *cfacts.Expr, depth, nfacts, nest int) (span, bool) {
	e = strip(e)
	if nest > 32 {
		w.giveUp("its subscripts are nested too deeply")
		return span{}, false
	}
	if e == nil {
		w.giveUp("a subscript is missing")
		return span{}, false
	}
	if e.IsInt {
		return constSpan(e.Int), true
	}
	switch e.Kind {
	case cfacts.ExprIdent:
		return w.varInterval(e, depth, nfacts, nest)
	case cfacts.ExprIndex: // an element of a table the construct only reads: iy_start[dn]
		if t := w.readOnlyTable(e.X); t != nil {
			k, ok := w.interval(e.Y, depth, nfacts, nest+1)
			if !ok {
				return span{}, false
			}
			if k.lo.text(true) == k.hi.text(true) {
				x := atomLin(atom{c: "(long long)" + t.Name + "[" + k.lo.text(true) + "]", show: t.Name + "[" + k.lo.text(false) + "]"})
				return span{lo: x, hi: x}, true
			}
		}
	case cfacts.ExprCast:
		if e.Type == nil || e.Type.Kind != cfacts.TypeInt {
			break
		}
		return w.interval(e.X, depth, nfacts, nest+1)
	case cfacts.ExprUnary:
		x, ok := w.interval(e.X, depth, nfacts, nest+1)
		if !ok {
			return span{}, false
		}
		switch e.Op {
		case "+":
			return x, true
		case "-":
			return negSpan(x), true
		}
	case cfacts.ExprCond:
		y, ok1 := w.interval(e.Y, depth, nfacts, nest+1)
		z, ok2 := w.interval(e.Z, depth, nfacts, nest+1)
		if ok1 && ok2 {
			return span{lo: minLin(y.lo, z.lo), hi: maxLin(y.hi, z.hi)}, true
		}
		return span{}, false
	case cfacts.ExprBinary:
		x, ok1 := w.interval(e.X, depth, nfacts, nest+1)
		if !ok1 {
			return span{}, false
		}
		y, ok2 := w.interval(e.Y, depth, nfacts, nest+1)
		if !ok2 {
			return span{}, false
		}
		switch e.Op {
		case "+":
			return addSpan(x, y), true
		case "-":
			return addSpan(x, negSpan(y)), true
		case "*":
			return mulSpan(x, y), true
		case "/", ">>":
			k, ok := y.isConst()
			if !ok && e.Op == "/" && y.lo.text(true) == y.hi.text(true) {
				// by a value the construct does not change, of either sign
				// (0 guarded: the host must not divide where the program
				// would not)
				q := func(a lin) lin {
					if a.isConst() && a.k == 0 {
						return a
					}
					v := y.lo.operand(true)
					return atomLin(atom{c: fmt.Sprintf("(%s != 0 ? %s / %s : 0)", v, a.operand(true), v), show: a.operand(false) + " / " + y.lo.operand(false)})
				}
				q1, q2 := q(x.lo), q(x.hi)
				return span{lo: minLin(q1, q2), hi: maxLin(q1, q2)}, true
			}
			if !ok || k <= 0 || e.Op == ">>" && k > 62 {
				break
			}
			// truncation (and the arithmetic shift) keep the order
			return span{lo: opLin(x.lo, e.Op, y.lo), hi: opLin(x.hi, e.Op, y.hi)}, true
		case "<<":
			k, ok := y.isConst()
			if !ok || k < 0 || k > 30 {
				break
			}
			return mulSpan(x, constSpan(int64(1)<<k)), true
		case "%":
			c, ok := y.isConst()
			if !ok && y.lo.text(true) == y.hi.text(true) {
				// by a value the construct does not change: less than its
				// magnitude, of the dividend's sign
				v := y.lo.operand(true)
				mag := fmt.Sprintf("accls_imax(%s, -%s)", v, v)
				s := span{lo: kLin(0), hi: kLin(0)}
				if !x.lo.isConst() || x.lo.k < 0 {
					s.lo = atomLin(atom{c: fmt.Sprintf("(%s < 0 ? 1 - %s : 0)", x.lo.operand(true), mag), show: "(1 - |" + y.lo.text(false) + "|)"})
				}
				if !x.hi.isConst() || x.hi.k > 0 {
					s.hi = atomLin(atom{c: fmt.Sprintf("(%s > 0 ? %s - 1 : 0)", x.hi.operand(true), mag), show: "(|" + y.lo.text(false) + "| - 1)"})
				}
				return s, true
			}
			if !ok || c <= 0 {
				break
			}
			// the remainder takes the dividend's sign and is less than c in
			// magnitude: 0 to c-1 for a dividend that cannot be negative
			lo := kLin(0)
			if !x.lo.isConst() || x.lo.k < 0 {
				lo = atomLin(atom{c: fmt.Sprintf("(%s < 0 ? %d : 0)", x.lo.operand(true), 1-c), show: strconv.FormatInt(1-c, 10)})
				if x.lo.isConst() {
					lo = kLin(1 - c)
				}
			}
			return span{lo: lo, hi: kLin(c - 1)}, true
		}
	}
	w.giveUp("a subscript of '%s' is not an integer expression of loop variables and values the construct does not change", w.p.Name)
	return span{}, false
}

// readOnlyTable is the variable e names when it is a one-dimensional
// array or pointer of integers declared outside the construct, which the
// construct does not write (nor pass, nor take addresses in): its elements
// have at the construct's entry the values they have in it. nil otherwise.
func (w *boundsWalker) readOnlyTable(e *cfacts.Expr) *cfacts.Var {
	e = strip(e)
	if e == nil || e.Kind != cfacts.ExprIdent || e.Var == nil || e.Var == w.p || declaredIn(e.Var, w.body) {
		return nil
	}
	t := e.Var.Type
	if t == nil || t.Kind != cfacts.TypeArray && t.Kind != cfacts.TypePointer || t.Elem == nil || t.Elem.Kind != cfacts.TypeInt {
		return nil
	}
	if w.written == nil { // what the construct may write, found once
		w.written = map[*cfacts.Var]bool{}
		for _, r := range analysis.CollectRefs(w.body) {
			if r.MayWrite() {
				w.written[r.Var] = true
			}
		}
	}
	if w.written[e.Var] {
		return nil
	}
	return e.Var
}

// varInterval is the range of a variable in a subscript.
func (w *boundsWalker) varInterval(e *cfacts.Expr, depth, nfacts, nest int) (span, bool) {
	v := e.Var
	if v == nil || v.Type == nil || v.Type.Kind != cfacts.TypeInt {
		w.giveUp("a subscript of '%s' reads '%s', which is not an integer variable", w.p.Name, e.Name)
		return span{}, false
	}
	for i := depth - 1; i >= 0; i-- {
		if l := w.loops[i]; l.lv.Var == v {
			return w.loopInterval(l, nfacts, nest)
		}
	}
	if declaredIn(v, w.body) {
		if v.Init == nil || assignsVar(w.body, v) {
			w.giveUp("a subscript of '%s' reads '%s', which the construct assigns", w.p.Name, v.Name)
			return span{}, false
		}
		return w.interval(v.Init, depth, nfacts, nest+1)
	}
	if assignsVar(w.body, v) {
		w.giveUp("a subscript of '%s' reads '%s', which the construct assigns", w.p.Name, v.Name)
		return span{}, false
	}
	x := atomLin(atom{c: "(long long)" + v.Name, show: v.Name})
	return span{lo: x, hi: x}, true
}

// loopInterval is the range of a loop's variable: its bounds' ranges over
// the loops around it, narrowed by the facts about it that hold.
func (w *boundsWalker) loopInterval(l *boundsLoop, nfacts, nest int) (span, bool) {
	lv := l.lv
	lower, ok1 := w.interval(lv.Lower, l.depth, l.facts, nest+1)
	if !ok1 {
		return span{}, false
	}
	upper, ok2 := w.interval(lv.Upper, l.depth, l.facts, nest+1)
	if !ok2 {
		return span{}, false
	}
	var s span
	switch lv.Cmp {
	case "<":
		s = span{lo: lower.lo, hi: addLin(upper.hi, kLin(-1))}
	case "<=":
		s = span{lo: lower.lo, hi: upper.hi}
	case ">":
		s = span{lo: addLin(upper.lo, kLin(1)), hi: lower.hi}
	default: // ">="
		s = span{lo: upper.lo, hi: lower.hi}
	}
	// the conditions of the ifs inside the loop that compare its variable
	// with what does not depend on the loops
	for _, f := range w.facts[l.facts:nfacts] {
		if f.v != lv.Var || w.mentionsLoops(f.e) {
			continue
		}
		save := w.fail
		b, ok := w.interval(f.e, 0, 0, nest+1)
		w.fail = save // a fact that cannot be read is no fact
		if !ok {
			continue
		}
		switch f.op {
		case "<":
			s.hi = minLin(s.hi, addLin(b.hi, kLin(-1)))
		case "<=":
			s.hi = minLin(s.hi, b.hi)
		case ">":
			s.lo = maxLin(s.lo, addLin(b.lo, kLin(1)))
		case ">=":
			s.lo = maxLin(s.lo, b.lo)
		}
	}
	return s, true
}

// mentionsLoops reports whether e reads a variable of a loop of the
// construct or one the construct declares.
func (w *boundsWalker) mentionsLoops(e *cfacts.Expr) bool {
	found := false
	cfacts.WalkExpr(e, func(x *cfacts.Expr) bool {
		if x.Kind == cfacts.ExprIdent && x.Var != nil && (declaredIn(x.Var, w.body) || assignsVar(w.body, x.Var)) {
			found = true
		}
		return !found
	})
	return found
}

// lin is an integer value as a sum of atoms times constant coefficients
// plus a constant: the constants fold, so that the bounds read as written
// (n - 1 + 1 is n) and a min or max of bounds that differ by a constant is
// one of them.
type lin struct {
	terms []term
	k     int64
}

type term struct {
	a    atom
	coef int64
}

// atom is a value the arithmetic does not look into: a variable, a
// product, a min or max, a quotient. c is its host C text (long long
// arithmetic), show the text for messages.
type atom struct{ c, show string }

func kLin(k int64) lin      { return lin{k: k} }
func atomLin(a atom) lin    { return lin{terms: []term{{a, 1}}} }
func (x lin) isConst() bool { return len(x.terms) == 0 }

func addLin(x, y lin) lin {
	z := lin{k: x.k + y.k, terms: append([]term(nil), x.terms...)}
	for _, t := range y.terms {
		merged := false
		for i := range z.terms {
			if z.terms[i].a.c == t.a.c {
				z.terms[i].coef += t.coef
				merged = true
				break
			}
		}
		if !merged {
			z.terms = append(z.terms, t)
		}
	}
	z.terms = slices.DeleteFunc(z.terms, func(t term) bool { return t.coef == 0 })
	return z
}

func scaleLin(x lin, k int64) lin {
	if k == 0 {
		return kLin(0)
	}
	z := lin{k: x.k * k}
	for _, t := range x.terms {
		z.terms = append(z.terms, term{t.a, t.coef * k})
	}
	return z
}

func subLin(x, y lin) lin { return addLin(x, scaleLin(y, -1)) }

func minLin(x, y lin) lin {
	if d := subLin(x, y); d.isConst() {
		if d.k <= 0 {
			return x
		}
		return y
	}
	return atomLin(atom{c: "accls_imin(" + x.text(true) + ", " + y.text(true) + ")", show: "min(" + x.text(false) + ", " + y.text(false) + ")"})
}

func maxLin(x, y lin) lin {
	if d := subLin(x, y); d.isConst() {
		if d.k >= 0 {
			return x
		}
		return y
	}
	return atomLin(atom{c: "accls_imax(" + x.text(true) + ", " + y.text(true) + ")", show: "max(" + x.text(false) + ", " + y.text(false) + ")"})
}

// opLin is x op y for a product, a quotient or a shift (y > 0 for the
// last two), folded when the operands allow it.
func opLin(x lin, op string, y lin) lin {
	switch {
	case x.isConst() && y.isConst():
		switch op {
		case "*":
			return kLin(x.k * y.k)
		case "/":
			return kLin(x.k / y.k)
		case ">>":
			return kLin(x.k >> y.k)
		}
	case op == "*" && x.isConst():
		return scaleLin(y, x.k)
	case op == "*" && y.isConst():
		return scaleLin(x, y.k)
	}
	return atomLin(atom{c: x.operand(true) + " " + op + " " + y.operand(true), show: x.operand(false) + " " + op + " " + y.operand(false)})
}

// text is the value as C (c) or for messages.
func (x lin) text(c bool) string {
	var b strings.Builder
	for i, t := range x.terms {
		a := t.a.show
		if c {
			a = t.a.c
		}
		coef := t.coef
		switch {
		case i == 0 && coef < 0:
			b.WriteString("-")
			coef = -coef
		case i > 0 && coef < 0:
			b.WriteString(" - ")
			coef = -coef
		case i > 0:
			b.WriteString(" + ")
		}
		if coef != 1 {
			b.WriteString(strconv.FormatInt(coef, 10) + " * ")
		}
		b.WriteString(a)
	}
	switch {
	case len(x.terms) == 0:
		b.WriteString(strconv.FormatInt(x.k, 10))
	case x.k < 0:
		b.WriteString(" - " + strconv.FormatInt(-x.k, 10))
	case x.k > 0:
		b.WriteString(" + " + strconv.FormatInt(x.k, 10))
	}
	return b.String()
}

// operand is text in parentheses unless it is one atom or a constant.
func (x lin) operand(c bool) string {
	if x.isConst() && x.k >= 0 || len(x.terms) == 1 && x.terms[0].coef == 1 && x.k == 0 {
		return x.text(c)
	}
	return "(" + x.text(c) + ")"
}

func negSpan(x span) span { return span{lo: scaleLin(x.hi, -1), hi: scaleLin(x.lo, -1)} }

func addSpan(x, y span) span { return span{lo: addLin(x.lo, y.lo), hi: addLin(x.hi, y.hi)} }

// mulSpan is the product of two intervals: by a constant, the bounds
// scaled (and swapped when it is negative); otherwise the least and the
// greatest of the four products of the bounds.
func mulSpan(x, y span) span {
	if _, ok := y.isConst(); ok {
		x, y = y, x
	}
	if k, ok := x.isConst(); ok {
		if k >= 0 {
			return span{lo: scaleLin(y.lo, k), hi: scaleLin(y.hi, k)}
		}
		return span{lo: scaleLin(y.hi, k), hi: scaleLin(y.lo, k)}
	}
	if x.lo.text(true) == x.hi.text(true) && y.lo.text(true) == y.hi.text(true) { // one value each: n * m
		p := opLin(x.lo, "*", y.lo)
		return span{lo: p, hi: p}
	}
	a, b, c, d := opLin(x.lo, "*", y.lo), opLin(x.lo, "*", y.hi), opLin(x.hi, "*", y.lo), opLin(x.hi, "*", y.hi)
	return span{lo: minLin(minLin(a, b), minLin(c, d)), hi: maxLin(maxLin(a, b), maxLin(c, d))}
}

// Inferred is what a data item made from inferred bounds needs beyond its
// range: the pointer, and the constants that hold the bounds (hostgen
// declares them at the construct's entry from Lo and Hi).
type Inferred struct {
	Base           string // the pointer
	Lo, Hi         string // the section's first index and one past its last (host C, long long)
	LoName, HiName string
	Len            string // the number of elements, for messages ("n - 2")
}

// start and bytes are the host range of the section, as C expressions of
// its bounds' names (evaluated at the construct's entry: hostgen).
func (inf *Inferred) start() string {
	return fmt.Sprintf("((const char *)%s + %s * (long long)sizeof(*%s))", paren(inf.Base), inf.LoName, paren(inf.Base))
}

func (inf *Inferred) bytes() string {
	return fmt.Sprintf("(%s > %s ? (size_t)(%s - %s) * sizeof(*%s) : 0)", inf.HiName, inf.LoName, inf.HiName, inf.LoName, paren(inf.Base))
}

// inferredItem is the entry and exit action for pointer v, which the
// construct dereferences without a data clause: the section its
// subscripts reach (copyin when the construct only reads it, copy
// otherwise), or nil with the reason in cv.Why when it cannot be inferred.
func (l *lowering) inferredItem(cv *CVar, pos int) *DataItem {
	v := cv.Var
	t := v.Type
	if t == nil || t.Kind != cfacts.TypePointer || t.Elem == nil || t.Elem.Size <= 0 || isRowsType(t) {
		return nil
	}
	sec, why := inferPointerSection(l.r.Stmt, v)
	if sec == nil {
		cv.NoSection = why
		cv.Why += "; its section cannot be inferred (" + why + "), so the data must be present"
		return nil
	}
	clause := "ACCRT_COPY"
	if cv.ReadOnly {
		clause = "ACCRT_COPYIN"
	}
	suffix := fmt.Sprintf("%d_%s", l.con.Line, v.Name)
	inf := &Inferred{Base: v.Name, Lo: sec.Lo, Hi: sec.Hi, LoName: "accls_lo_" + suffix, HiName: "accls_hi_" + suffix, Len: sec.Len}
	di := &DataItem{
		Clause:   clause,
		Name:     v.Name + "[" + sec.Show + "]",
		Var:      v,
		Start:    inf.start(),
		Bytes:    inf.bytes(),
		Lo:       fmt.Sprintf("(size_t)(%s * (long long)sizeof(*%s))", inf.LoName, paren(v.Name)),
		Pos:      pos,
		Inferred: inf,
	}
	how := "copied in"
	if clause == "ACCRT_COPY" {
		how = "copied in and out"
	}
	cv.Why += fmt.Sprintf("; no clause maps its data: unless it is present, %s is %s (bounds inferred from its subscripts, as NVIDIA's compiler does)", di.Name, how)
	return di
}

// reachItem gives di, the entry of array v that a construct uses without a
// data clause, the part of v its subscripts reach, when an enter data of
// the program names a section of v: the array may then be only partly
// present at the construct, an error by OpenACC 3.3 §2.6.7 but not for
// NVIDIA's compiler, which copies only what the loops reach, and its
// multi-GPU codes enter each device's rows alone. The runtime then uses
// the mapping that holds the part reached (accrt_enter_reach_async).
func (l *lowering) reachItem(cv *CVar, di *DataItem) {
	v := cv.Var
	if elem := v.Type.Elem; elem == nil || elem.Size <= 0 || !l.enteredInParts(v) {
		return
	}
	sec, why := inferPointerSection(l.r.Stmt, v)
	if sec == nil {
		cv.Why += "; an enter data maps a section of it, and the part this construct reaches cannot be inferred (" + why + ")"
		return
	}
	suffix := fmt.Sprintf("%d_%s", l.con.Line, v.Name)
	di.Reach = &Inferred{Base: v.Name, Lo: sec.Lo, Hi: sec.Hi, LoName: "accls_lo_" + suffix, HiName: "accls_hi_" + suffix, Len: sec.Len}
	cv.Why += fmt.Sprintf("; when only a section of it is present, the mapping that holds %s[%s] (what its subscripts reach) is used, as NVIDIA's compiler does", v.Name, sec.Show)
}

// enteredInParts reports whether an enter data directive of the program
// (of the function, for a local array) names a section of array v.
func (l *lowering) enteredInParts(v *cfacts.Var) bool {
	for _, fm := range l.c.model.Funcs {
		if v.Storage == cfacts.StorageLocal && fm.Func != l.fn {
			continue
		}
		for _, d := range fm.Directives {
			if d.Spec == nil || d.Spec.Name != "enter data" {
				continue
			}
			for _, c := range d.Clauses {
				if c.Args == nil {
					continue
				}
				for _, it := range c.Args.Items {
					if it.Var != nil && it.Var.Name == v.Name && len(it.Var.Members) == 0 && len(it.Var.Subscripts) > 0 {
						return true
					}
				}
			}
		}
	}
	return false
}
