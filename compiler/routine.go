package compiler

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/analysis"
	"github.com/accls/accls/source/cfacts"
)

// The routine directive (OpenACC 3.3 §2.15). A function with `#pragma acc
// routine seq|vector|worker|gang` before it (or named by `routine(name)`)
// that device code calls is written into the OpenCL program as a function
// of the same name, from its C facts like a kernel body; the host keeps the
// original function (the directives inside it are ignored there).
//
//   - Parameters: numbers by value; pointers carry the address space of
//     what the call passes (OpenCL 1.2 pointers name their memory and there
//     is no generic space): device memory (an array or a pointer of the
//     construct, a scalar with a data clause by address) makes a __global
//     pointer, a work-item's own variable (`lcg(&seed)`, a private array) a
//     private one, a gang-shared array a __local one. A routine called with
//     other spaces than all __global is written once more for each
//     combination (squash_p: its pointer parameter private), as C++
//     templates are; the pointers it declares and passes on follow.
//   - Every routine takes one more argument, the calling work-item's place
//     (_accls_ctx: gang, worker, lane, the shape, and which levels run the
//     call redundantly), so that its `loop gang/worker/vector` loops share
//     their iterations among the work-items exactly as the same loops
//     written inline would (grid-stride loops over _gang, _worker, _lane).
//     A vector routine is called by all vector lanes of a worker, a worker
//     routine by all workers of a gang, a gang routine by all gangs.
//   - Levels: a routine may contain loops of its level and below (a loop
//     with no level clause is seq); it may be called only where the levels
//     at and below its own are not partitioned yet (a vector routine not in
//     a vector loop, a worker routine not in a worker or vector loop, a gang
//     routine only from gang-redundant code), and a routine may call
//     routines of its level or below. A loop that calls a vector routine
//     does not take the vector level itself (the lanes are the routine's).
//   - Like inline code, a routine called where the vector lanes (or the
//     workers) of a gang run the code redundantly runs in each of them, and
//     its statements that write device memory (and its atomics) run on one
//     of them (the _accls_ctx red levels; redundant.go). A seq routine that
//     writes memory is called by one work-item of redundant code. A routine
//     with such writes next to partitioned loops places barriers between
//     them, so it must be called where every work-item of the gang makes
//     the call (routineSyncs), and its private scalars are not handed
//     to the other lanes: a statement that writes memory and assigns one is
//     an error there.
//   - Worker and vector loop reductions in a routine combine in the calling
//     kernel's __local scratch (passed in _accls_ctx) with barriers, and
//     every work-item gets the result: such a loop may be nested only as a
//     vector loop in a worker loop of the routine (which then runs uniform
//     rounds: reduce_routine.go), and the routine (or one that
//     calls it) must be called where no worker or vector loop partitions
//     the work, so that every work-item of the group reaches the barriers.
//   - Globals: a routine reads global constants from a __constant copy
//     (constglobals.go) and reaches the globals a file-scope declare puts
//     on the device through hidden parameters (routineglobals.go).
//   - Not supported (errors): gang-level reductions on the loops
//     of routines, other globals in a routine body, recursion, routines
//     without a body in the file, variable-length array parameters, bind
//     and device_type.
//
// A function this file defines without a routine directive and without
// directives inside is an implicit 'routine seq' when device code calls it
// (implicitRoutine); errors in its body say so (implicitNote).
//
// acc_on_device(dev) in device code is true for acc_device_not_host and
// for the type of the device the program was built for (the runtime
// passes it as ACCLS_DEVICE_TYPE when it builds the program).

// routineClauses are the clauses of routine the compiler implements.
var routineClauses = []string{"seq", "vector", "worker", "gang", "nohost", "bind"}

// routineLevelsBelow are the levels a routine of level l partitions (and
// that must therefore still be free where it is called).
func routineLevelsBelow(l analysis.Level) analysis.Level {
	switch {
	case l&analysis.LevelGang != 0:
		return allLevels
	case l&analysis.LevelWorker != 0:
		return analysis.LevelWorker | analysis.LevelVector
	case l&analysis.LevelVector != 0:
		return analysis.LevelVector
	}
	return 0
}

// routineLevelName spells a routine level for messages.
func routineLevelName(l analysis.Level) string {
	switch {
	case l&analysis.LevelGang != 0:
		return "gang"
	case l&analysis.LevelWorker != 0:
		return "worker"
	case l&analysis.LevelVector != 0:
		return "vector"
	}
	return "seq"
}

// deviceRoutine is one routine function called by device code.
type deviceRoutine struct {
	fm    *analysis.FuncModel
	home  *compilation // of the file that defines it (peers.go)
	name  string       // OpenCL name
	level analysis.Level
	// red: the levels some call runs redundantly (vector lanes or workers
	// that all make the same call), the union over the calls seen.
	red    analysis.Level
	source string // the OpenCL function
	lines  []int  // user line of each line of source
	proto  string // its prototype
	calls  []*deviceRoutine
	// spaces are the address spaces of its pointer parameters' pointees
	// ("__global", "__local", "__private", "__constant"; "" for the other
	// parameters).
	spaces []string
}

// routineKey is one OpenCL function of a routine: the routine and the
// address spaces of its pointer parameters (deviceRoutine.spaces, joined).
type routineKey struct {
	fm     *analysis.FuncModel
	spaces string
}

// spaceSuffix names a routine's variant for address spaces other than all
// __global: one letter per pointer parameter (g, l, p, c), "" when all are
// __global.
func spaceSuffix(spaces []string) string {
	var b strings.Builder
	other := false
	for _, sp := range spaces {
		switch sp {
		case "":
			continue
		case "__local":
			b.WriteByte('l')
			other = true
		case "__private":
			b.WriteByte('p')
			other = true
		case "__constant":
			b.WriteByte('c')
			other = true
		default:
			b.WriteByte('g')
		}
	}
	if !other {
		return ""
	}
	return "_" + b.String()
}

// routineState is the compilation's routine bookkeeping.
type routineState struct {
	byKey    map[routineKey]*deviceRoutine
	clNames  map[string]bool  // the OpenCL names given
	used     []*deviceRoutine // in the order first called
	onDevice bool             // acc_on_device is used in device code
	// constants: the definitions of the global constants routines read
	// (constglobals.go), by name, in constantOrder.
	constants     map[string]string
	constantOrder []string
	// globals: the declared globals each routine uses (routineglobals.go).
	globals map[*analysis.FuncModel][]*cfacts.Var
}

func (c *compilation) routines() *routineState {
	if c.prog.routines == nil {
		c.prog.routines = &routineState{byKey: map[routineKey]*deviceRoutine{}, clNames: map[string]bool{}}
	}
	return c.prog.routines
}

// outlineRoutineDirective checks a routine directive (outside or inside a
// function body): its clauses must be ones the compiler implements.
func (c *compilation) outlineRoutineDirective(d *acc.Directive) {
	if c.checkDirective(d) {
		c.checkRoutineName(d)
	}
}

// checkRoutineName checks the name of a routine(name) directive.
func (c *compilation) checkRoutineName(d *acc.Directive) {
	if d.Paren != nil && len(d.Paren.Items) == 1 {
		name := d.Paren.Items[0].Text
		if decl := c.model.C.Decls[name]; decl == nil {
			c.errorAt(d.Paren.Items[0].Span, "'%s' in routine(%s) is not a function declared in this file", name, name)
		}
	}
}

// outlineRoutine checks the directives inside a routine's body: loops,
// atomics and cache directives run on the device when a compute construct
// calls the routine; nothing in it is a host action.
func (c *compilation) outlineRoutine(fm *analysis.FuncModel) {
	var walk func(rs []*analysis.Region, parent analysis.Level)
	walk = func(rs []*analysis.Region, parent analysis.Level) {
		for _, r := range rs {
			d := r.Directive
			if !c.checkDirective(d) {
				continue
			}
			lv := parent
			switch name := d.Spec.Name; {
			case name == "loop":
				l := r.Level &^ analysis.LevelSeq
				if l&^routineLevelsBelow(fm.Level) != 0 {
					c.errorAt(d.NameSpan, "a '%s' loop in '%s', a 'routine %s': a %s routine may contain %s", l, fm.Func.Name, routineLevelName(fm.Level), routineLevelName(fm.Level), routineMayContain(fm.Level))
				} else if l != 0 && shallowest(l) <= deepest(parent) {
					c.errorAt(d.NameSpan, "a '%s' loop cannot be nested in a '%s' loop", l, levelAt(0, deepest(parent)))
				}
				lv |= l
			case name == "atomic":
				c.checkAtomic(r)
			case name == "cache":
				c.checkCache(r)
			case name == "routine":
			default:
				c.errorAt(d.NameSpan, "'%s' inside a routine ('%s') is not allowed", name, fm.Func.Name)
				continue
			}
			walk(r.Children, lv)
		}
	}
	walk(fm.Regions, 0)
}

func routineMayContain(l analysis.Level) string {
	switch {
	case l&analysis.LevelGang != 0:
		return "gang, worker, vector and seq loops"
	case l&analysis.LevelWorker != 0:
		return "worker, vector and seq loops only"
	case l&analysis.LevelVector != 0:
		return "vector and seq loops only"
	}
	return "seq loops only"
}

// routineOf returns the routine function device code runs for a call of
// name: the function the bind clause of name's routine directive names,
// else the function a routine directive applies to, else its implicit routine (implicitRoutine),
// else a routine that another file of the program defines (peers.go); nil
// when device code cannot call it. homeOf(fm) is then the compilation of
// its file.
func (c *compilation) routineOf(name string) *analysis.FuncModel {
	if target, str, cl := c.boundName(name); cl != nil {
		if str && !isIdent(target) {
			return nil // bound to what the program does not define (deviceCall says so)
		}
		name = target // routine bind (routinebind.go): what device code calls
	}
	fm, home := c.findRoutine(name)
	if fm != nil {
		c.files.home[fm] = home
		home.checkPeerRoutine(fm)
	}
	return fm
}

func (c *compilation) findRoutine(name string) (*analysis.FuncModel, *compilation) {
	if c.model.Routines[name] == nil {
		if fm := c.implicitRoutine(name); fm != nil {
			return fm, c
		}
	} else {
		for _, fm := range c.model.Funcs {
			if fm.Func.Name == name && fm.Routine != nil {
				return fm, c
			}
		}
	}
	return c.otherFileRoutine(name)
}

// implicitRoutine is the implicit 'routine seq' of a function that this
// file defines without a routine directive, when device code calls it
// (OpenACC §2.15.1, "implicit routine directive": a procedure whose
// definition the compiler sees and that a compute region or a routine calls
// gets one, and so, recursively, do the procedures it calls; Clacc and the
// MLIR acc dialect make it seq, as here). nil for a function with OpenACC
// directives inside: its orphaned loops need the level that only an
// explicit directive gives (the analysis's orphan-loop-no-routine), so
// calling it from device code stays an error. The FuncModel is a copy
// with the seq level; the analysis model keeps the function a host one.
func (c *compilation) implicitRoutine(name string) *analysis.FuncModel {
	if fm, ok := c.implicit[name]; ok {
		return fm
	}
	var found *analysis.FuncModel
	for _, fm := range c.model.Funcs {
		if fm.Func.Name == name && fm.Func.Body != nil && len(fm.Directives) == 0 {
			seq := *fm
			seq.Level = analysis.LevelSeq
			found = &seq
			break
		}
	}
	if c.implicit == nil {
		c.implicit = map[string]*analysis.FuncModel{}
	}
	c.implicit[name] = found
	return found
}

// routineCallLevels marks the loops of kernel k that call routines which
// partition levels themselves: those loops do not take these levels when
// the compiler extends an innermost loop (assignLevels).
func (l *lowering) routineCallLevels(k *Kernel) {
	forEachLoop(k.Loops, func(lp *Loop) {
		body := lp.Stmts[len(lp.Stmts)-1].Body
		if body == nil {
			return
		}
		walkAllExprs(body, func(e *cfacts.Expr) {
			if e.Kind != cfacts.ExprCall || e.Name == "" {
				return
			}
			if fm := l.c.routineOf(e.Name); fm != nil {
				lp.RoutineLevels |= routineLevelsBelow(fm.Level)
			}
		})
	})
}

// routineKernelLevels are the levels that the loops of the routines kernel
// k calls partition: the kernel's work-groups need them (vector lanes for a
// vector routine's loop vector).
func (c *compilation) routineKernelLevels(k *Kernel) analysis.Level {
	var u analysis.Level
	for _, s := range k.Stmts {
		walkAllExprs(s, func(e *cfacts.Expr) {
			if e.Kind == cfacts.ExprCall && e.Name != "" {
				if fm := c.routineOf(e.Name); fm != nil {
					u |= c.routineUses(fm, map[*analysis.FuncModel]bool{}) & routineLevelsBelow(fm.Level)
				}
			}
		})
	}
	return u
}

// routineUses is the union of the levels of the loops of routine fm and of
// the routines it calls.
func (c *compilation) routineUses(fm *analysis.FuncModel, seen map[*analysis.FuncModel]bool) analysis.Level {
	if home := c.homeOf(fm); home != c {
		return home.routineUses(fm, seen)
	}
	if seen[fm] || fm.Func.Body == nil {
		return 0
	}
	seen[fm] = true
	var u analysis.Level
	var walk func(rs []*analysis.Region)
	walk = func(rs []*analysis.Region) {
		for _, r := range rs {
			if r.IsLoop() {
				u |= r.Level & allLevels
			}
			walk(r.Children)
		}
	}
	walk(fm.Regions)
	walkAllExprs(fm.Func.Body, func(e *cfacts.Expr) {
		if e.Kind == cfacts.ExprCall && e.Name != "" {
			if callee := c.routineOf(e.Name); callee != nil {
				u |= c.routineUses(callee, seen)
			}
		}
	})
	return u
}

// callArgument reports whether a variable is passed to a function (its
// address, array or pointer value): a pointer given to a routine counts as
// dereferenced.
func callArgument(a *analysis.VarAttr) bool {
	for _, r := range a.Refs {
		if r.Call {
			return true
		}
	}
	return false
}

// routineBuiltins are OpenCL built-in functions that a routine's name must
// not redefine.
var routineBuiltins = map[string]bool{}

func init() {
	for _, n := range strings.Fields(`dot cross distance length normalize fast_distance fast_length fast_normalize
		clamp degrees radians mix step smoothstep sign min max mad mad24 mul24 select all any bitselect
		rotate popcount clz ctz abs_diff add_sat sub_sat hadd rhadd upsample native_sin native_cos
		barrier mem_fence printf vload vstore shuffle`) {
		routineBuiltins[n] = true
	}
}

// deviceCall writes a call in device code: a routine, acc_on_device, or an
// error naming the function. ok is false for OpenCL math functions (the
// emitter writes those).
func (g *kgen) deviceCall(e *cfacts.Expr) (string, bool) {
	name := e.Name
	if _, builtin := intBuiltins[name]; builtin || name == "" {
		return "", false
	}
	if _, math := mathFuncs[name]; math {
		return "", false
	}
	switch strings.TrimPrefix(name, "__builtin_") {
	case "isnan", "isinf", "isfinite", "signbit", "isnormal":
		return "", false
	}
	rs := g.c.routines()
	if name == "acc_on_device" {
		if len(e.Args) != 1 {
			g.fail(e.Span, "acc_on_device takes one argument")
			return "0", true
		}
		rs.onDevice = true
		return "_accls_on_device((int)" + g.expr(e.Args[0], precUnary) + ")", true
	}
	fm := g.c.routineOf(name)
	if fm == nil && name == "printf" {
		return g.devicePrintf(e), true
	}
	if fm == nil {
		if !g.unboundRoutine(name, e.Span) { // routinebind.go: its bind names what cannot be called
			g.fail(e.Span, "call to '%s' in device code: %s", name, g.c.notCallable(name))
		}
		return name + "()", true
	}
	if fm.Func.Body == nil || fm.Func.Stale {
		where := ""
		if home := g.c.homeOf(fm); home != g.c {
			where = " (in " + home.prog.File + ")"
		}
		g.fail(e.Span, "'%s' is a routine but the C front end could not parse its body%s", name, where)
		return name + "()", true
	}
	if fm.Level == analysis.LevelNone {
		g.fail(e.Span, "'%s': a routine whose level is given only for a device_type is not supported by the compiler", name)
		return name + "()", true
	}
	if len(e.Args) != len(fm.Func.Params) {
		g.fail(e.Span, "'%s' takes %d arguments", name, len(fm.Func.Params))
		return name + "()", true
	}
	// Levels: those at and below the callee's must be free here.
	around, red := g.callPlace(e.Span)
	if g.single {
		red = 0 // a call in code that one work-item runs (guardedSingle)
	}
	if bad := around & routineLevelsBelow(fm.Level); bad != 0 {
		g.fail(e.Span, "call of '%s', a 'routine %s', inside a '%s' loop: %s", name, routineLevelName(fm.Level), bad, routineCallRule(fm.Level))
		return name + "()", true
	}
	if g.rt != nil && routineRank(fm.Level) > routineRank(g.rt.level) {
		g.fail(e.Span, "call of '%s', a 'routine %s', from '%s', a 'routine %s': a routine may call routines of its own level or below only", name, routineLevelName(fm.Level), g.rt.fm.Func.Name, routineLevelName(g.rt.level))
		return name + "()", true
	}
	if around&(analysis.LevelWorker|analysis.LevelVector) != 0 && g.c.routineSyncs(fm) {
		g.fail(e.Span, "call of '%s', which synchronizes the work-items of a gang (barriers: loop reductions, or code that one work-item runs next to partitioned loops), inside a '%s' loop: such routines must be called where every worker and vector lane of the gang makes the call", name, around&(analysis.LevelWorker|analysis.LevelVector))
		return name + "()", true
	}
	var args []string
	spaces := make([]string, len(e.Args))
	for i, a := range e.Args {
		if p := fm.Func.Params[i]; isPointer(p.Type) {
			spaces[i] = g.pointedSpace(a) // pointerspace.go
			if lvl := routineLevelName(fm.Level); spaces[i] == "__private" && lvl != "seq" {
				// each work-item would see its own copy of what the
				// routine's loops share out among them
				g.fail(a.Span, "argument %d of '%s' points to a work-item's private memory: the work-items that run a 'routine %s' together would each see their own copy; pass device data, or an array private to the gang (shared by its work-items)", i+1, name, lvl)
			}
		}
		if la, ok := g.linearArgs(name, i, a, fm.Func.Params[i], spaces[i]); ok { // routineparams.go
			args = append(args, la...)
			continue
		}
		args = append(args, g.conv(a, fm.Func.Params[i].Type, precAssign))
	}
	key := routineKey{fm, strings.Join(spaces, ",")}
	r := rs.byKey[key]
	if r == nil {
		r = &deviceRoutine{fm: fm, home: g.c.homeOf(fm), name: rs.clName(name + spaceSuffix(spaces)), level: fm.Level, spaces: spaces}
		rs.byKey[key] = r
		rs.used = append(rs.used, r)
	}
	r.red |= red
	if !slices.Contains(g.calls, r) {
		g.calls = append(g.calls, r)
	}
	args = append(args, g.routineGlobalArgs(fm)...) // routineglobals.go
	return r.name + "(" + strings.Join(append(args, g.ctxArg(around)), ", ") + ")", true
}

// devicePrintf writes printf in device code as OpenCL C's printf (1.2):
// each work-item that runs it prints, the device's output reaching stdout
// when the kernel has finished. The format must be a string literal (an
// OpenCL requirement); its conversions are C's, with long and double 64
// bits as on the host.
func (g *kgen) devicePrintf(e *cfacts.Expr) string {
	if len(e.Args) == 0 || e.Args[0].Kind != cfacts.ExprString {
		g.fail(e.Span, "printf in device code needs a string literal as its format (OpenCL C's printf)")
		return "0"
	}
	g.c.prog.UsesPrintf = true
	parts := []string{stringLiteral(e.Args[0])} // strings.go
	for _, a := range e.Args[1:] {
		if a.Kind == cfacts.ExprString { // %s takes literals only in OpenCL C
			parts = append(parts, stringLiteral(a))
			continue
		}
		if a.Type != nil && a.Type.Kind == cfacts.TypeFloat && a.Type.Size == 8 {
			g.c.prog.UsesDouble = true
		}
		parts = append(parts, g.expr(a, precAssign))
	}
	return "printf(" + strings.Join(parts, ", ") + ")"
}

// implicitNote ends the errors in the body of an implicit routine: the
// user wrote no directive there and may not know device code runs it.
func implicitNote(fm *analysis.FuncModel) string {
	if fm.Routine != nil {
		return ""
	}
	return fmt.Sprintf(" (in '%s', which device code calls: a function without a 'routine' directive is compiled as an implicit 'routine seq')", fm.Func.Name)
}

// notCallable says why device code cannot call the function name.
func (c *compilation) notCallable(name string) string {
	for _, fm := range c.model.Funcs {
		if fm.Func.Name == name && fm.Func.Body != nil {
			return fmt.Sprintf("'%s' has OpenACC directives inside but no 'routine' directive; give it one with its level (#pragma acc routine seq, vector, worker or gang)", name)
		}
	}
	if why := c.files.why[name]; why != "" {
		return why
	}
	if len(c.files.others) > 0 {
		return fmt.Sprintf("'%s' is not defined in this file or in the program's other files: device code can call the routines of the program, OpenCL's built-in math functions and printf", name)
	}
	return fmt.Sprintf("'%s' is not defined in this file: device code can call the functions this file defines (and the routines of the files built with it), OpenCL's built-in math functions and printf", name)
}

func routineCallRule(l analysis.Level) string {
	switch {
	case l&analysis.LevelGang != 0:
		return "a gang routine must be called outside gang, worker and vector loops"
	case l&analysis.LevelWorker != 0:
		return "a worker routine must be called outside worker and vector loops"
	}
	return "a vector routine must be called outside vector loops"
}

// routineRank orders routine levels: seq 0, vector 1, worker 2, gang 3.
func routineRank(l analysis.Level) int {
	switch {
	case l&analysis.LevelGang != 0:
		return 3
	case l&analysis.LevelWorker != 0:
		return 2
	case l&analysis.LevelVector != 0:
		return 1
	}
	return 0
}

func routineCLName(name string) string {
	if routineBuiltins[name] {
		return name + "_"
	}
	return clName(name)
}

// clName gives a routine an OpenCL name no other routine of the program
// has: two files may define static functions of the same name.
func (rs *routineState) clName(name string) string {
	n := routineCLName(name)
	for i := 2; rs.clNames[n]; i++ {
		n = fmt.Sprintf("%s_%d", routineCLName(name), i)
	}
	rs.clNames[n] = true
	return n
}

// callPlace returns the levels partitioned by the loops around offset sp
// (of the kernel, or of the routine being written) and the levels that run
// the code there redundantly (known at compile time: in a routine, those of
// its calls).
func (g *kgen) callPlace(sp acc.Span) (around, red analysis.Level) {
	forEachLoop(g.k.Loops, func(lp *Loop) {
		s := lp.Stmts[0].Span
		if s.Start <= sp.Start && sp.End <= s.End {
			around |= lp.Levels
		}
	})
	if g.rt != nil {
		return around, g.rt.red &^ around
	}
	return around, g.kernelRedundant() &^ around
}

// kernelRedundant are the levels of the kernel that have more than one
// work-item per gang (the worker and vector levels it uses).
func (g *kgen) kernelRedundant() analysis.Level {
	if g.k.Serial {
		return 0
	}
	return g.k.Levels & (analysis.LevelWorker | analysis.LevelVector)
}

// ctxArg is the _accls_ctx argument of a call made where the levels around
// are partitioned.
func (g *kgen) ctxArg(around analysis.Level) string {
	drop := uint(around & (analysis.LevelWorker | analysis.LevelVector))
	if g.rt != nil {
		if drop == 0 {
			return "_ctx"
		}
		return fmt.Sprintf("_accls_ctx_drop(_ctx, %du)", drop)
	}
	scratch := "0"
	for _, p := range g.k.Params {
		if p.Kind == ParamScratch && p.Name == routineScratchName {
			scratch = p.Name
		}
	}
	if g.k.Serial {
		return fmt.Sprintf("_accls_ctx_make(0, 1, 0, 1, 0, 0, 1, 1, 0u, %s)", scratch)
	}
	red := uint(g.kernelRedundant() &^ around)
	return fmt.Sprintf("_accls_ctx_make(_gang, _ngangs, _lid, _nlid, _worker, _lane, _nworkers, _vlen, %du, %s)", red, scratch)
}

// atomicGuard is the condition under which a work-item performs an atomic
// update, write or capture at span sp: one work-item of those that run the
// code redundantly ("" when every work-item runs its own). capture is set
// when that is not possible (the captured value would reach one work-item).
func (g *kgen) atomicGuard(sp acc.Span) (cond string, redundant bool) {
	if g.single {
		return "", false // inside code that one work-item runs (redundant.go)
	}
	around, red := g.callPlace(sp)
	if g.rt != nil {
		bits := (analysis.LevelWorker | analysis.LevelVector) &^ around
		var cs []string
		if bits&analysis.LevelWorker != 0 {
			cs = append(cs, "((_red & 2u) == 0 || _worker == 0)")
		}
		if bits&analysis.LevelVector != 0 {
			cs = append(cs, "((_red & 4u) == 0 || _lane == 0)")
		}
		return strings.Join(cs, " && "), red != 0
	}
	if red == 0 {
		return "", false
	}
	return maskCond(red), true
}

// ---- generation ----

// routinegen writes the routines the kernels call (and those they call),
// callers before callees so that each knows all its calls' redundancy.
func (c *compilation) routinegen() (protos string, srcs []string, lines [][]int) {
	rs := c.prog.routines
	if rs == nil {
		return "", nil, nil
	}
	done := map[*deviceRoutine]bool{}
	for progress := true; progress; {
		progress = false
		for _, r := range rs.used {
			if done[r] {
				continue
			}
			// wait until every routine that calls r (and is used) is done
			ready := true
			for _, o := range rs.used {
				if o != r && !done[o] && c.callsRoutine(o.fm, r.fm) {
					ready = false
				}
			}
			if !ready {
				continue
			}
			done[r] = true
			progress = true
			g := &kgen{c: r.home, rt: r} // the defining file's facts (peers.go)
			if err := g.routine(); err != nil {
				se, ok := err.(*spanError)
				if !ok {
					se = &spanError{Span: r.fm.Func.NameSpan, Msg: err.Error()}
				}
				r.home.errorAt(se.Span, "%s%s", se.Msg, implicitNote(r.fm))
				continue
			}
			r.source = g.out.String()
			r.lines, r.calls = g.lines, g.calls
			if r.home != c {
				r.lines = make([]int, len(g.lines)) // lines of another file: no line of this one
			}
		}
	}
	for _, r := range rs.used {
		if c.recursive(r.fm) { // once per variant: ErrorList.sorted drops the copies
			r.home.errorAt(r.fm.Func.NameSpan, "'%s' is recursive (directly or through other routines): OpenCL has no recursion%s", r.fm.Func.Name, implicitNote(r.fm))
		}
	}
	c.peerFlags() // peers.go
	c.exportRoutines()
	var ps []string
	for _, r := range rs.used {
		if r.proto != "" {
			ps = append(ps, r.proto+";")
		}
		if r.source != "" {
			srcs = append(srcs, r.source)
			lines = append(lines, r.lines)
		}
	}
	return strings.Join(ps, "\n"), srcs, lines
}

// exportRoutines describes the routines written and which the kernels and
// routines call (Program.Routines, Kernel.Routines, Routine.Calls).
func (c *compilation) exportRoutines() {
	rs := c.prog.routines
	byRoutine := map[*deviceRoutine]*Routine{}
	for _, r := range rs.used {
		if r.source == "" {
			continue
		}
		fn := r.fm.Func
		x := &Routine{Name: r.name, Func: fn.Name, File: r.home.prog.File, Line: r.home.prog.lines.line(fn.NameSpan.Start),
			Level: routineLevelName(r.level), Implicit: r.fm.Routine == nil, Source: r.source, Lines: r.lines}
		byRoutine[r] = x
		c.prog.Routines = append(c.prog.Routines, x)
	}
	exported := func(calls []*deviceRoutine) []*Routine {
		var out []*Routine
		for _, r := range calls {
			if x := byRoutine[r]; x != nil {
				out = append(out, x)
			}
		}
		return out
	}
	for r, x := range byRoutine {
		x.Calls = exported(r.calls)
	}
	for _, k := range c.prog.Kernels {
		k.Routines = exported(k.calls)
	}
}

// recursive reports whether routine target can call itself.
func (c *compilation) recursive(target *analysis.FuncModel) bool {
	seen := map[*analysis.FuncModel]bool{}
	var reach func(fm *analysis.FuncModel) bool
	reach = func(fm *analysis.FuncModel) bool {
		if seen[fm] || fm.Func.Body == nil {
			return false
		}
		seen[fm] = true
		home, found := c.homeOf(fm), false
		walkAllExprs(fm.Func.Body, func(e *cfacts.Expr) {
			if e.Kind == cfacts.ExprCall && e.Name != "" && !found {
				if callee := home.routineOf(e.Name); callee != nil {
					found = callee == target || reach(callee)
				}
			}
		})
		return found
	}
	return reach(target)
}

// callsRoutine reports whether the body of fm calls routine callee.
func (c *compilation) callsRoutine(fm, callee *analysis.FuncModel) bool {
	if fm.Func.Body == nil {
		return false
	}
	home, found := c.homeOf(fm), false
	walkAllExprs(fm.Func.Body, func(e *cfacts.Expr) {
		found = found || e.Kind == cfacts.ExprCall && e.Name == callee.Func.Name && home.routineOf(e.Name) == callee
	})
	return found
}

// routine writes one routine as an OpenCL function.
func (g *kgen) routine() error {
	r := g.rt
	fm := r.fm
	fn := fm.Func
	// A kernel stand-in: the routine's loops, no construct variables.
	k := &Kernel{Name: r.name, LoopOf: map[*cfacts.Stmt]*Loop{}, Shared: map[*cfacts.Var]string{},
		Construct: &Construct{Region: &analysis.Region{Stmt: fn.Body}}}
	k.Vars = routineGlobalCVars(g.c.routineGlobals(fm)) // device memory, as a kernel's (routineglobals.go)
	g.k = k
	l := &lowering{c: g.c, con: &Construct{}, fn: fn, loopByRegion: map[*analysis.Region]*Loop{},
		redClauses: map[*cfacts.Var][]redClause{}, loopPrivate: map[*cfacts.Var][]*Loop{}}
	nerr := len(g.c.errors)
	g.barrier = map[*cfacts.Stmt]bool{}
	var walk func(rs []*analysis.Region)
	walk = func(rs []*analysis.Region) {
		for _, rr := range rs {
			if rr.IsLoop() && rr.Compute == nil {
				if lp := l.newLoop(k, rr); lp != nil {
					lp.Levels = rr.Level &^ analysis.LevelSeq
					if lp.Levels == 0 {
						lp.Note = "no level in a routine: seq"
					}
					k.Loops = append(k.Loops, lp)
				}
			}
			walk(rr.Children)
		}
	}
	walk(fm.Regions)
	if len(g.c.errors) > nerr {
		return nil
	}
	if err := g.routineReductions(l); err != nil {
		return err
	}
	forEachLoop(k.Loops, func(lp *Loop) {
		if lp.barrier() {
			g.barrier[lp.Stmts[0]] = true
		}
	})
	ident := func(v *cfacts.Var) (string, error) {
		s, err := g.spell(v)
		if err != nil && v.Storage == cfacts.StorageGlobal {
			return g.routineSpell(v)
		}
		return s, err
	}
	g.vla = map[*cfacts.Var][]string{} // the linearized parameters' (routineparams.go)
	g.em = &clEmitter{ident: ident, vla: func(v *cfacts.Var) []string { return g.vla[v] }, callHook: g.deviceCall, pointerCast: g.castCL}
	g.breakable = -1
	g.paramSpaces = map[*cfacts.Var]string{}
	for i, p := range fn.Params {
		if i < len(r.spaces) && r.spaces[i] != "" {
			g.paramSpaces[p] = r.spaces[i]
		}
	}
	var private []*cfacts.Var
	forEachLoop(k.Loops, func(lp *Loop) { private = append(private, lp.Private...) })
	g.inferPointerSpaces([]*cfacts.Stmt{fn.Body}, private) // pointerspace.go
	top := g.push()
	// Signature.
	ret := "void"
	if fn.Result != nil && fn.Result.Kind != cfacts.TypeVoid {
		s, err := g.c.prog.typeCL(fn.Result) // a number or a struct (structs.go)
		if err != nil {
			return &spanError{Span: fn.NameSpan, Msg: fmt.Sprintf("routine '%s' returns '%s': %v", fn.Name, fn.Result.Name, err)}
		}
		if needsFP64(s) {
			g.em.fp64 = true
		}
		ret = s
	}
	var params, entry []string
	for _, p := range fn.Params {
		top[p] = clName(p.Name) // (all first: the strides' lengths name the parameters)
	}
	for _, p := range fn.Params {
		if p.Type == nil {
			return &spanError{Span: p.NameSpan, Msg: fmt.Sprintf("the type of parameter '%s' is not known", p.Name)}
		}
		if p.Type.Kind == cfacts.TypeArray {
			return &spanError{Span: p.NameSpan, Msg: fmt.Sprintf("array parameter '%s' (internal: not adjusted to a pointer)", p.Name)}
		}
		lp := linearParamOf(p.Type) // routineparams.go
		if lp == nil && isPointer(p.Type) && isPointer(p.Type.Elem) {
			return &spanError{Span: p.NameSpan, Msg: fmt.Sprintf("parameter '%s' of routine '%s' has type '%s': a routine takes pointers to pointers whose rows hold numbers or structs (T **), not more levels", p.Name, fn.Name, p.Type.Name)}
		}
		if lp != nil {
			ps, strides, ent, err := g.linearParamDecl(p, lp, clName(p.Name))
			if err != nil {
				return &spanError{Span: p.NameSpan, Msg: fmt.Sprintf("parameter '%s' of routine '%s': %v", p.Name, fn.Name, err)}
			}
			params, entry = append(params, ps...), append(entry, ent...)
			g.vla[p] = strides
			continue
		}
		d, err := g.decl(p, clName(p.Name))
		if err != nil {
			return &spanError{Span: p.NameSpan, Msg: fmt.Sprintf("parameter '%s' of routine '%s': %v", p.Name, fn.Name, err)}
		}
		params = append(params, d)
	}
	for _, v := range g.c.routineGlobals(fm) { // routineglobals.go
		d, err := g.c.routineGlobalParam(v)
		if err != nil {
			return &spanError{Span: fn.NameSpan, Msg: fmt.Sprintf("routine '%s' uses the global '%s': %v", fn.Name, v.Name, err)}
		}
		params = append(params, d)
		top[v] = routineGlobalName(v)
		if v.Type.Kind != cfacts.TypeArray {
			top[v] = "(*" + routineGlobalName(v) + ")"
		}
	}
	params = append(params, "const _accls_ctx _ctx")
	r.proto = fmt.Sprintf("%s %s(%s)", ret, r.name, strings.Join(params, ", "))
	g.raw(fmt.Sprintf("/* routine %s at %s:%d */", routineLevelName(r.level), g.c.prog.File, g.srcLine(fn.NameSpan.Start)))
	g.raw(r.proto)
	g.raw("{")
	g.indent++
	g.line(0, "const long _gang = _ctx.gang, _ngangs = _ctx.ngangs, _lid = _ctx.lid, _nlid = _ctx.nlid, _worker = _ctx.worker, _lane = _ctx.lane;")
	g.line(0, "const uint _nworkers = _ctx.nworkers, _vlen = _ctx.vlen, _red = _ctx.red;")
	for _, e := range entry {
		g.line(0, "%s", e)
	}
	if g.c.routineNeedsSync(fm) {
		g.sync = newSyncState(true) // every work-item of the gang makes the call (routineSyncs)
	}
	for _, s := range fn.Body.List {
		g.stmt(s)
	}
	g.indent--
	g.raw("}")
	if g.err != nil {
		return g.err
	}
	if g.em.err != nil {
		return g.em.err
	}
	if g.em.fp64 {
		g.c.prog.UsesDouble = true
	}
	g.c.prog.noteComplex(g.em.complex)
	return nil
}

// routineScratchName is the kernel parameter of the __local scratch that
// the reductions of routine loops use (passed in _accls_ctx).
const routineScratchName = "_accls_scratch"

// routineReductions sets up the reductions of the routine's loops: like
// worker and vector reductions on variables private to a gang, each
// work-item keeps a partial, the partials combine in __local memory (the
// scratch of the calling kernel), and every work-item gets the result. The
// barriers need every work-item of the work-group to reach them, so such a
// loop may be nested only in a worker loop that runs uniform rounds
// (nestedRoutineReduction), and the routine must be called where no worker
// or vector loop partitions the work (deviceCall).
func (g *kgen) routineReductions(l *lowering) error {
	type item struct {
		v  *cfacts.Var
		rc redClause
	}
	var items []item
	for v, rcs := range l.redClauses {
		for _, rc := range rcs {
			items = append(items, item{v, rc})
		}
	}
	sort.Slice(items, func(i, j int) bool { return items[i].rc.span().Start < items[j].rc.span().Start })
	k := g.k
	for _, it := range items {
		lp := it.rc.loop
		if lp == nil || lp.Levels == 0 {
			continue // a seq loop: the variable is simply updated
		}
		at := it.rc.span()
		if lp.Levels&analysis.LevelGang != 0 {
			return &spanError{Span: at, Msg: fmt.Sprintf("a gang-level reduction on '%s' in a routine is not supported by the compiler yet (every gang would have to wait for the others after the loop)", it.v.Name)}
		}
		if err := nestedRoutineReduction(k, lp, it.v.Name, at); err != nil { // reduce_routine.go
			return err
		}
		red, err := scalarReduction(it.rc.op, it.v)
		if err != nil {
			return &spanError{Span: at, Msg: err.Error()}
		}
		cl := red.CL
		if needsFP64(cl) {
			g.c.prog.UsesDouble = true
		}
		red.Loop, red.Pos = lp, at.Start
		lp.Reductions = append(lp.Reductions, red)
		k.Local = append(k.Local, red)
		k.Params = append(k.Params, &Param{Kind: ParamScratch, Red: red, Name: fmt.Sprintf("((__local %s *)_ctx.scratch)", cl), CL: cl})
	}
	return nil
}

// routineBarriers reports whether routine fm, or a routine it calls,
// combines a loop reduction across work-items (barriers; withSync: also
// those of redundant code next to partitioned loops, routineNeedsSync).
func (c *compilation) routineBarriers(fm *analysis.FuncModel, seen map[*analysis.FuncModel]bool, withSync bool) bool {
	if home := c.homeOf(fm); home != c {
		return home.routineBarriers(fm, seen, withSync)
	}
	if seen[fm] || fm.Func.Body == nil {
		return false
	}
	seen[fm] = true
	found := withSync && c.routineNeedsSync(fm) // redundant.go
	var walk func(rs []*analysis.Region)
	walk = func(rs []*analysis.Region) {
		for _, r := range rs {
			if r.IsLoop() && r.Level&(analysis.LevelWorker|analysis.LevelVector) != 0 && findClause(r.Directive, "reduction") != nil {
				found = true
			}
			walk(r.Children)
		}
	}
	walk(fm.Regions)
	walkAllExprs(fm.Func.Body, func(e *cfacts.Expr) {
		if !found && e.Kind == cfacts.ExprCall && e.Name != "" {
			if callee := c.routineOf(e.Name); callee != nil {
				found = c.routineBarriers(callee, seen, withSync)
			}
		}
	})
	return found
}

// routineScratch gives kernel k the __local scratch of the routine
// reductions when it calls (directly or not) a routine with one, and for
// the broadcast of atomic captures in redundant code (atomic.go).
func (l *lowering) routineScratch(k *Kernel) {
	need := false
	for _, s := range k.Stmts {
		walkAllExprs(s, func(e *cfacts.Expr) {
			if !need && e.Kind == cfacts.ExprCall && e.Name != "" {
				if fm := l.c.routineOf(e.Name); fm != nil {
					need = l.c.routineBarriers(fm, map[*analysis.FuncModel]bool{}, false)
				}
			}
		})
	}
	if !need && !l.redundantCapture(k) {
		return
	}
	addScratchParam(k)
}

// nextParamIndex is the OpenCL argument index after kernel k's parameters
// (a ParamDev takes two: the buffer and its offset).
func nextParamIndex(k *Kernel) int {
	n := len(k.Params)
	if n == 0 {
		return 0
	}
	last := k.Params[n-1]
	if last.Kind == ParamDev {
		return last.Index + 2
	}
	return last.Index + 1
}

// addScratchParam gives kernel k the __local scratch parameter (last).
func addScratchParam(k *Kernel) {
	idx := nextParamIndex(k)
	k.Params = append(k.Params, &Param{Kind: ParamScratch, Index: idx, Name: routineScratchName, CL: "ulong"})
}

// routineStmt writes the statements that only routines have (return);
// it reports whether it wrote s.
func (g *kgen) routineStmt(s *cfacts.Stmt) bool {
	if g.rt == nil || s.Kind != cfacts.StmtReturn {
		return false
	}
	ln := g.srcLine(s.Span.Start)
	if s.Expr == nil {
		g.line(ln, "return;")
	} else {
		g.line(ln, "return %s;", g.conv(s.Expr, g.rt.fm.Func.Result, precComma))
	}
	return true
}

// routineSpell is how a routine body spells a variable it did not declare:
// a global constant is copied into the program (constglobals.go); other
// globals are not on the device.
func (g *kgen) routineSpell(v *cfacts.Var) (string, error) {
	if def, double, ok := constantGlobal(g.c.prog.Text, v); ok {
		if !g.c.useConstant(v.Name, def, double) {
			return v.Name, fmt.Errorf("'%s': the routines of two files of the program read different global constants of this name; rename one", v.Name)
		}
		return clName(v.Name), nil
	}
	return v.Name, fmt.Errorf("'%s' is a global variable without a device copy: a routine can use its parameters, its own variables, global constants (const scalars and arrays initialized with literals) and globals that a file-scope declare puts on the device; add '#pragma acc declare create(%s)' after its definition, and 'update device(%s)' where the host has set it", v.Name, v.Name, v.Name)
}

// routinePrologue is the program text routines and acc_on_device need:
// the place of the calling work-item, and the routines' prototypes.
func routinePrologue(rs *routineState, protos string) string {
	if rs == nil || len(rs.used) == 0 && !rs.onDevice {
		return ""
	}
	var b strings.Builder
	b.WriteString(rs.constantDefinitions())
	if len(rs.used) > 0 {
		b.WriteString(`
/* The calling work-item's place, passed to every routine: its gang, local id,
 * worker and lane, the shape, the levels (2: worker, 4: vector) whose
 * work-items all make the same call (only one of them performs atomics), and
 * the work-group's __local scratch for the reductions of routine loops. */
typedef struct { long gang, ngangs, lid, nlid, worker, lane; uint nworkers, vlen, red; __local ulong *scratch; } _accls_ctx;
_accls_ctx _accls_ctx_make(long gang, long ngangs, long lid, long nlid, long worker, long lane, uint nworkers, uint vlen, uint red, __local ulong *scratch)
{
	_accls_ctx c = {gang, ngangs, lid, nlid, worker, lane, nworkers, vlen, red, scratch};
	return c;
}
_accls_ctx _accls_ctx_drop(_accls_ctx c, uint levels)
{
	c.red &= ~levels;
	return c;
}
`)
	}
	if rs.onDevice {
		b.WriteString(`
/* acc_on_device in device code: acc_device_not_host (3), and the type of the
 * device the runtime built the program for (ACCLS_DEVICE_TYPE). */
int _accls_on_device(int dev)
{
#ifdef ACCLS_DEVICE_TYPE
	return dev == 3 || dev == ACCLS_DEVICE_TYPE;
#else
	return dev == 3 || dev >= 4;
#endif
}
`)
	}
	if protos != "" {
		b.WriteString("\n/* Routines called by the kernels. */\n" + protos + "\n")
	}
	return b.String()
}
