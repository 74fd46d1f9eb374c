package hover

import (
	"strings"
	"testing"
)

// TestStandaloneMarkdown: every clause of enter data, exit data and update
// that names data has its explanation; the modifiers change it.
func TestStandaloneMarkdown(t *testing.T) {
	cases := []struct {
		it   StandaloneItem
		want []string
	}{
		{StandaloneItem{Directive: "enter data", Clause: "copyin"}, []string{"copied to it", "goes up by one"}},
		{StandaloneItem{Directive: "enter data", Clause: "create"}, []string{"uninitialized"}},
		{StandaloneItem{Directive: "enter data", Clause: "attach"}, []string{"attachment counter"}},
		{StandaloneItem{Directive: "exit data", Clause: "copyout"}, []string{"copied back", "otherwise nothing moves"}},
		{StandaloneItem{Directive: "exit data", Clause: "copyout", Finalize: true}, []string{"sets it to zero"}},
		{StandaloneItem{Directive: "exit data", Clause: "delete"}, []string{"nothing is copied back"}},
		{StandaloneItem{Directive: "exit data", Clause: "detach"}, []string{"host address back"}},
		{StandaloneItem{Directive: "update", Clause: "host"}, []string{"from the device to the host", "a runtime error otherwise"}},
		{StandaloneItem{Directive: "update", Clause: "device", Async: true, IfPresent: true}, []string{"from the host to the device", "async queue", "nothing happens"}},
		{StandaloneItem{Directive: "enter data", Clause: "copyin", PointerMember: "p->x"}, []string{"is attached to this data"}},
		{StandaloneItem{Directive: "exit data", Clause: "delete", PointerMember: "p->x"}, []string{"detached from this data"}},
	}
	for _, tc := range cases {
		tc.it.Item, tc.it.Var, tc.it.Bytes = "a[0:n]", "a", -1
		md := StandaloneMarkdown(tc.it, "`"+tc.it.Directive+"` directive (line 3)")
		for _, w := range tc.want {
			if !strings.Contains(md, w) {
				t.Errorf("%s %s: %q lacks %q", tc.it.Directive, tc.it.Clause, md, w)
			}
		}
		if strings.Contains(md, "%!") {
			t.Errorf("%s %s: bad format: %q", tc.it.Directive, tc.it.Clause, md)
		}
	}
	if md := StandaloneMarkdown(StandaloneItem{Directive: "update", Clause: "copyin"}, "x"); md != "" {
		t.Errorf("a clause update does not have: %q", md)
	}
}
