package analysis

import "github.com/accls/accls/acc"

// section is one device_type section of a directive's clauses (OpenACC 3.3
// §2.4): the clauses before the first device_type, or a device_type clause
// (Header) and the clauses that follow it up to the next one.
type section struct {
	Header  *acc.Clause // nil for the leading section
	Clauses []*acc.Clause
}

// sections splits the known clauses of d into device_type sections.
func sections(d *acc.Directive) []section {
	ss := []section{{}}
	for _, c := range d.Clauses {
		if c.Spec == nil {
			continue
		}
		if c.Spec.Name == "device_type" {
			ss = append(ss, section{Header: c})
			continue
		}
		ss[len(ss)-1].Clauses = append(ss[len(ss)-1].Clauses, c)
	}
	return ss
}

// canonical returns the clause's canonical name, "" when unknown.
func canonical(c *acc.Clause) string {
	if c.Spec == nil {
		return ""
	}
	return c.Spec.Name
}
