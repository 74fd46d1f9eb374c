package compiler

// The zero modifier of copyout and create (OpenACC 3.3 §2.7.8, §2.7.9):
// device memory that the entry action allocates is zero-initialized. It is
// a flag of the entry action (accrt.h ACCRT_ZERO): the runtime fills a new
// buffer with zero bytes on the action's queue; data that is already
// present keeps its values, as the spec says (the modifier only applies
// where memory is allocated). The exit actions are those of the clause.
//
// A compute construct with a zero item is left to itself by the transfers
// pass: an implicit data region would allocate the memory earlier, without
// the modifier.

// zeroFlags is the flags argument of an entry action: flags, with
// ACCRT_ZERO for an item with the zero modifier.
func zeroFlags(di *DataItem, flags string) string {
	if !di.Zero {
		return flags
	}
	return withFlag(flags, "ACCRT_ZERO")
}

// withFlag is the C expression of flags | flag.
func withFlag(flags, flag string) string {
	if flags == "0" {
		return flag
	}
	return flags + " | " + flag
}

// zeroes reports whether a node has a data item with the zero modifier.
func zeroes(n *Node) bool {
	for _, di := range n.Data {
		if di.Zero {
			return true
		}
	}
	return false
}

// zeroDump is the IR dump's note for an item with the zero modifier.
func zeroDump(di *DataItem) string {
	if di.Zero {
		return ", zero"
	}
	return ""
}
