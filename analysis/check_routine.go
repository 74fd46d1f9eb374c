package analysis

import (
	"sort"
	"strings"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/source/cfacts"
)

// routineCheck relates routine levels to the loops inside routines and to
// the calls of routines (openacc-rules.md §6.3, §12), and reports device
// code that calls functions without a routine directive, orphaned loops
// in functions that have none, and globals that routines use without a
// declare directive (check_routine_globals.go).
var routineCheck = &Check{
	Name:  "routine",
	Rules: []string{"routine-level-mismatch", "routine-missing", "orphan-loop-no-routine", "routine-global-undeclared"},
	Model: checkRoutines,
}

const levelParallel = LevelGang | LevelWorker | LevelVector

// allowedIn returns the loop levels a routine of level l may contain.
func allowedIn(l Level) Level {
	switch {
	case l&LevelGang != 0:
		return levelParallel
	case l&LevelWorker != 0:
		return LevelWorker | LevelVector
	case l&LevelVector != 0:
		return LevelVector
	}
	return LevelNone
}

// rank orders levels: gang 3, worker 2, vector 1, seq 0 (the highest bit
// of l counts).
func rank(l Level) int {
	switch {
	case l&LevelGang != 0:
		return 3
	case l&LevelWorker != 0:
		return 2
	case l&LevelVector != 0:
		return 1
	}
	return 0
}

func checkRoutines(p *Pass, m *Model) {
	for _, fm := range m.Funcs {
		if fm.Func.Body == nil {
			continue
		}
		checkRoutineLoops(p, fm)
		checkOrphanLoops(p, m, fm)
		checkCalls(p, m, fm)
	}
	checkRoutineGlobals(p, m)
	checkRoutineBinds(p, m)
}

// checkRoutineBinds: the function a routine's bind(f) names runs on the
// device in its place, so it needs a device version of its own.
func checkRoutineBinds(p *Pass, m *Model) {
	names := make([]string, 0, len(m.Routines))
	for name := range m.Routines {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		target, str, cl := RoutineBind(m.Routines[name])
		if cl == nil || str || m.Routines[target] != nil {
			continue
		}
		// (a function this file does not define may be another file's)
		decl := m.C.Decls[target]
		if decl == nil || decl.Def == nil {
			continue
		}
		at := decl.Def.Span.Start
		if decl.NameSpan.Start < decl.Def.NameSpan.Start {
			at = decl.NameSpan.Start
		}
		p.Report(Diagnostic{Span: cl.Args.Items[0].Span, Rule: "routine-missing",
			Message: "'bind' names " + quote(target) + ", which has no 'routine' directive: device code calls it in place of the routine, so it needs a device version of its own",
			Related: []Related{{Span: decl.Def.NameSpan, Message: quote(target) + " is defined here"}},
			Fixes:   []SuggestedFix{routineFix(p.Text, at, target, LevelSeq)}})
	}
}

// routineRelated points at the level clause of a routine directive (or at
// the directive when the level is implied).
func routineRelated(d *acc.Directive, name string) Related {
	l := RoutineLevel(d)
	span := d.NameSpan
	if c := levelClause(d, l); c != nil {
		span = c.Span
	}
	return Related{Span: span, Message: quote(name) + " is declared 'routine " + levelName(l) + "' here"}
}

// checkRoutineLoops: the loops of a routine may not use more parallelism
// than the routine's level.
func checkRoutineLoops(p *Pass, fm *FuncModel) {
	if fm.Routine == nil || fm.Level == LevelNone {
		return
	}
	allowed := allowedIn(fm.Level)
	for _, r := range regionsOf(fm) {
		if !r.IsLoop() || r.Compute != nil {
			continue
		}
		for _, bit := range []Level{LevelGang, LevelWorker, LevelVector} {
			if r.Level&bit == 0 || allowed&bit != 0 {
				continue
			}
			c := levelClause(r.Directive, bit)
			p.Report(Diagnostic{Span: c.NameSpan, Rule: "routine-level-mismatch",
				Message: quote(levelName(bit)) + " loop in " + quote(fm.Func.Name) + ", a 'routine " + levelName(fm.Level) +
					"'; " + routineContains(fm.Level),
				Related: []Related{routineRelated(fm.Routine, fm.Func.Name)}})
		}
	}
}

func routineContains(l Level) string {
	switch rank(l) {
	case 2:
		return "a worker routine may contain worker, vector and seq loops only"
	case 1:
		return "a vector routine may contain vector and seq loops only"
	}
	return "a seq routine may contain seq loops only"
}

// orphanLevel is the routine level that fits the orphaned loops of a
// function: the highest level among them, seq when they have none.
func orphanLevel(fm *FuncModel) Level {
	var l Level
	for _, r := range regionsOf(fm) {
		if r.IsLoop() && r.Compute == nil {
			l |= r.Level
		}
	}
	switch rank(l) {
	case 3:
		return LevelGang
	case 2:
		return LevelWorker
	case 1:
		return LevelVector
	}
	return LevelSeq
}

// routineFix inserts `#pragma acc routine <level>` on its own line before the
// declaration starting at off.
func routineFix(text []byte, off int, name string, l Level) SuggestedFix {
	ls := lineStartAt(text, off)
	line := "#pragma acc routine " + levelName(l)
	nl := "\n"
	if i := strings.IndexByte(string(text[ls:]), '\n'); i > 0 && text[ls+i-1] == '\r' {
		nl = "\r\n"
	}
	return SuggestedFix{Title: "Add '" + line + "' before " + quote(name),
		Edits: []TextEdit{{Span: acc.Span{Start: ls, End: ls}, NewText: line + nl}}}
}

// checkOrphanLoops: a loop construct outside any compute construct is
// meaningful only in a routine.
func checkOrphanLoops(p *Pass, m *Model, fm *FuncModel) {
	if fm.Routine != nil {
		return
	}
	for _, r := range regionsOf(fm) {
		if r.Kind != RegionLoop || r.Compute != nil {
			continue
		}
		nested := false
		for a := r.Parent; a != nil; a = a.Parent {
			nested = nested || a.IsLoop()
		}
		if nested {
			continue
		}
		l := orphanLevel(fm)
		fix := routineFix(p.Text, fm.Func.Span.Start, fm.Func.Name, l)
		fix.Preferred = true
		p.Report(Diagnostic{Span: r.Directive.NameSpan, Rule: "orphan-loop-no-routine",
			Message: "orphaned 'loop' in " + quote(fm.Func.Name) + ", which has no 'routine' directive; the loop runs on the device only in a routine called from a compute region",
			Fixes:   []SuggestedFix{fix}})
	}
}

// deviceContext describes where a call is: inside a compute region or a
// routine, and the loop levels around it.
type deviceContext struct {
	compute *Region // the innermost compute region, nil in a routine body
	loops   []*Region
	levels  Level
}

func contextAt(fm *FuncModel, off int) (ctx deviceContext, ok bool) {
	r := innermostRegion(fm.Regions, off)
	for a := r; a != nil; a = a.Parent {
		if a.IsLoop() && !inLoopHeader(a, off) {
			ctx.loops = append(ctx.loops, a)
			ctx.levels |= a.Level
		}
		if a.Kind == RegionCompute {
			ctx.compute = a
			break
		}
	}
	if ctx.compute != nil && ctx.compute.IsLoop() && inLoopHeader(ctx.compute, off) {
		// The bounds of a combined construct's loop: compilers evaluate
		// them before the launch, on the host.
		return ctx, false
	}
	if ctx.compute == nil {
		ctx.loops, ctx.levels = nil, 0
		if fm.Routine == nil {
			return ctx, false // host code
		}
		for a := r; a != nil; a = a.Parent {
			if a.IsLoop() && !inLoopHeader(a, off) {
				ctx.loops = append(ctx.loops, a)
				ctx.levels |= a.Level
			}
		}
	}
	return ctx, true
}

// inLoopHeader reports whether off lies in the header (init, condition,
// increment) of one of the loops associated with r: code that runs before
// the iterations are partitioned.
func inLoopHeader(r *Region, off int) bool {
	for _, l := range r.Loops {
		if l.Body != nil && l.Span.Start <= off && off < l.Body.Span.Start {
			return true
		}
	}
	return false
}

// checkCalls checks the calls made in device code (compute regions and
// routine bodies) against the callees' routine directives.
func checkCalls(p *Pass, m *Model, fm *FuncModel) {
	missing := map[string]bool{} // report a function without routine once per caller
	for _, call := range stCalls(fm.Func.Body) {
		ctx, ok := contextAt(fm, call.Span.Start)
		if !ok || strings.HasPrefix(call.Name, "acc_") {
			continue
		}
		span := calleeSpan(call)
		rd := m.Routines[call.Name]
		if rd == nil {
			if !missing[call.Name] {
				missing[call.Name] = checkMissingRoutine(p, m, fm, call, ctx)
			}
			continue
		}
		if rd.Span.Start > call.Span.Start {
			p.Report(Diagnostic{Span: span, Rule: "routine-missing",
				Message: "the 'routine' directive of " + quote(call.Name) + " comes after this use in device code; compilers require it before the first use",
				Related: []Related{{Span: rd.NameSpan, Message: "the 'routine' directive of " + quote(call.Name)}}})
		}
		callName := quote(call.Name)
		if target, str, cl := RoutineBind(rd); cl != nil && !str && m.Routines[target] != nil && target != call.Name {
			rd = m.Routines[target] // bind(f): device code calls f, whose level counts
			callName += " (bound to " + quote(target) + ")"
		}
		callee := RoutineLevel(rd)
		if callee == LevelNone {
			continue
		}
		// The loops around the call that use the callee's level or an inner one.
		for _, l := range ctx.loops {
			bad := l.Level & levelParallel
			switch rank(callee) {
			case 2:
				bad &= LevelWorker | LevelVector
			case 1:
				bad &= LevelVector
			case 0:
				bad = 0
			}
			if bad == 0 {
				continue
			}
			bit := LevelVector
			for _, b := range []Level{LevelGang, LevelWorker, LevelVector} {
				if bad&b != 0 {
					bit = b
					break
				}
			}
			lc := levelClause(l.Directive, bit)
			p.Report(Diagnostic{Span: span, Rule: "routine-level-mismatch",
				Message: "call of " + callName + ", a 'routine " + levelName(callee) + "', inside a " + quote(levelName(bit)) +
					" loop; " + callRule(callee),
				Related: []Related{routineRelated(rd, call.Name), {Span: lc.Span, Message: "the enclosing " + quote(levelName(bit)) + " loop"}}})
			break
		}
		if ctx.compute == nil && fm.Level != LevelNone && rank(callee) > rank(fm.Level) {
			p.Report(Diagnostic{Span: span, Rule: "routine-level-mismatch",
				Message: "call of " + callName + ", a 'routine " + levelName(callee) + "', from " + quote(fm.Func.Name) +
					", a 'routine " + levelName(fm.Level) + "'; a routine may call routines of its own level or below only",
				Related: []Related{routineRelated(rd, call.Name), routineRelated(fm.Routine, fm.Func.Name)}})
		}
	}
}

func callRule(callee Level) string {
	switch rank(callee) {
	case 3:
		return "a gang routine must be called outside gang, worker and vector loops"
	case 2:
		return "a worker routine must be called outside worker and vector loops"
	}
	return "a vector routine must be called outside vector loops"
}

// checkMissingRoutine: device code calls a function defined in this file
// that has no routine directive.
func checkMissingRoutine(p *Pass, m *Model, fm *FuncModel, call *cfacts.Expr, ctx deviceContext) bool {
	decl := m.C.Decls[call.Name]
	if decl == nil || decl.Def == nil {
		return false
	}
	where := "inside a compute region"
	if ctx.compute == nil {
		where = "from " + quote(fm.Func.Name) + ", a 'routine',"
	}
	level, directives := LevelSeq, false
	if other := m.modelOf(decl.Def); other != nil {
		level, directives = orphanLevel(other), len(other.Directives) > 0
	}
	at := decl.Def.Span.Start
	if decl.NameSpan.Start < decl.Def.NameSpan.Start {
		at = decl.NameSpan.Start // a prototype comes first: the directive goes before it
	}
	why := "; compilers may not generate a device version of it"
	if level == LevelSeq && !directives {
		// OpenACC §2.15.1's implicit routine directive (the compiler's
		// implicitRoutine). Compilers that do not implement it reject the
		// call, so the directive is still the portable form.
		why = ": OpenACC gives it an implicit 'routine seq' (accls compiles it so), but not every compiler implements that"
	}
	p.Report(Diagnostic{Span: calleeSpan(call), Rule: "routine-missing",
		Message: quote(call.Name) + " is called " + where + " but has no 'routine' directive" + why,
		Related: []Related{{Span: decl.Def.NameSpan, Message: quote(call.Name) + " is defined here"}},
		Fixes:   []SuggestedFix{routineFix(p.Text, at, call.Name, level)}})
	return true
}
