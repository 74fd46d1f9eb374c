package analysis

import "github.com/accls/accls/acc"

// placementCheck reports executable directives outside any function. It
// uses the brace depth the scanner counts; placement inside statements
// (nesting, bare if bodies) needs the C front end and lives elsewhere.
var placementCheck = &Check{
	Name:  "placement",
	Rules: []string{"directive-at-file-scope"},
	Directive: func(p *Pass, d *acc.Directive) {
		if d.Spec != nil && !d.Spec.FileScope && d.Depth == 0 {
			p.Reportf(d.NameSpan, "directive-at-file-scope",
				"%s is an executable directive and must appear inside a function; only 'routine' and 'declare' may appear at file scope",
				quote(d.Spec.Name))
		}
	},
}
