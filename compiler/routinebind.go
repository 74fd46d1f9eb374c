package compiler

import (
	"github.com/accls/accls/acc"
	"github.com/accls/accls/analysis"
)

// Routine bind (OpenACC 3.3 §2.15.1): `routine bind(f)` on g makes device
// code call f where it calls g (the host keeps calling g). bind("f") names
// the device procedure with a string, which elsewhere may be a CUDA or
// library function; accls compiles device code from the program's C
// source, so it takes a string that names a function of the program. The
// bound function is compiled as a routine of its own, with its own routine
// directive (or an implicit routine seq): its level is what the call is
// checked against, since it is what runs.

// boundName is the function the bind clause of the default section of
// name's routine directive names (str: given as a string), cl nil when
// there is none.
func (c *compilation) boundName(name string) (target string, str bool, cl *acc.Clause) {
	rd := c.model.Routines[name]
	if rd == nil {
		return name, false, nil
	}
	return analysis.RoutineBind(rd)
}

// unboundRoutine reports the call of name at span at, which device code
// cannot make, when the routine's bind names a function device code
// cannot call; false when name has no bind (the caller reports the call).
func (g *kgen) unboundRoutine(name string, at acc.Span) bool {
	target, str, cl := g.c.boundName(name)
	switch {
	case cl == nil || target == name:
		return false
	case str && !isIdent(target):
		g.fail(at, "'%s' is bound to \"%s\" (bind at line %d), which is not a function name: accls compiles device code from the program's C source, so bind must name a function of the program", name, target, g.srcLine(cl.Span.Start))
	default:
		g.fail(at, "'%s' is bound to '%s' (bind at line %d), which device code cannot call: %s", name, target, g.srcLine(cl.Span.Start), g.c.notCallable(target))
	}
	return true
}
