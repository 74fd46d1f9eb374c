package analysis

import (
	"fmt"
	"strings"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/source/cfacts"
)

// gangSyncCheck reports array elements that one gang loop of a `parallel`
// construct writes and a later gang loop of the same construct uses, when
// another gang may run the second access (OpenACC 3.3 §1.2: gangs run
// independently, with no synchronization between them; a gang goes on to
// the next loop as soon as its own iterations are done). Two such loops
// are safe only when each gang finds in the second loop the elements it
// wrote itself: the loops divide their iterations alike (same bounds, step,
// and gang/worker/vector clauses) and access the element at the same
// subscripts. Reported, when certain:
//
//   - the same division, different subscripts: b[i] = a[i+1] after a[i] is
//     written (the element belongs to the next iteration, maybe another
//     gang's);
//   - different divisions (other bounds, another gang(static:) chunk, a
//     gang loop then a gang vector loop): any element both use.
//
// The pairs are also checked in the other order when a loop inside the
// construct repeats both (the next round's first loop runs after the
// previous round's second loop only within a gang). Atomic accesses on both
// sides, private data and subscripts the analysis cannot compare (indirect
// indices, calls) are left alone. `kernels` constructs launch their loops
// one after the other, and serial ones have one gang: neither is checked.
//
// The same independence makes a gang loop's reduction unfinished inside
// the construct (gang-reduction-read): the gangs' values are combined into
// the variable only at the end of the construct, so code of the construct
// after the loop that reads the variable reads its own gang's partial
// value (and a later gang loop that divides by a sum divides by a part of
// it). Reported unless the construct runs one gang (num_gangs(1)) or the
// variable is private to each gang.
var gangSyncCheck = &Check{
	Name:  "gangsync",
	Rules: []string{"unsynchronized-gang-loops", "gang-reduction-read"},
	Model: checkGangSync,
}

func checkGangSync(p *Pass, m *Model) {
	for _, r := range allRegions(m) {
		if !isComputeRegion(r) || r.IsLoop() || computeKind(r.Directive) != "parallel" || r.Stmt == nil || len(r.Directive.Errors) > 0 {
			continue
		}
		checkGangReductionReads(p, m, r)
		loops := topGangLoops(r)
		if len(loops) == 0 {
			continue
		}
		private := constructPrivate(r)
		atomics := atomicSpans(r)
		var infos []*gangLoop
		for _, l := range loops {
			if g := newGangLoop(m, l, atomics); g != nil {
				infos = append(infos, g)
			}
		}
		reported := map[string]bool{}
		for i, first := range infos {
			if around := sharedLoop(r, first.r, first.r); around != nil {
				checkGangRounds(p, m, first, around, private, reported)
			}
			for _, second := range infos[i+1:] {
				checkGangPair(p, m, r, first, second, "", private, reported)
				if around := sharedLoop(r, first.r, second.r); around != nil {
					checkGangPair(p, m, r, second, first, fmt.Sprintf(" in the next round of the loop at line %d", lineOf(m.Text, around.Span.Start)), private, reported)
				}
			}
		}
	}
}

// checkGangReductionReads reports reads, later in parallel construct c,
// of a variable that a gang loop of c reduces across its gangs.
func checkGangReductionReads(p *Pass, m *Model, c *Region) {
	for _, cl := range c.Directive.Clauses {
		if canonical(cl) == "num_gangs" {
			if items := argItems(cl); len(items) == 1 {
				if n, ok := constantIn(items[0], m.Consts()); ok && n == 1 {
					return // one gang: its value is the whole reduction
				}
			}
		}
	}
	private := constructPrivate(c)
	refs := m.collectRefs(c.Stmt)
	reported := map[*cfacts.Var]bool{}
	for _, l := range topGangLoops(c) {
		for _, cl := range l.Directive.Clauses {
			if canonical(cl) != "reduction" {
				continue
			}
			for _, it := range argItems(cl) {
				if it.Var == nil || private[it.Var.Name] {
					continue
				}
				for _, ref := range refs {
					v := ref.Var
					if v == nil || v.Name != it.Var.Name || reported[v] || inSpan(c.Stmt.Span, v.NameSpan) ||
						ref.Span.Start < l.Stmt.Span.End || ref.Access&AccRead == 0 || inReductionLoop(c, v.Name, ref.Span) {
						continue
					}
					reported[v] = true
					p.Report(Diagnostic{
						Span: ref.Site(), Rule: "gang-reduction-read",
						Message: fmt.Sprintf("%s is reduced across gangs by the loop at line %d, and the gangs' values are combined only at the end of the 'parallel' construct: this read sees its own gang's partial value; read it after the construct (end it after the loop), or give the construct num_gangs(1)",
							quote(v.Name), lineOf(m.Text, l.Directive.Span.Start)),
						Related: []Related{{Span: it.Span, Message: "the reduction across gangs"}},
					})
				}
			}
		}
	}
}

// inReductionLoop reports whether span lies in a loop of construct c whose
// reduction clause names name (its updates there are the loop's own).
func inReductionLoop(c *Region, name string, span acc.Span) bool {
	found := false
	var visit func(rs []*Region)
	visit = func(rs []*Region) {
		for _, r := range rs {
			if r.IsLoop() && r.Stmt != nil && inSpan(r.Stmt.Span, span) {
				if cl, _ := reductionOf(r.Directive, name); cl != nil {
					found = true
				}
			}
			visit(r.Children)
		}
	}
	visit(c.Children)
	return found
}

// topGangLoops are the gang-partitioned loop regions of compute region c
// that no partitioned loop encloses, in source order.
func topGangLoops(c *Region) []*Region {
	var out []*Region
	var visit func(rs []*Region)
	visit = func(rs []*Region) {
		for _, r := range rs {
			if r.IsLoop() && topLevel(r)&(LevelGang|LevelWorker|LevelVector) != 0 {
				if topLevel(r)&LevelGang != 0 && r.Stmt != nil && len(r.Loops) > 0 && len(r.Directive.Errors) == 0 {
					out = append(out, r)
				}
				continue
			}
			visit(r.Children)
		}
	}
	visit(c.Children)
	return out
}

// topLevel is the level of a loop region that no partitioned loop of its
// construct encloses: its own, or gang for a 'loop' with none (neither seq
// nor auto) and no gang loop inside, which is how the compiler (lower.go,
// assignLevels) and other implementations partition it.
func topLevel(r *Region) Level {
	if r.Level != LevelNone || findClause(r.Directive, "auto") != nil {
		return r.Level
	}
	gangInside := false
	var visit func(rs []*Region)
	visit = func(rs []*Region) {
		for _, x := range rs {
			if x.IsLoop() && x.Level&LevelGang != 0 {
				gangInside = true
			}
			visit(x.Children)
		}
	}
	visit(r.Children)
	if gangInside {
		return LevelNone
	}
	return LevelGang
}

// constructPrivate are the variables the construct's clauses make private
// to each gang (private, firstprivate, reduction).
func constructPrivate(c *Region) map[string]bool {
	private := map[string]bool{}
	for _, cl := range c.Directive.Clauses {
		switch canonical(cl) {
		case "private", "firstprivate", "reduction":
			for _, it := range argItems(cl) {
				if it.Var != nil {
					private[it.Var.Name] = true
				}
			}
		}
	}
	return private
}

// atomicSpans are the statements of the atomic constructs in c.
func atomicSpans(c *Region) []acc.Span {
	var out []acc.Span
	for _, r := range regionsOf(c.Func) {
		if r.Kind == RegionAtomic && r.Stmt != nil && inSpan(c.Stmt.Span, r.Stmt.Span) {
			out = append(out, r.Stmt.Span)
		}
	}
	return out
}

// sharedLoop is the innermost C loop inside construct c that contains both
// loop regions, nil when none does.
func sharedLoop(c *Region, a, b *Region) *cfacts.Stmt {
	for s := a.Stmt.Parent; s != nil && inSpan(c.Stmt.Span, s.Span); s = s.Parent {
		switch s.Kind {
		case cfacts.StmtFor, cfacts.StmtWhile, cfacts.StmtDo:
			if inSpan(s.Span, b.Stmt.Span) {
				return s
			}
		}
	}
	return nil
}

// gangLoopShape keys the way a gang loop divides its iterations among the
// gangs: its headers (the loop variables renamed by position) and its
// partitioning clauses. ok is false when a header cannot be compared.
func gangLoopShape(r *Region) (key string, vars map[*cfacts.Var]string, ok bool) {
	vars = map[*cfacts.Var]string{}
	for k, l := range r.Loops {
		v := forLoopVar(l)
		if v == nil {
			return "", nil, false
		}
		vars[v] = fmt.Sprintf("#%d", k)
	}
	var b strings.Builder
	for _, l := range r.Loops {
		var init *cfacts.Expr
		switch {
		case l.Init == nil:
		case l.Init.Kind == cfacts.StmtDecl && len(l.Init.Decls) == 1:
			init = l.Init.Decls[0].Init
		case l.Init.Kind == cfacts.StmtExpr && l.Init.Expr != nil && l.Init.Expr.Kind == cfacts.ExprAssign:
			init = l.Init.Expr.Y
		}
		parts := []string{keyedText(init, vars), keyedText(l.Cond, vars), keyedText(l.Post, vars)}
		for _, s := range parts {
			if s == "" || strings.ContainsRune(s, 0) {
				return "", nil, false
			}
		}
		b.WriteString(strings.Join(parts, ";") + "|")
	}
	fmt.Fprintf(&b, "L%d", topLevel(r)&(LevelGang|LevelWorker|LevelVector))
	for _, c := range r.Directive.Clauses {
		switch name := canonical(c); name {
		case "gang", "worker", "vector", "collapse", "tile":
			b.WriteString(" " + name + "(")
			for _, it := range argItems(c) {
				b.WriteString(it.Text + ",")
			}
			b.WriteString(")")
		}
	}
	return b.String(), vars, true
}

// keyedText renders e like ExprText, with the variables of vars replaced
// by their keys and loop-header updates (i++, i += 2) rendered.
func keyedText(e *cfacts.Expr, vars map[*cfacts.Var]string) string {
	return renderExpr(e, vars, true)
}

// gangRef is an element access of a gang loop.
type gangRef struct {
	ref    *Ref
	keys   []string // its subscripts, keyed
	atomic bool
}

// gangLoopRefs are the element accesses (with subscripts) in gang loop r,
// by variable.
func gangLoopRefs(m *Model, r *Region, vars map[*cfacts.Var]string, atomics []acc.Span) map[*cfacts.Var][]gangRef {
	out := map[*cfacts.Var][]gangRef{}
	for _, ref := range m.collectRefs(r.Stmt) {
		if len(ref.Index) == 0 || ref.Elem == AccNone || ref.Member {
			continue
		}
		g := gangRef{ref: ref}
		for _, ix := range ref.Index {
			key := keyedText(ix, vars)
			if indirect(ix) {
				key = "\x00"
			}
			g.keys = append(g.keys, key)
		}
		for _, a := range atomics {
			if inSpan(a, ref.Site()) {
				g.atomic = true
			}
		}
		out[ref.Var] = append(out[ref.Var], g)
	}
	return out
}

// gangLoop is a gang loop as the check compares it.
type gangLoop struct {
	r     *Region
	shape string                    // gangLoopShape
	refs  map[*cfacts.Var][]gangRef // gangLoopRefs
}

// newGangLoop is nil for a loop whose headers cannot be compared.
func newGangLoop(m *Model, r *Region, atomics []acc.Span) *gangLoop {
	shape, vars, ok := gangLoopShape(r)
	if !ok {
		return nil
	}
	return &gangLoop{r: r, shape: shape, refs: gangLoopRefs(m, r, vars, atomics)}
}

// checkGangPair reports the elements that gang loop first writes (or reads)
// and gang loop second, which runs after it in each gang, uses (or writes)
// where another gang may do it.
func checkGangPair(p *Pass, m *Model, c *Region, first, second *gangLoop, round string, private map[string]bool, reported map[string]bool) {
	same := first.shape == second.shape
	for v, xs := range second.refs {
		ws := first.refs[v]
		if len(ws) == 0 || private[v.Name] || inSpan(c.Stmt.Span, v.NameSpan) || v.Type == nil ||
			v.Type.Kind != cfacts.TypeArray && v.Type.Kind != cfacts.TypePointer {
			continue
		}
		for _, x := range xs {
			key := v.Name + "@" + itoa(int64(x.ref.Site().Start))
			if reported[key] {
				continue
			}
			for _, w := range ws {
				if w.ref.Elem&AccWrite == 0 && x.ref.Elem&AccWrite == 0 || w.atomic && x.atomic || len(w.keys) != len(x.keys) {
					continue
				}
				if !comparableKeys(w.keys) || !comparableKeys(x.keys) {
					continue
				}
				if same && strings.Join(w.keys, ",") == strings.Join(x.keys, ",") {
					continue // each gang meets the elements it wrote
				}
				reported[key] = true
				reportGangRace(p, m, first.r, second.r, w, x, same, round)
				break
			}
		}
	}
}

// checkGangRounds reports the elements that gang loop g, repeated by the
// loop around inside the construct, writes in one round at a subscript that
// follows the gang loop's variables, and reads or writes at a subscript that
// follows only the round (Floyd-Warshall's row k: adj[k*n+j] beside the
// write of adj[i*n+j]). Every gang meets that element in the next round,
// while the gang that writes it may still be in the previous one.
// Subscripts that follow the gang loop's variables on both sides are the
// pair check's and loop-carried-dependence's (a[i+1] after a[i]): c[(t-1)*n+i]
// after c[t*n+i] is the same gang's element.
func checkGangRounds(p *Pass, m *Model, g *gangLoop, around *cfacts.Stmt, private map[string]bool, reported map[string]bool) {
	rounds := roundVars(m, around, g.r.Stmt.Span)
	if len(rounds) == 0 {
		return
	}
	follows := func(keys []string) bool {
		for _, k := range keys {
			if strings.Contains(k, "#") {
				return true
			}
		}
		return false
	}
	movesWithRound := func(r *Ref) bool {
		for _, ix := range r.Index {
			for _, v := range rounds {
				if mentions(ix, v) {
					return true
				}
			}
		}
		return false
	}
	for v, refs := range g.refs {
		if private[v.Name] || inSpan(g.r.Stmt.Span, v.NameSpan) || v.Type == nil ||
			v.Type.Kind != cfacts.TypeArray && v.Type.Kind != cfacts.TypePointer {
			continue
		}
		// once per variable and loop: the other uses in the loop are the same race
		once := v.Name + "@round" + itoa(int64(g.r.Stmt.Span.Start))
		for _, w := range refs {
			if w.ref.Elem&AccWrite == 0 || w.atomic || !comparableKeys(w.keys) || !follows(w.keys) {
				continue
			}
			for _, x := range refs {
				key := v.Name + "@" + itoa(int64(x.ref.Site().Start))
				if reported[once] || reported[key] || x.atomic || len(x.keys) != len(w.keys) || !comparableKeys(x.keys) ||
					follows(x.keys) || !movesWithRound(x.ref) {
					continue
				}
				reported[key], reported[once] = true, true
				wt, xt := exprSource(m, w.ref.Expr), exprSource(m, x.ref.Expr)
				verb := "reads"
				if x.ref.Elem&AccRead == 0 {
					verb = "writes"
				}
				loopLine := lineOf(m.Text, around.Span.Start)
				p.Report(Diagnostic{
					Span: x.ref.Site(), Rule: "unsynchronized-gang-loops",
					Message: fmt.Sprintf("%s %s %s, which the gang loop at line %d writes as %s, in a round of the loop at line %d: every gang uses this element, the gang that writes it in one round may not have finished that round when another starts the next, and gangs do not wait for each other inside a 'parallel' construct (OpenACC 3.3 §1.2); run the loop at line %d on the host, with a compute construct per round inside a data construct",
						quote(xt), verb, quote(v.Name), lineOf(m.Text, g.r.Directive.Span.Start), quote(wt), loopLine, loopLine),
					Related: []Related{
						{Span: w.ref.Site(), Message: quote(wt) + " is written here, each element by one gang"},
						{Span: around.Span, Message: "each gang runs the rounds of this loop at its own pace"},
					},
				})
			}
		}
	}
}

// roundVars are the variables that change from one round of loop around
// to the next: its loop variable and the scalars its body assigns outside
// span (the gang loop).
func roundVars(m *Model, around *cfacts.Stmt, span acc.Span) []*cfacts.Var {
	var out []*cfacts.Var
	seen := map[*cfacts.Var]bool{}
	if v := forLoopVar(around); v != nil {
		out = append(out, v)
		seen[v] = true
	}
	for _, ref := range m.collectRefs(around) {
		if v := ref.Var; v != nil && !seen[v] && len(ref.Index) == 0 && ref.Access&AccWrite != 0 && !inSpan(span, ref.Span) {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}

// indirect reports whether subscript e reads memory or calls a function
// (b[idx[i]], a[f(i)], a[*p]): which element it is is known only at run
// time.
func indirect(e *cfacts.Expr) bool {
	found := false
	stWalkExpr(e, func(x *cfacts.Expr) bool {
		switch {
		case x.Kind == cfacts.ExprIndex, x.Kind == cfacts.ExprCall, x.Kind == cfacts.ExprMember,
			x.Kind == cfacts.ExprUnary && x.Op == "*":
			found = true
		}
		return !found
	})
	return found
}

func comparableKeys(keys []string) bool {
	for _, k := range keys {
		if k == "" || strings.ContainsRune(k, 0) {
			return false
		}
	}
	return true
}

func reportGangRace(p *Pass, m *Model, first, second *Region, w, x gangRef, same bool, round string) {
	wt, xt := exprSource(m, w.ref.Expr), exprSource(m, x.ref.Expr)
	firstVerb, secondVerb := "writes", "reads"
	if w.ref.Elem&AccWrite == 0 {
		firstVerb, secondVerb = "reads", "writes"
	} else if x.ref.Elem&AccRead == 0 {
		secondVerb = "writes"
	}
	why := "the two loops divide their iterations among the gangs differently (their bounds, steps or partitioning clauses differ), so the two accesses may run on different gangs"
	if same {
		why = quote(xt) + " is an element that another iteration of the first loop handles, maybe on another gang"
	}
	line := lineOf(m.Text, first.Directive.Span.Start)
	p.Report(Diagnostic{
		Span: x.ref.Site(), Rule: "unsynchronized-gang-loops",
		Message: fmt.Sprintf("%s %s %s, which the gang loop at line %d %s as %s%s: %s. Gangs do not wait for each other between the loops of a 'parallel' construct (OpenACC 3.3 §1.2); split the loops into separate compute constructs",
			quote(xt), secondVerb, quote(x.ref.Var.Name), line, firstVerb, quote(wt), round, why),
		Related: []Related{
			{Span: w.ref.Site(), Message: quote(wt) + " is accessed here"},
			{Span: second.Directive.NameSpan, Message: "a gang starts this loop when its own part of the first is done"},
		},
	})
}
