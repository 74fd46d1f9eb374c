package acc

// Scanning allocates the nodes of the trees from slabs: a chunk of nodes is
// allocated at once and handed out one by one, so that a directive costs a
// few allocations instead of one per node. A chunk stays alive as long as any
// of its nodes does; chunks are never reused.

const slabSize = 64

type slab[T any] []T

// one returns a new zero node.
func (s *slab[T]) one() *T {
	if len(*s) == 0 {
		*s = make([]T, slabSize)
	}
	p := &(*s)[0]
	*s = (*s)[1:]
	return p
}

// many returns n new zero nodes (capacity n).
func (s *slab[T]) many(n int) []T {
	if n == 0 {
		return nil
	}
	if n > slabSize/4 {
		return make([]T, n)
	}
	if len(*s) < n {
		*s = make([]T, slabSize)
	}
	r := (*s)[:n:n]
	*s = (*s)[n:]
	return r
}

type slabs struct {
	directives slab[Directive]
	clauses    slab[Clause]
	clausePtrs slab[*Clause]
	argLists   slab[ArgList]
	args       slab[Arg]
	argPtrs    slab[*Arg]
	varRefs    slab[VarRef]
	exprs      slab[Expr]
	subs       slab[Subscript]
	members    slab[Member]
}

func (s *slabs) directive() *Directive { return s.directives.one() }
