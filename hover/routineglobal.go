package hover

import (
	"fmt"
	"strings"

	"github.com/accls/accls/source/cfacts"
)

// RoutineGlobal is a global variable used in the body of a routine, as
// hover explains it: the routine runs on the device, so what it reaches is
// the global's device copy, which only a file-scope declare creates.
type RoutineGlobal struct {
	Name    string
	Type    *cfacts.Type // its declared type (nil: unknown)
	Routine string       // the routine's name
	// Declare names the file-scope declare that gives it a device copy
	// ("`declare create` (line 7)"); Clause is that clause (create,
	// copyin, device_resident, link); both "" when none does.
	Declare, Clause string
	Const           bool // const-qualified (a constant table or value)
}

// RoutineGlobalMarkdown explains global g in its routine.
func RoutineGlobalMarkdown(g RoutineGlobal) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "#### `%s` — global, used in the routine `%s`\n\n", g.Name, g.Routine)
	if g.Type != nil && g.Type.Name != "" {
		fmt.Fprintf(&sb, "```c\n%s\n```\n\n", declaration(g.Type.Name, g.Name))
	}
	switch {
	case g.Clause == "link":
		fmt.Fprintf(&sb, "%s names it for the device without creating its copy: a data clause or `enter data` must give `%s` device data before device code calls `%s`, which then uses that copy, not the host's.", g.Declare, g.Name, g.Routine)
	case g.Clause != "":
		fmt.Fprintf(&sb, "%s gives it a device copy for the whole program", g.Declare)
		if g.Clause == "copyin" {
			sb.WriteString(", which starts with the value the global has when the program first uses the device")
		}
		fmt.Fprintf(&sb, ". `%s` runs on the device and uses that copy, not the host's: the host's values reach it with `update device(%s)`, and what device code wrote comes back with `update self(%s)`.", g.Routine, g.Name, g.Name)
	case g.Const:
		fmt.Fprintf(&sb, "A constant with no `declare`: compilers fold it or copy it to the device (accls copies a constant initialized with literals into the kernels' program).")
	default:
		fmt.Fprintf(&sb, "No `declare` directive puts `%s` on the device, so device code has no copy of it. Add `#pragma acc declare create(%s)` after its definition, and `update device(%s)` where the host sets it.", g.Name, g.Name, g.Name)
	}
	sb.WriteString("\n")
	return sb.String()
}
