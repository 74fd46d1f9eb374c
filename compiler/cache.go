package compiler

import (
	"github.com/accls/accls/analysis"
)

// The cache directive (OpenACC 3.3 §2.10) is a hint: the compiler keeps the
// loop body's accesses where they are (__global memory) and stages nothing,
// which is always correct. On the devices accls targets each work-item of a
// cache'd stencil loop reads its own window once anyway; staging into
// __local memory would need the whole work-group to cooperate (a shared
// window and barriers), which the grid-stride loops do not guarantee.
// Staging into private memory would load the whole window up front, also
// elements that an edge iteration never touches (cache(b[i-1:3]) at i = 0
// reads b[-1]), and would cost a copy and a range test per access with no
// reuse. The directive is still checked: each item must name a variable (or a
// sub-array of one) visible at the directive, so that a typo is an error.

// checkCache checks the items of a cache directive inside a compute
// construct or routine.
func (c *compilation) checkCache(r *analysis.Region) {
	d := r.Directive
	if d.Paren == nil {
		return
	}
	fn := r.Func.Func
	for _, it := range d.Paren.Items {
		if it.Var == nil {
			c.errorAt(it.Span, "'%s' is not a variable or sub-array", it.Text)
			continue
		}
		if c.lookupVar(fn, it.Span.Start, it.Var.Name) == nil {
			c.errorAt(it.Span, "'%s' is not declared here", it.Var.Name)
		}
	}
}
