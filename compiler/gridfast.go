package compiler

import (
	"fmt"
	"strings"
)

// gridCovered writes the nest of a kernel on a 2-D/3-D NDRange twice: when
// the grid covers every trip count (the host sizes it so unless num_gangs is
// given, the trips are only known on the device, or a trip passes the gang
// cap), each work-item runs one iteration under a bounds check, straight-line
// code as a hand-written kernel has it; otherwise the grid-stride loops.
// The condition is the same for all work-items. Measured on PoCL (heat-3d
// 96³): 3.5–4× faster kernels than the grid-stride loops alone, which
// PoCL's work-group vectorizer does not turn into vector code.
func (g *kgen) gridCovered(lp *Loop, ns []string) {
	n := len(lp.Vars)
	var cover []string
	for i := range lp.Vars {
		cover = append(cover, fmt.Sprintf("(long)get_global_size(%d) >= %s", n-1-i, ns[i]))
	}
	g.line(0, "if (%s) { /* the grid covers the trip counts: one iteration per work-item */", strings.Join(cover, " && "))
	g.indent++
	g.gridNest(lp, ns, true)
	g.indent--
	g.line(0, "} else {")
	g.indent++
	g.gridNest(lp, ns, false)
	g.indent--
	g.line(0, "}")
}
