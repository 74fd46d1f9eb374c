package hover

import (
	"testing"

	"github.com/accls/accls/source/cfacts"
)

func TestRoutineGlobalMarkdown(t *testing.T) {
	table := &cfacts.Type{Name: "float [64]"}
	tests := []struct {
		name string
		g    RoutineGlobal
		want []string // substrings, in order
		not  []string
	}{
		{"declare create", RoutineGlobal{Name: "table", Type: table, Routine: "lookup", Declare: "`declare create` (line 7)", Clause: "create"},
			[]string{"#### `table` — global, used in the routine `lookup`", "```c\nfloat table[64]\n```", "`declare create` (line 7) gives it a device copy", "`lookup` runs on the device", "`update device(table)`", "`update self(table)`"},
			[]string{"starts with the value", "No `declare`"}},
		{"declare copyin", RoutineGlobal{Name: "n", Type: &cfacts.Type{Name: "int"}, Routine: "f", Declare: "`declare copyin` (line 3)", Clause: "copyin"},
			[]string{"int n", "starts with the value the global has", "update device(n)"}, nil},
		{"link", RoutineGlobal{Name: "big", Routine: "g", Declare: "`declare link` (line 2)", Clause: "link"},
			[]string{"without creating its copy", "`enter data`"}, []string{"```c"}},
		{"constant", RoutineGlobal{Name: "w", Routine: "h", Const: true},
			[]string{"A constant with no `declare`"}, []string{"Add `#pragma"}},
		{"no declare", RoutineGlobal{Name: "gain", Type: &cfacts.Type{Name: "float"}, Routine: "apply"},
			[]string{"float gain", "device code has no copy", "`#pragma acc declare create(gain)`"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			checkMarkdown(t, RoutineGlobalMarkdown(tc.g), tc.want, tc.not)
		})
	}
}
