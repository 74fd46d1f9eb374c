package compiler

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/accls/accls/source/cfacts"
)

// Global constants in routines. A routine (explicit or implicit) may read a
// global that is a constant table or value: a const-qualified integer or
// floating scalar or array with an initializer of literals only, such as
// `static const double w[3] = {0.25, 0.5, 0.25};`. The program gets a copy
// of it in OpenCL's __constant address space, under the same name: no data
// clause and no transfer, as for a literal. Other globals need a
// file-scope declare directive (routineglobals.go).

// literalInit matches an initializer made of numeric literals, signs,
// braces and commas only (no names, casts, calls or comments).
var literalInit = regexp.MustCompile(`^[\s{},+\-.0-9a-fA-FxXuUlLpP]*$`)

// longLong matches the ll suffix of an integer literal (after u, if any).
var longLong = regexp.MustCompile(`([0-9a-fA-FuU])(?:ll|LL)`)

// constantGlobal returns the OpenCL definition of global v when it is a
// global constant (above), else ok false.
func constantGlobal(text []byte, v *cfacts.Var) (def string, double, ok bool) {
	if v == nil || v.Storage != cfacts.StorageGlobal || v.FromHeader || v.Init == nil || v.Type == nil {
		return "", false, false
	}
	t, dims := v.Type, ""
	for t.Kind == cfacts.TypeArray {
		if t.Len < 0 || t.Elem == nil {
			return "", false, false
		}
		dims += fmt.Sprintf("[%d]", t.Len)
		t = t.Elem
	}
	if !t.Const || t.Kind != cfacts.TypeInt && t.Kind != cfacts.TypeFloat || isBool(t) {
		return "", false, false
	}
	cl, err := scalarCL(t)
	if err != nil {
		return "", false, false
	}
	sp := v.Init.Span
	if sp.Start < 0 || sp.End > len(text) || sp.Start >= sp.End {
		return "", false, false
	}
	init := strings.TrimSpace(string(text[sp.Start:sp.End]))
	if !literalInit.MatchString(init) || strings.Contains(init, "{") != (dims != "") {
		return "", false, false
	}
	// OpenCL C has no long long: 64-bit literals take l.
	init = longLong.ReplaceAllString(init, "${1}L")
	return fmt.Sprintf("__constant %s %s%s = %s;", cl, clName(v.Name), dims, init), needsFP64(cl), true
}

// useConstant records global constant v for the program's prologue; false
// when the routines of another file (peers.go) read a different constant
// of that name.
func (c *compilation) useConstant(name, def string, double bool) bool {
	rs := c.routines()
	if rs.constants == nil {
		rs.constants = map[string]string{}
	}
	if old, ok := rs.constants[name]; !ok {
		rs.constants[name] = def
		rs.constantOrder = append(rs.constantOrder, name)
	} else if old != def {
		return false
	}
	if double {
		c.prog.UsesDouble = true
	}
	return true
}

// constantDefinitions are the program-scope definitions of the global
// constants that routines read, in the order first used.
func (rs *routineState) constantDefinitions() string {
	if rs == nil || len(rs.constantOrder) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("\n/* Global constants that routines read. */\n")
	for _, n := range rs.constantOrder {
		b.WriteString(rs.constants[n] + "\n")
	}
	return b.String()
}
