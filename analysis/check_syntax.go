package analysis

import "github.com/accls/accls/acc"

// syntaxCheck reports what the scanner could not parse.
var syntaxCheck = &Check{
	Name:  "syntax",
	Rules: []string{"syntax"},
	Directive: func(p *Pass, d *acc.Directive) {
		for _, e := range d.Errors {
			p.Reportf(e.Span, "syntax", "%s", e.Message)
		}
		if d.Name == "" && len(d.Errors) == 0 {
			p.Reportf(d.Span, "syntax", "expected an OpenACC directive name after 'acc'")
		}
	},
}
