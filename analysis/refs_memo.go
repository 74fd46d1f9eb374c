package analysis

import (
	"slices"
	"sync"

	"github.com/accls/accls/source/cfacts"
)

// refsMemo remembers CollectRefs of statements of the model (regions,
// function bodies): the checks ask for those of one construct or function
// once per variable and once per check (a third of CheckSemantics on a
// 10k-line file). A model serves
// concurrent requests (hover, inlay hints), hence the lock.
type refsMemo struct {
	mu    sync.Mutex
	m     map[*cfacts.Stmt][]*Ref
	sites map[*cfacts.Stmt][]aliasSite // aliasSites, asked for per variable too
}

// collectRefs is CollectRefs(s), computed once per model. The slice is
// shared: callers must not modify it (appending is fine: it is clipped).
func (m *Model) collectRefs(s *cfacts.Stmt) []*Ref {
	if m == nil || m.refs == nil {
		return CollectRefs(s)
	}
	m.refs.mu.Lock()
	defer m.refs.mu.Unlock()
	refs, ok := m.refs.m[s]
	if !ok {
		if m.refs.m == nil {
			m.refs.m = map[*cfacts.Stmt][]*Ref{}
		}
		refs = slices.Clip(CollectRefs(s))
		m.refs.m[s] = refs
	}
	return refs
}

// aliasSites is aliasSites(s) (aliases.go), computed once per model; the
// slice is shared and must not be modified.
func (m *Model) aliasSites(s *cfacts.Stmt) []aliasSite {
	if m == nil || m.refs == nil {
		return aliasSites(s)
	}
	m.refs.mu.Lock()
	defer m.refs.mu.Unlock()
	sites, ok := m.refs.sites[s]
	if !ok {
		if m.refs.sites == nil {
			m.refs.sites = map[*cfacts.Stmt][]aliasSite{}
		}
		sites = slices.Clip(aliasSites(s))
		m.refs.sites[s] = sites
	}
	return sites
}
