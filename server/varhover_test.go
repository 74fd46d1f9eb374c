package server

import (
	"encoding/json"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// hoverTexts are C files with constructs, struct members and pointers, a
// routine using globals, and cut-off copies of them (broken C: half-typed
// members, open constructs and bodies).
var hoverTexts = []string{`#include <stdlib.h>
struct vec { int n; float *x; float w[4]; };
struct grid { int nx, ny; double *u; struct vec in; };

void scale(struct vec v, float a, struct grid *g, struct vec *all)
{
#pragma acc data copy(g[0:1], g->u[0:g->nx * g->ny], g->in.x[0:4])
#pragma acc parallel loop copy(v.x[0:v.n]) present(g[0:1])
    for (int i = 0; i < v.n; i++) {
        float *p = &v.x[i];
        v.x[i] *= a + g->in.x[i % 4] + all[i % 2].x[0] + (*g).u[0] + v.w[i % 4];
        *p += g->u[i] + (&v)->n + all[1].n;
    }
}
`, `float table[8];
#pragma acc declare create(table)
float gain;
extern int steps;
#pragma acc routine seq
float lookup(int k)
{
    float table2 = table[k & 7] * gain;
    return table2 + steps + lookup2(k);
}
`}

// TestVariableHoverEveryOffset hovers at every position of each text and
// of cut-off copies of it: no hover fails (a recovered panic answers with
// an error) and each one that answers has a title.
func TestVariableHoverEveryOffset(t *testing.T) {
	c := startServer(t)
	c.initializeWith(map[string]any{"semanticDelayMs": 1}, nil)
	version := 1
	members := map[string]string{}
	for _, full := range hoverTexts {
		for _, cut := range []int{len(full), len(full) * 3 / 4, len(full) / 2} {
			text := full[:cut]
			if version == 1 {
				c.open(testURI, text, version)
			} else {
				c.notify("textDocument/didChange", map[string]any{
					"textDocument":   map[string]any{"uri": testURI, "version": version},
					"contentChanges": []any{map[string]any{"text": text}}})
			}
			c.diagnostics(testURI, version)
			c.waitSemantic(testURI)
			for line, l := range strings.Split(text, "\n") {
				for ch := 0; ch <= len(l); ch++ {
					m := c.call("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": testURI},
						"position": map[string]any{"line": line, "character": ch}})
					if m.Error != nil {
						t.Fatalf("version %d, hover at %d:%d: %v", version, line, ch, m.Error)
					}
					var h *protocol.Hover
					if err := json.Unmarshal(m.Result, &h); err != nil {
						t.Fatalf("version %d, hover at %d:%d: %v", version, line, ch, err)
					}
					if h == nil {
						continue
					}
					md := h.Contents.Value
					if !strings.HasPrefix(md, "#") && !strings.Contains(md, "**") {
						t.Errorf("version %d, hover at %d:%d: %q", version, line, ch, md)
					}
					if _, title, ok := strings.Cut(md, "#### `"); ok && strings.Contains(title, "— member of") && cut == len(full) {
						members[title[:strings.Index(title, "`")]] = md
					}
				}
			}
			version++
		}
	}
	// the member hovers of the whole first text: (*g).u is g->u, all[i].x
	// and all[1].n members of elements; (&v)->n has no variable path
	for _, want := range []string{"v.x", "v.n", "v.w", "g->u", "g->in", "g->in.x", "all[i % 2].x", "all[1].n"} {
		if members[want] == "" {
			t.Errorf("no member hover for %s (got %v)", want, members)
		}
	}
	// all is a pointer without a clause: its elements are not on the device
	if !strings.Contains(members["all[1].n"], "reads host memory") {
		t.Errorf("hover on all[1].n:\n%s", members["all[1].n"])
	}
	if len(members) != 8 {
		t.Errorf("member hovers: %v", members)
	}
	// an array member is part of its struct (its expression's type is the
	// decayed pointer: the declared type decides); a pointer member's data
	// is mapped separately
	for path, own := range map[string]bool{"v.n": true, "v.w": true, "g->in": true, "v.x": false, "g->in.x": false} {
		if got := strings.Contains(members[path], "own data"); got != own {
			t.Errorf("hover on %s: own data %v, want %v:\n%s", path, got, own, members[path])
		}
	}
}

// TestDeepCopyHover: the members of cells that a struct's pointer member
// points to, directly (m->cell[i].u) and through pointers to the current
// cell (c = &m->cell[i], left = c - 1), are explained as the manual deep
// copy's element members, which the kernels reach (compiler/attach.go).
func TestDeepCopyHover(t *testing.T) {
	text := `struct vec { int n; double *x; };
struct cell { int n; double *u; struct vec flux; struct vec *wall; };
struct mesh { int count; struct cell *cell; };

void relax(struct mesh *m, int n)
{
    struct cell *cur;
#pragma acc parallel loop present(m[0:1]) private(cur)
    for (int i = 1; i < n; i++) {
        cur = &m->cell[i];
        struct cell *left = cur - 1;
        cur->u[0] = left->u[0] + m->cell[i].u[1];
        cur->flux.x[0] = m->cell[i].flux.x[1];
        cur->wall->x[0] = m->cell[i].wall->x[1];
    }
}
`
	c := startServer(t)
	c.initializeWith(map[string]any{"semanticDelayMs": 1}, nil)
	c.open(testURI, text, 1)
	c.diagnostics(testURI, 1)
	c.waitSemantic(testURI)
	hoverAt := func(pat string, delta int) string {
		for line, l := range strings.Split(text, "\n") {
			if k := strings.Index(l, pat); k >= 0 {
				m := c.call("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": testURI},
					"position": map[string]any{"line": line, "character": k + delta}})
				var h *protocol.Hover
				if err := json.Unmarshal(m.Result, &h); err != nil || h == nil {
					t.Fatalf("no hover on %q: %v", pat, err)
				}
				return h.Contents.Value
			}
		}
		t.Fatalf("%q not in the text", pat)
		return ""
	}
	for _, tc := range []struct{ pat, want string }{
		{"cur->u[0] =", "`cur` points to an element of `m->cell` (`cur = &m->cell[i]`), so `cur->u` is that element's pointer member"},
		{"left->u[0] +", "`left` points to an element of `m->cell` (`left = cur - 1`)"},
		{"m->cell[i].u[1]", "#### `m->cell[i].u` — member of an element of `m->cell`"},
		{"cur->flux.x[0] =", "`cur` points to an element of `m->cell` (`cur = &m->cell[i]`), so `cur->flux.x` is that element's pointer member: the data it points to must be present, entered after `m->cell` itself element by element (`enter data copyin(m->cell[i].flux.x[0:len])`"},
		{"m->cell[i].flux.x[1]", "`enter data copyin(m->cell[i].flux.x[0:len])`"},
		{"cur->wall->x[0] =", "so `cur->wall->x` is that element's pointer member: the data it points to must be present, entered after `m->cell` itself element by element (`enter data copyin(m->cell[i].wall->x[0:len])`"},
		{"m->cell[i].wall->x[1]", "`enter data copyin(m->cell[i].wall->x[0:len])`"},
	} {
		delta := strings.Index(tc.pat, "u[")
		if delta < 0 {
			delta = strings.Index(tc.pat, "x[")
		}
		if md := hoverAt(tc.pat, delta); !strings.Contains(md, tc.want) || !strings.Contains(md, "manual deep copy") {
			t.Errorf("hover on %q:\n%s\nwant %q", tc.pat, md, tc.want)
		}
	}
}

// TestStaticHover: a static table declared in a compute construct is
// explained as the constant copy each thread gets (compiler/lower.go).
func TestStaticHover(t *testing.T) {
	text := `void step(int *from, int *to, int n)
{
#pragma acc parallel loop copyin(from[0:n + 2]) copyout(to[0:n + 2])
    for (int x = 1; x <= n; x++) {
        static const int rule[4] = {0, 1, 1, 0};
        to[x] = rule[from[x - 1] + from[x] + from[x + 1]];
    }
}
`
	c := startServer(t)
	c.initializeWith(map[string]any{"semanticDelayMs": 1}, nil)
	c.open(testURI, text, 1)
	c.diagnostics(testURI, 1)
	c.waitSemantic(testURI)
	line, col := 5, strings.Index(strings.Split(text, "\n")[5], "rule[")
	m := c.call("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": testURI},
		"position": map[string]any{"line": line, "character": col + 1}})
	var h *protocol.Hover
	if err := json.Unmarshal(m.Result, &h); err != nil || h == nil {
		t.Fatalf("no hover on rule: %v", err)
	}
	if want := "accls gives each thread a constant copy of its initial value"; !strings.Contains(h.Contents.Value, want) {
		t.Errorf("hover on rule:\n%s\nwant %q", h.Contents.Value, want)
	}
}

// TestKernelsTemporaryHover: a scalar that each iteration of a kernels
// loop assigns before reading it is explained as the private copy accls
// makes of it (compiler/depend.go).
func TestKernelsTemporaryHover(t *testing.T) {
	text := `void nw(int *s, const int *ref, int w, int i, int p)
{
    int idx, index, a, k;
#pragma acc kernels loop independent copy(s[0:w*w]) copyin(ref[0:w*w])
    for (idx = 0; idx <= i; idx++) {
        index = (idx + 1) * w + (i + 1 - idx);
        a = s[index - 1 - w] + ref[index];
        if (a <= p)
            k = p;
        else
            k = a;
        s[index] = k;
    }
}
`
	c := startServer(t)
	c.initializeWith(map[string]any{"semanticDelayMs": 1}, nil)
	c.open(testURI, text, 1)
	c.diagnostics(testURI, 1)
	c.waitSemantic(testURI)
	for _, name := range []string{"index =", "k = p"} {
		line := 0
		for i, l := range strings.Split(text, "\n") {
			if strings.Contains(l, name) {
				line = i
				break
			}
		}
		col := strings.Index(strings.Split(text, "\n")[line], name)
		m := c.call("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": testURI},
			"position": map[string]any{"line": line, "character": col}})
		var h *protocol.Hover
		if err := json.Unmarshal(m.Result, &h); err != nil || h == nil {
			t.Fatalf("no hover on %q: %v", name, err)
		}
		if want := "each iteration of the loop on line 5 assigns it before reading it, so accls makes it private"; !strings.Contains(h.Contents.Value, want) {
			t.Errorf("hover on %q:\n%s\nwant %q", name, h.Contents.Value, want)
		}
	}
}
