package acc

import "slices"

// The tables themselves live in directives.go and clauses.go; this file
// indexes them and derives the combined constructs from their leaves.

var (
	directiveByName = map[string]*DirectiveSpec{}
	clauseByName    = map[string]*ClauseSpec{}    // canonical names
	clauseBySpell   = map[string]clauseSpelling{} // canonical names and aliases
	// multiWordFirst maps the first word of a multi-word directive name to the
	// possible second words ("enter" → ["data"], "parallel" → ["loop"]).
	multiWordFirst = map[string][]string{}
)

type clauseSpelling struct {
	spec  *ClauseSpec
	alias *Alias
}

func init() {
	for _, c := range clauseTable {
		clauseByName[c.Name] = c
		clauseBySpell[c.Name] = clauseSpelling{spec: c}
		for i := range c.Aliases {
			clauseBySpell[c.Aliases[i].Name] = clauseSpelling{spec: c, alias: &c.Aliases[i]}
		}
	}
	for _, d := range directiveTable {
		directiveByName[d.Name] = d
	}
	if len(clauseTable) > len(clauseSet{})*64 {
		panic("acc: clauseSet is too small for the clause table")
	}
	for i, c := range clauseTable {
		clauseIndex[c.Name] = i
	}
	for _, d := range directiveTable {
		if len(d.Leaves) > 0 {
			combine(d)
		}
		d.allowed = newClauseSet(d.Allowed)
		d.once = newClauseSet(d.Once)
		d.oncePerDeviceType = newClauseSet(d.OncePerDeviceType)
		d.afterDeviceType = newClauseSet(d.AfterDeviceType)
		if first, second, ok := cutSpace(d.Name); ok {
			multiWordFirst[first] = append(multiWordFirst[first], second)
		}
	}
}

// combine fills a combined construct's clause sets with the unions of its
// leaves' sets (OpenACC 3.3 §2.11), keeping whatever the entry sets itself.
func combine(d *DirectiveSpec) {
	for _, name := range d.Leaves {
		leaf := directiveByName[name]
		if leaf == nil {
			panic("acc: combined directive " + d.Name + " has unknown leaf " + name)
		}
		d.Allowed = union(d.Allowed, leaf.Allowed)
		d.Once = union(d.Once, leaf.Once)
		d.OncePerDeviceType = union(d.OncePerDeviceType, leaf.OncePerDeviceType)
		d.Required = union(d.Required, leaf.Required)
		d.AfterDeviceType = union(d.AfterDeviceType, leaf.AfterDeviceType)
		for _, set := range leaf.Exclusive {
			if !slices.ContainsFunc(d.Exclusive, func(s []string) bool { return slices.Equal(s, set) }) {
				d.Exclusive = append(d.Exclusive, set)
			}
		}
	}
}

func union(a, b []string) []string {
	for _, s := range b {
		if !slices.Contains(a, s) {
			a = append(a, s)
		}
	}
	return a
}

func cutSpace(s string) (before, after string, ok bool) {
	for i := 0; i < len(s); i++ {
		if s[i] == ' ' {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}

// LookupDirective returns the spec of the directive with the given name
// ("parallel loop", "enter data"), or nil when there is none.
func LookupDirective(name string) *DirectiveSpec { return directiveByName[name] }

// LookupClause resolves a clause spelling (canonical or alias) to its spec;
// alias is non-nil when the spelling is an alias. spec is nil when unknown.
func LookupClause(spelling string) (spec *ClauseSpec, alias *Alias) {
	s := clauseBySpell[spelling]
	return s.spec, s.alias
}

// SecondWords returns the words that can follow first to form a multi-word
// directive name ("enter" → ["data"]); nil when first starts none.
func SecondWords(first string) []string { return multiWordFirst[first] }

// Directives returns every directive spec in table order.
func Directives() []*DirectiveSpec { return directiveTable }

// Clauses returns every clause spec in table order.
func Clauses() []*ClauseSpec { return clauseTable }

// clauseSet is a set of clauses as bits indexed by table position: the
// membership tests run for every clause on every keystroke.
type clauseSet [2]uint64

var clauseIndex = map[string]int{}

func newClauseSet(names []string) clauseSet {
	var s clauseSet
	for _, n := range names {
		if i, ok := clauseIndex[n]; ok {
			s[i/64] |= 1 << (i % 64)
		}
	}
	return s
}

func (s clauseSet) has(name string) bool {
	i, ok := clauseIndex[name]
	return ok && s[i/64]&(1<<(i%64)) != 0
}

// Allows reports whether the canonical clause name may appear on d.
func (d *DirectiveSpec) Allows(clause string) bool { return d.allowed.has(clause) }

// AllowsOnce reports whether the clause may appear at most once on d.
func (d *DirectiveSpec) AllowsOnce(clause string) bool { return d.once.has(clause) }

// AllowsOncePerDeviceType reports whether the clause may appear at most once
// per device_type section of d.
func (d *DirectiveSpec) AllowsOncePerDeviceType(clause string) bool {
	return d.oncePerDeviceType.has(clause)
}

// AllowsAfterDeviceType reports whether the clause may follow a device_type clause on d.
func (d *DirectiveSpec) AllowsAfterDeviceType(clause string) bool {
	return d.afterDeviceType.has(clause)
}

// IsCompute reports whether d is a compute construct or a combined construct.
func (d *DirectiveSpec) IsCompute() bool {
	switch d.Name {
	case "parallel", "serial", "kernels", "parallel loop", "serial loop", "kernels loop":
		return true
	}
	return false
}
