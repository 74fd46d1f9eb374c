package compiler

import (
	"fmt"
	"sort"
	"strings"

	"github.com/accls/accls/analysis"
	"github.com/accls/accls/source/cfacts"
)

// Redundant code (OpenACC 3.3 §2.4 gang-redundant and worker-single modes).
// The statements of a gang loop's body outside its worker and vector loops
// (and those of a parallel region outside any partitioned loop) belong to
// one element of the gang, but every work-item of the work-group runs the
// kernel; worker-level code outside vector loops belongs to one lane of a
// worker. kernelgen keeps that code on every work-item where repeating it
// is harmless and runs it once where it is not:
//
//   - A statement without side effects on memory that others see (it reads
//     device memory, assigns private scalars, computes loop bounds) runs on
//     every work-item: each needs the values (redundant execution).
//   - A statement that writes device memory (__global or gang-shared
//     __local: an assignment, ++/--, a call of a seq routine that writes
//     through its pointers) runs on one work-item: `if (_worker == 0 &&
//     _lane == 0)` in gang-redundant code, `if (_lane == 0)` in
//     worker-single code (maskCond of the redundant levels). Compound, if
//     and plain loop statements that contain no partitioned loop and assign
//     no private variable declared outside them are guarded as one block;
//     otherwise their headers run everywhere and their statements are
//     guarded one by one. Atomics do this themselves (atomic.go).
//   - When a guarded statement also assigns private scalars (x = a[i]++,
//     int s = f(p)), the work-item that ran it hands their values to the
//     others through the kernel's __local scratch (_accls_scratch) between
//     two barriers; in worker-single code (a statement of a worker loop's
//     body) one value per worker, in the worker's slot of the scratch.
//   - Barriers order the single work-item's accesses and the other
//     work-items' (partitioned loops, redundant reads): a syncState records
//     which variables of device memory each side accessed since the last
//     barrier, and `barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE)` goes
//     before a statement whose accesses conflict with the other side's
//     (write/read, read/write, write/write on the same variable), and
//     between two partitioned loops that conflict. The construct's
//     variables are distinct data (its data clauses name them, as restrict
//     pointers would); pointers that device code computes (local pointers,
//     a routine's parameters) may point anywhere. Variables are compared as
//     wholes, so the barriers are conservative; code without guarded
//     statements and without conflicting partitioned loops gets none. A
//     store that no other work-item reads gets a guard and no barrier. Across the iterations of a gang loop nothing is
//     synchronized (different gangs run them); across those of a plain loop
//     around partitioned loops the whole body's accesses count as pending at
//     its top.
//   - Barriers need every work-item of the group: gang-redundant code in a
//     kernel is reached by all of them (its control flow is uniform); a
//     worker loop whose worker-single code needs barriers runs a uniform
//     number of rounds (Loop.Uniform; workerSync decides by a dry run over
//     the statements of its body) and the barriers go between them. A routine whose code needs barriers must be
//     called where every work-item makes the call (routineSyncs). Where
//     a needed barrier cannot be placed (worker-single code nested in
//     control flow inside a worker loop) the compiler reports an error.

// syncBarrier is the barrier between the single work-item's code and the
// others'.
const syncBarrier = "barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE); /* redundant code: order the accesses of the single work-item and the others */"

// access is the device memory a piece of code reads and writes, by variable.
type access struct {
	reads, writes map[*cfacts.Var]bool
}

func newAccess() access {
	return access{reads: map[*cfacts.Var]bool{}, writes: map[*cfacts.Var]bool{}}
}

func (a access) add(b access) {
	for v := range b.reads {
		a.reads[v] = true
	}
	for v := range b.writes {
		a.writes[v] = true
	}
}

func (a access) clone() access {
	c := newAccess()
	c.add(a)
	return c
}

// anyMemory stands for memory reached through a pointer that device code
// computes (a local pointer, a routine's pointer parameter): it may be any
// variable's.
var anyMemory = &cfacts.Var{Name: "(any memory)"}

// mayAlias reports whether two accessed variables may name the same
// memory. The variables of a construct are distinct data (its data
// clauses name them, like restrict pointers); anyMemory may be any.
func mayAlias(u, v *cfacts.Var) bool {
	return u == v || u == anyMemory || v == anyMemory
}

func meets(x, y map[*cfacts.Var]bool) bool {
	for u := range x {
		for v := range y {
			if mayAlias(u, v) {
				return true
			}
		}
	}
	return false
}

// conflicts reports whether code with accesses a, run after code with
// accesses b on other work-items, must wait for it.
func (a access) conflicts(b access) bool {
	return meets(a.writes, b.reads) || meets(a.writes, b.writes) || meets(a.reads, b.writes)
}

// syncState is what happened since the last barrier in redundant code.
type syncState struct {
	single access // accesses of the one work-item that runs guarded code
	lanes  access // accesses of all work-items: partitioned loops, redundant reads
	// can: a barrier can be placed here (every work-item of the group runs
	// this code); otherwise a needed barrier is an error.
	can bool
}

func newSyncState(can bool) *syncState {
	return &syncState{single: newAccess(), lanes: newAccess(), can: can}
}

func (s *syncState) clone() *syncState {
	return &syncState{single: s.single.clone(), lanes: s.lanes.clone(), can: s.can}
}

func (s *syncState) merge(o *syncState) {
	s.single.add(o.single)
	s.lanes.add(o.lanes)
}

// dropShared forgets the gang-shared (__local) arrays: a barrier on local
// memory ordered their accesses.
func (s *syncState) dropShared(shared map[*cfacts.Var]string) {
	for v := range shared {
		delete(s.single.reads, v)
		delete(s.single.writes, v)
		delete(s.lanes.reads, v)
		delete(s.lanes.writes, v)
	}
}

func (s *syncState) clear() {
	s.single, s.lanes = newAccess(), newAccess()
}

// stmtKind is how redundant code runs a statement.
type stmtKind int

const (
	kindPure   stmtKind = iota // every work-item runs it, no side effect on shared memory
	kindSingle                 // one work-item runs it (writes shared memory)
	kindLanes                  // a partitioned loop (or a call that partitions): all work-items, each its part
	kindMixed                  // structure around partitioned loops and other statements
)

// ---- analysis of statements ----

// memKey is the key of the memory that variable v names when other
// work-items see it (nil when it is private): the variable itself for the
// construct's device arrays and scalars and gang-shared arrays, anyMemory
// for other pointers.
func (g *kgen) memKey(v *cfacts.Var) *cfacts.Var {
	if v == nil {
		return nil
	}
	if _, ok := g.k.Shared[v]; ok {
		return v
	}
	for _, cv := range g.k.Vars {
		if cv.Var == v && (cv.Mode == ModeArray || cv.Mode == ModeRef) {
			return v
		}
	}
	if v.Type != nil && v.Type.Kind == cfacts.TypePointer {
		return anyMemory
	}
	return nil
}

// lvalueRoot is the variable at the root of an lvalue (a, a[i][j], *p,
// *p++, p->x); a member path's variable for v.x[i] (attach.go).
func (c *compilation) lvalueRoot(e *cfacts.Expr) *cfacts.Var {
	for e != nil {
		if pv := c.mpaths.varAt(e); pv != nil {
			return pv
		}
		switch e.Kind {
		case cfacts.ExprIdent:
			return e.Var
		case cfacts.ExprIndex, cfacts.ExprMember, cfacts.ExprCast, cfacts.ExprPreInc, cfacts.ExprPostInc:
			e = e.X // (*p++ = v: through p)
		case cfacts.ExprUnary:
			if e.Op != "*" {
				return nil
			}
			e = e.X
		case cfacts.ExprBinary:
			// *(p + i)
			if e.X != nil && e.X.Type != nil && (e.X.Type.Kind == cfacts.TypePointer || e.X.Type.Kind == cfacts.TypeArray) {
				e = e.X
			} else {
				e = e.Y
			}
		default:
			return nil
		}
	}
	return nil
}

// effects describes statement s as redundant code sees it: the device
// memory it accesses, whether it writes shared memory (side), the private
// scalars declared outside s that it assigns, and whether it contains a
// partitioned loop or a call of a routine that partitions (lanes).
type effects struct {
	acc     access
	side    bool
	private []*cfacts.Var // assigned private scalars declared outside s
	arrays  bool          // it assigns a private array declared outside s
	lanes   bool
	escapes bool // a break, continue or return that leaves s
}

func (g *kgen) effectsOf(s *cfacts.Stmt) effects {
	ef := effects{acc: newAccess()}
	seenPriv := map[*cfacts.Var]bool{}
	g.walkEffects(s, s, &ef, seenPriv)
	ef.escapes = escapes(s)
	return ef
}

func (g *kgen) walkEffects(root, s *cfacts.Stmt, ef *effects, seenPriv map[*cfacts.Var]bool) {
	cfacts.Walk(s, func(st *cfacts.Stmt) bool {
		if lp := g.k.LoopOf[st]; lp != nil && lp.Levels&(analysis.LevelWorker|analysis.LevelVector) != 0 {
			ef.lanes = true
		}
		if g.c.prog.atomics[st] != nil {
			ef.side = true
		}
		for _, v := range st.Decls {
			if _, shared := g.k.Shared[v]; shared && v.Init != nil {
				ef.side = true // the gang's array gets its initial value (kernelgen.go sharedInit)
				ef.acc.writes[v] = true
			}
		}
		cfacts.StmtExprs(st, func(e *cfacts.Expr) {
			g.exprEffects(root, e, ef, seenPriv)
		})
		return true
	})
}

func (g *kgen) exprEffects(root *cfacts.Stmt, e *cfacts.Expr, ef *effects, seenPriv map[*cfacts.Var]bool) {
	cfacts.WalkExpr(e, func(x *cfacts.Expr) bool {
		switch x.Kind {
		case cfacts.ExprIdent:
			if m := g.memKey(x.Var); m != nil {
				ef.acc.reads[m] = true
			}
		case cfacts.ExprMember:
			if pv := g.c.mpaths.varAt(x); pv != nil { // v.x: what it points to (attach.go)
				if m := g.memKey(pv); m != nil {
					ef.acc.reads[m] = true
				}
				return false
			}
		case cfacts.ExprAssign, cfacts.ExprPreInc, cfacts.ExprPostInc:
			v := g.c.lvalueRoot(x.X)
			if v == nil {
				ef.side = true
				break
			}
			if x.X.Kind == cfacts.ExprIdent && declaredIn(v, root) {
				break // the statement's own variable (a pointer walk's p++)
			}
			if g.atomicSpace(x.X) != "" {
				ef.side = true
				if m := g.memKey(v); m != nil {
					ef.acc.writes[m] = true
				} else {
					ef.acc.writes[anyMemory] = true
				}
				break
			}
			if declaredIn(v, root) || seenPriv[v] {
				break
			}
			seenPriv[v] = true
			if v.Type != nil && v.Type.Kind == cfacts.TypeArray {
				ef.arrays = true
			} else {
				ef.private = append(ef.private, v)
			}
		case cfacts.ExprCall:
			fm := g.c.routineOf(x.Name)
			if fm == nil {
				break
			}
			if routineLevelsBelow(fm.Level) != 0 {
				ef.lanes = true
			}
			if g.c.routineWrites(fm, map[*analysis.FuncModel]bool{}) {
				ef.side = true
				for _, a := range x.Args {
					if m := g.memKey(g.c.lvalueRoot(pointerBase(a))); m != nil {
						ef.acc.writes[m] = true
					}
				}
				for _, v := range g.c.routineGlobals(fm) { // routineglobals.go
					if m := g.memKey(v); m != nil {
						ef.acc.writes[m] = true
					}
				}
			}
		}
		return true
	})
}

// pointerBase strips & from a pointer argument (&a[i] → a[i]).
func pointerBase(a *cfacts.Expr) *cfacts.Expr {
	for a != nil && (a.Kind == cfacts.ExprUnary && a.Op == "&" || a.Kind == cfacts.ExprCast) {
		a = a.X
	}
	if a != nil && a.Kind == cfacts.ExprBinary && (a.Op == "+" || a.Op == "-") {
		if a.X.Type != nil && (a.X.Type.Kind == cfacts.TypePointer || a.X.Type.Kind == cfacts.TypeArray) {
			return pointerBase(a.X)
		}
		return pointerBase(a.Y)
	}
	return a
}

// escapes reports whether s contains a break, continue or return that
// leaves it (guarding s would let only one work-item take the jump).
func escapes(s *cfacts.Stmt) bool {
	var walk func(x *cfacts.Stmt, inLoop, inSwitch bool) bool
	walk = func(x *cfacts.Stmt, inLoop, inSwitch bool) bool {
		if x == nil {
			return false
		}
		switch x.Kind {
		case cfacts.StmtBreak:
			return !inLoop && !inSwitch
		case cfacts.StmtContinue:
			return !inLoop
		case cfacts.StmtReturn, cfacts.StmtGoto:
			return true
		case cfacts.StmtFor, cfacts.StmtWhile, cfacts.StmtDo:
			return walk(x.Body, true, false)
		case cfacts.StmtSwitch:
			return walk(x.Body, inLoop, true)
		case cfacts.StmtCompound:
			for _, y := range x.List {
				if walk(y, inLoop, inSwitch) {
					return true
				}
			}
			return false
		case cfacts.StmtIf:
			return walk(x.Then, inLoop, inSwitch) || walk(x.Else, inLoop, inSwitch)
		case cfacts.StmtCase, cfacts.StmtDefault, cfacts.StmtLabel:
			return walk(x.Body, inLoop, inSwitch)
		}
		return false
	}
	return walk(s, false, false)
}

// routineWrites reports whether routine fm (or one it calls) writes memory
// through a pointer: a call of it in redundant code has side effects.
func (c *compilation) routineWrites(fm *analysis.FuncModel, seen map[*analysis.FuncModel]bool) bool {
	if home := c.homeOf(fm); home != c {
		return home.routineWrites(fm, seen)
	}
	if seen[fm] || fm.Func.Body == nil {
		return false
	}
	seen[fm] = true
	found := false
	walkAllExprs(fm.Func.Body, func(e *cfacts.Expr) {
		if found {
			return
		}
		switch e.Kind {
		case cfacts.ExprAssign, cfacts.ExprPreInc, cfacts.ExprPostInc:
			v := c.lvalueRoot(e.X)
			if v == nil || v.Type == nil || v.Type.Kind == cfacts.TypePointer && e.X.Kind != cfacts.ExprIdent || v.Storage == cfacts.StorageGlobal {
				found = true
			}
		case cfacts.ExprCall:
			if callee := c.routineOf(e.Name); callee != nil && c.routineWrites(callee, seen) {
				found = true
			}
		}
	})
	return found
}

// routineNeedsSync reports whether routine fm has code outside its
// partitioned loops that writes memory as well as partitioned loops (or
// calls of routines that partition): it synchronizes the work-items of a
// gang, so it must be called where all of them make the call.
func (c *compilation) routineNeedsSync(fm *analysis.FuncModel) bool {
	if home := c.homeOf(fm); home != c {
		return home.routineNeedsSync(fm)
	}
	if fm.Func.Body == nil || fm.Level&(analysis.LevelGang|analysis.LevelWorker|analysis.LevelVector) == 0 {
		return false
	}
	var loops []*cfacts.Stmt
	var walk func(rs []*analysis.Region)
	walk = func(rs []*analysis.Region) {
		for _, r := range rs {
			if r.IsLoop() && r.Level&(analysis.LevelWorker|analysis.LevelVector) != 0 && r.Stmt != nil {
				loops = append(loops, r.Stmt)
				continue
			}
			walk(r.Children)
		}
	}
	walk(fm.Regions)
	inLoop := func(e *cfacts.Expr) bool {
		for _, s := range loops {
			if s.Span.Start <= e.Span.Start && e.Span.End <= s.Span.End {
				return true
			}
		}
		return false
	}
	partitions, writes := len(loops) > 0, false
	check := func(e *cfacts.Expr) {
		cfacts.WalkExpr(e, func(x *cfacts.Expr) bool {
			if inLoop(x) {
				return false
			}
			switch x.Kind {
			case cfacts.ExprAssign, cfacts.ExprPreInc, cfacts.ExprPostInc:
				if v := c.lvalueRoot(x.X); v == nil || v.Type != nil && v.Type.Kind == cfacts.TypePointer && x.X.Kind != cfacts.ExprIdent {
					writes = true
				}
			case cfacts.ExprCall:
				if callee := c.routineOf(x.Name); callee != nil {
					if routineLevelsBelow(callee.Level)&(analysis.LevelWorker|analysis.LevelVector) != 0 {
						partitions = true
					}
					if c.routineWrites(callee, map[*analysis.FuncModel]bool{}) {
						writes = true
					}
				}
			}
			return true
		})
	}
	cfacts.Walk(fm.Func.Body, func(st *cfacts.Stmt) bool {
		if c.prog.atomics[st] != nil {
			return false // atomics run once and need no order in a routine
		}
		cfacts.StmtExprs(st, check)
		return true
	})
	return partitions && writes
}

// ---- generation ----

// redundantLevels are the levels whose work-items all run statement s (0
// when it is not redundant code, or in a serial kernel). In a routine they
// are those of its calls (known at run time: atomicGuard spells the guard).
func (g *kgen) redundantLevels(s *cfacts.Stmt) analysis.Level {
	_, red := g.callPlace(s.Span)
	return red & (analysis.LevelWorker | analysis.LevelVector)
}

// singleGuard is the condition of the one work-item that runs a guarded
// statement at s.
func (g *kgen) singleGuard(s *cfacts.Stmt) string {
	cond, _ := g.atomicGuard(s.Span)
	return cond
}

// kindOf classifies statement s of redundant code.
func (g *kgen) kindOf(s *cfacts.Stmt, ef effects) stmtKind {
	switch {
	case ef.lanes:
		if lp := g.k.LoopOf[s]; lp != nil && lp.Levels&(analysis.LevelWorker|analysis.LevelVector) != 0 {
			return kindLanes
		}
		if s.Kind == cfacts.StmtExpr || s.Kind == cfacts.StmtDecl {
			// a call of a routine that partitions: every work-item makes
			// it, the routine runs its redundant code once (its guards)
			return kindLanes
		}
		return kindMixed
	case ef.side:
		return kindSingle
	}
	return kindPure
}

// needs reports whether code of kind k with accesses a must wait at a
// barrier for what the other side did since the last one; withSingle is
// set when the conflict involves the single work-item's code (the order
// that the guards create) rather than only work-items that each run their
// own part (partitioned loops, redundant reads).
func (st *syncState) needs(k stmtKind, a access) (need, withSingle bool) {
	switch k {
	case kindSingle:
		need = a.conflicts(st.lanes)
		withSingle = need
	default:
		withSingle = a.conflicts(st.single)
		need = withSingle || a.conflicts(st.lanes)
	}
	return need, withSingle
}

// record notes the accesses a of code of kind k.
func (st *syncState) record(k stmtKind, a access) {
	switch k {
	case kindSingle:
		st.single.add(a)
	case kindLanes, kindPure:
		// pure code reads on every work-item, the single one included
		st.lanes.add(a)
	case kindMixed:
		st.single.add(a)
		st.lanes.add(a)
	}
}

// syncBefore places a barrier before code of kind k with accesses a when
// it conflicts with what the other side did since the last barrier, and
// records a.
func (g *kgen) syncBefore(s *cfacts.Stmt, k stmtKind, a access) {
	st := g.sync
	if st == nil {
		return
	}
	need, withSingle := st.needs(k, a)
	if need && !st.can && !withSingle {
		need = false // no barrier possible, and none needed for the guards
	}
	if need {
		if !st.can {
			g.fail(s.Span, "this statement needs a barrier with the redundant code before it (one work-item writes device memory that the others read, or the other way round), and not every work-item of the gang reaches it here (worker-single code nested in control flow, or a routine called inside a worker or vector loop): not supported by the compiler yet")
			return
		}
		g.line(0, "%s", syncBarrier)
		st.clear()
	}
	st.record(k, a)
}

// redundantStmt writes statement s when it is redundant code that needs
// care (a guard, a broadcast, barriers); it reports whether it wrote s.
func (g *kgen) redundantStmt(s *cfacts.Stmt) bool {
	if g.single || g.k == nil || g.k.Serial && g.rt == nil {
		return false
	}
	red := g.redundantLevels(s)
	if red == 0 && g.sync == nil {
		return false
	}
	switch s.Kind {
	case cfacts.StmtNull, cfacts.StmtBreak, cfacts.StmtContinue, cfacts.StmtReturn, cfacts.StmtCase, cfacts.StmtDefault, cfacts.StmtLabel, cfacts.StmtGoto:
		return false
	}
	ef := g.effectsOf(s)
	kind := g.kindOf(s, ef)
	if lp := g.k.LoopOf[s]; lp != nil && lp.Shares && g.sync != nil {
		// the loop starts with a barrier on __local memory
		g.sync.dropShared(g.k.Shared)
	}
	if g.syncDone == s {
		g.syncDone = nil
	} else if kind != kindMixed {
		g.syncBefore(s, kind, ef.acc)
	}
	switch kind {
	case kindPure:
		return false
	case kindLanes:
		lp := g.k.LoopOf[s]
		if lp == nil {
			return false // a routine call: the routine partitions
		}
		saved := g.sync
		g.sync = nil
		g.loop(lp)
		g.sync = saved
		if saved != nil && lp.barrier() {
			// the loop ends with a barrier on __local memory
			saved.dropShared(g.k.Shared)
		}
		return true
	case kindSingle:
		if red == 0 || g.c.prog.atomics[s] != nil {
			return false // atomics run once themselves (atomic.go)
		}
		if ef.escapes || ef.arrays || len(ef.private) > 0 && s.Kind != cfacts.StmtExpr && s.Kind != cfacts.StmtDecl {
			return g.structured(s)
		}
		g.guardedSingle(s, ef)
		return true
	}
	return g.structured(s)
}

// structured writes a statement that contains partitioned loops or must
// be guarded piece by piece: its header runs on every work-item (it must
// have no side effect), its statements go through stmt again.
func (g *kgen) structured(s *cfacts.Stmt) bool {
	ln := g.srcLine(s.Span.Start)
	pure := func(es ...*cfacts.Expr) {
		ef := effects{acc: newAccess()}
		for _, e := range es {
			if e != nil {
				g.exprEffects(s, e, &ef, map[*cfacts.Var]bool{})
			}
		}
		if ef.side {
			g.fail(s.Span, "the condition or header of this statement writes device memory, and the workers or vector lanes of a gang run it redundantly around a partitioned loop: not supported by the compiler yet (compute the value in a statement before it)")
		}
		g.syncBefore(s, kindPure, ef.acc)
	}
	switch s.Kind {
	case cfacts.StmtCompound:
		return false // stmt writes its items, each through redundantStmt
	case cfacts.StmtIf:
		pure(s.Cond)
		g.line(ln, "if (%s)", g.expr(s.Cond, precComma))
		var before *syncState
		if g.sync != nil {
			before = g.sync.clone()
		}
		g.body(s.Then)
		// After the if, what either branch (or neither) left pending; the
		// state is changed in place (syncItem holds it).
		if s.Else != nil {
			g.line(0, "else")
			if st := g.sync; st != nil {
				then := st.clone()
				st.single, st.lanes = before.single, before.lanes
				g.body(s.Else)
				st.merge(then)
			} else {
				g.body(s.Else)
			}
		} else if g.sync != nil {
			g.sync.merge(before)
		}
		return true
	case cfacts.StmtFor, cfacts.StmtWhile, cfacts.StmtDo:
		if lp := g.k.LoopOf[s]; lp != nil && lp.Levels != 0 {
			// a gang loop: its body is redundant code of its own
			g.loop(lp)
			if g.sync != nil {
				all := g.effectsOf(s).acc
				g.sync.single.add(all)
				g.sync.lanes.add(all)
			}
			return true
		}
		var hdr []*cfacts.Expr
		if s.Kind == cfacts.StmtFor {
			if s.Init != nil && s.Init.Kind == cfacts.StmtExpr {
				hdr = append(hdr, s.Init.Expr)
			}
			if s.Init != nil && s.Init.Kind == cfacts.StmtDecl {
				for _, v := range s.Init.Decls {
					hdr = append(hdr, v.Init)
				}
			}
			hdr = append(hdr, s.Post)
		}
		pure(append(hdr, s.Cond)...)
		// the body's accesses are pending at its top (the previous iteration)
		if g.sync != nil {
			all := g.effectsOf(s).acc
			g.sync.single.add(all)
			g.sync.lanes.add(all)
		}
		if lp := g.k.LoopOf[s]; lp != nil {
			g.loop(lp) // loop seq: private copies around the plain loop
			return true
		}
		return false
	case cfacts.StmtSwitch:
		pure(s.Cond)
		return false
	}
	if s.Kind == cfacts.StmtDecl || s.Kind == cfacts.StmtExpr {
		g.fail(s.Span, "this statement writes device memory and assigns private arrays, and the workers or vector lanes of a gang run it redundantly: not supported by the compiler yet")
	}
	return false
}

// guardedSingle writes an expression statement or declaration that writes
// shared memory: one work-item runs it, the private scalars it assigns go
// to the others through __local scratch.
func (g *kgen) guardedSingle(s *cfacts.Stmt, ef effects) {
	cond := g.singleGuard(s)
	ln := g.srcLine(s.Span.Start)
	priv := ef.private
	if s.Kind == cfacts.StmtDecl {
		// declare everywhere, initialize on one work-item
		for _, v := range s.Decls {
			d, ok := g.declareInScope(v)
			if !ok {
				continue
			}
			if v.Type.Kind == cfacts.TypeArray && v.Init != nil {
				g.fail(v.NameSpan, "an initialized array whose initializer writes device memory in redundant code is not supported by the compiler yet")
				continue
			}
			g.line(g.srcLine(v.NameSpan.Start), "%s;", d)
			if v.Init != nil {
				priv = append(priv, v)
			}
		}
	}
	g.line(0, "if (%s) { /* one work-item runs this code of the gang (or worker) */", cond)
	g.indent++
	g.single = true
	switch s.Kind {
	case cfacts.StmtDecl:
		for _, v := range s.Decls {
			if _, shared := g.k.Shared[v]; shared && v.Init != nil {
				g.sharedInit(v)
				continue
			}
			if v.Init != nil && v.Type.Kind != cfacts.TypeArray {
				g.line(g.srcLine(v.NameSpan.Start), "%s = %s;", clName(v.Name), g.expr(v.Init, precAssign))
			}
		}
	case cfacts.StmtExpr:
		g.line(ln, "%s;", g.expr(s.Expr, precComma))
	default:
		g.stmt(s)
	}
	g.single = false
	if len(priv) == 0 {
		g.indent--
		g.line(0, "}")
		return
	}
	// Broadcast the private scalars it assigned to the work-items that run
	// deeper partitioned loops with them; inside a partitioned loop the
	// others (workers around a vector loop) only repeat the guarded work.
	around, _ := g.callPlace(s.Span)
	if around&analysis.LevelVector != 0 || around&analysis.LevelWorker != 0 && g.redundantLevels(s)&analysis.LevelVector == 0 {
		priv = nil
	}
	if len(priv) == 0 {
		g.indent--
		g.line(0, "}")
		return
	}
	sort.Slice(priv, func(i, j int) bool { return priv[i].NameSpan.Start < priv[j].NameSpan.Start })
	if g.rt != nil || g.sync == nil || !g.sync.can {
		g.indent--
		g.line(0, "}")
		var names []string
		for _, v := range priv {
			names = append(names, "'"+v.Name+"'")
		}
		g.fail(s.Span, "this statement writes device memory and assigns %s, and the workers or vector lanes of a gang run it redundantly: one work-item runs it and the value goes to the others through __local memory, which needs every work-item of the gang here (gang-redundant code of a kernel, or one value in a statement of a worker loop's body): not supported here by the compiler yet", strings.Join(names, ", "))
		return
	}
	g.needScratch = true
	var loads []string
	for i, v := range priv {
		t, err := scalarCL(v.Type)
		if err != nil {
			g.fail(v.NameSpan, "'%s': %v", v.Name, err)
			continue
		}
		if needsFP64(t) {
			g.em.fp64 = true
		}
		name, err := g.spell(v)
		if err != nil {
			g.fail(v.NameSpan, "%v", err)
			continue
		}
		slot := fmt.Sprintf("((__local %s *)%s)[%d]", t, routineScratchName, i)
		g.line(0, "%s = %s; /* for the other work-items */", slot, name)
		loads = append(loads, fmt.Sprintf("%s = %s;", name, slot))
	}
	g.indent--
	g.line(0, "}")
	g.line(0, "barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE); /* the values (and the writes) reach the other work-items */")
	for _, l := range loads {
		g.line(ln, "%s", l)
	}
	g.line(0, "barrier(CLK_LOCAL_MEM_FENCE); /* the scratch can be used again */")
	g.sync.clear()
}

// workerSync makes a worker loop whose body has worker-single code that
// writes device memory and vector loops run a uniform number of rounds, so
// that barriers can go between the statements of its body; it returns the
// sync state of the body (nil when the body needs none).
func (g *kgen) workerSync(lp *Loop) *syncState {
	if g.k.Serial || lp.Levels&analysis.LevelWorker == 0 || lp.Levels&analysis.LevelVector != 0 {
		return nil
	}
	if g.rt != nil {
		// a worker loop of a routine: its workers need not all run it
		// uniformly; a needed barrier is an error unless the loop runs
		// uniform rounds for a reduction loop inside it (reduce_routine.go)
		return newSyncState(lp.Uniform)
	}
	if g.kernelRedundant()&analysis.LevelVector == 0 {
		return nil
	}
	body := lp.Stmts[len(lp.Stmts)-1].Body
	if body == nil {
		return nil
	}
	items := []*cfacts.Stmt{body}
	if body.Kind == cfacts.StmtCompound {
		items = body.List
	}
	// Would the statements of the body need a barrier or a broadcast? (The
	// same classification as redundantStmt, without writing anything.)
	sim := newSyncState(true)
	need := false
	for _, x := range items {
		ef := g.effectsOf(x)
		k := g.kindOf(x, ef)
		if n, _ := sim.needs(k, ef.acc); n {
			need = true
			sim.clear()
		}
		sim.record(k, ef.acc)
		if k == kindSingle && (len(ef.private) > 0 || x.Kind == cfacts.StmtDecl) {
			need = true // perhaps a broadcast
		}
	}
	if !need || escapes(body) {
		// nothing to order, or a continue would skip the barriers
		return newSyncState(false)
	}
	lp.Uniform = true
	return newSyncState(true)
}

// syncItem places the barrier before one statement of a uniform worker
// loop's body (outside its `if (on)`); the statement's own writing then
// skips it, and the statements nested in it cannot have barriers (the
// returned function ends that).
func (g *kgen) syncItem(s *cfacts.Stmt) func() {
	st := g.sync
	if st == nil || g.single {
		return func() {}
	}
	ef := g.effectsOf(s)
	if st.can {
		g.syncBefore(s, g.kindOf(s, ef), ef.acc)
		g.syncDone = s
	}
	if s.Kind == cfacts.StmtDecl && ef.side {
		g.fail(s.Span, "a declaration whose initializer writes device memory, in worker-single code of a worker loop with barriers: not supported by the compiler yet (declare the variable, then assign it)")
	}
	can := st.can
	st.can = false
	return func() { st.can = can }
}

// kernelSync is the sync state at the top of a kernel's body: every
// work-item of the group runs it.
func (g *kgen) kernelSync() *syncState {
	if g.rt != nil || g.k.Serial || g.k.Grid > 0 || g.kernelRedundant() == 0 {
		return nil
	}
	return newSyncState(true)
}

// needScratchParam gives kernel k the __local scratch for broadcasts when
// it has none yet (it then has to be written again).
func needScratchParam(k *Kernel) bool {
	for _, p := range k.Params {
		if p.Kind == ParamScratch && p.Name == routineScratchName {
			return false
		}
	}
	addScratchParam(k)
	return true
}

// workerBroadcast writes a statement of a uniform worker loop's body that
// writes device memory and assigns one private scalar (x = c[j]++, int b =
// next[j]++): the worker's lane 0 runs it and stores the value in the
// worker's slot of the __local scratch, every work-item of the group
// passes the barrier (outside the loop's `if (on)`), and the lanes of the
// worker read the value. It reports whether it wrote s.
func (g *kgen) workerBroadcast(s *cfacts.Stmt, on string) bool {
	st := g.sync
	if st == nil || !st.can || g.single || g.rt != nil || s.Kind != cfacts.StmtExpr && s.Kind != cfacts.StmtDecl {
		return false
	}
	if g.c.prog.atomics[s] != nil {
		return false
	}
	ef := g.effectsOf(s)
	if g.kindOf(s, ef) != kindSingle || ef.escapes || ef.arrays {
		return false
	}
	around, _ := g.callPlace(s.Span)
	if around&analysis.LevelWorker == 0 || around&analysis.LevelVector != 0 || g.redundantLevels(s)&analysis.LevelVector == 0 {
		return false
	}
	priv := ef.private
	if s.Kind == cfacts.StmtDecl {
		for _, v := range s.Decls {
			if v.Init != nil {
				priv = append(priv, v)
			}
		}
	}
	if len(priv) != 1 {
		return false // none: a plain guard; several: an error (one slot per worker)
	}
	v := priv[0]
	t, err := scalarCL(v.Type)
	if err != nil || v.Type.Kind == cfacts.TypeArray {
		return false
	}
	if needsFP64(t) {
		g.em.fp64 = true
	}
	g.syncBefore(s, kindSingle, ef.acc)
	ln := g.srcLine(s.Span.Start)
	if s.Kind == cfacts.StmtDecl {
		for _, d := range s.Decls {
			if text, ok := g.declareInScope(d); ok {
				g.line(g.srcLine(d.NameSpan.Start), "%s;", text)
			}
		}
	}
	name, err := g.spell(v)
	if err != nil {
		g.fail(v.NameSpan, "%v", err)
		return true
	}
	slot := fmt.Sprintf("((__local %s *)%s)[_worker * _vlen]", t, routineScratchName)
	g.line(0, "if (%s && %s) { /* one lane of the worker runs this code */", on, g.singleGuard(s))
	g.indent++
	g.single = true
	if s.Kind == cfacts.StmtDecl {
		for _, d := range s.Decls {
			if d.Init != nil {
				g.line(g.srcLine(d.NameSpan.Start), "%s = %s;", clName(d.Name), g.expr(d.Init, precAssign))
			}
		}
	} else {
		g.line(ln, "%s;", g.expr(s.Expr, precComma))
	}
	g.single = false
	g.line(0, "%s = %s; /* for the other lanes of the worker */", slot, name)
	g.indent--
	g.line(0, "}")
	g.line(0, "barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE); /* the value (and the writes) reach the other lanes */")
	g.line(0, "if (%s)", on)
	g.line(ln, "\t%s = %s;", name, slot)
	g.line(0, "barrier(CLK_LOCAL_MEM_FENCE); /* the scratch can be used again */")
	st.clear()
	g.needScratch = true
	return true
}

// routineSyncs reports whether routine fm, or a routine it calls, has
// barriers: loop reductions, or redundant code next to partitioned loops
// (routineNeedsSync). Such routines are called where every work-item of
// the gang makes the call.
func (c *compilation) routineSyncs(fm *analysis.FuncModel) bool {
	return c.routineBarriers(fm, map[*analysis.FuncModel]bool{}, true)
}
