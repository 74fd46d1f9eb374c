package compiler

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/source/cfacts"
)

// Pointers to pointers (OpenACC 3.3 §2.7.1: a multi-dimensional sub-array of
// a pointer to pointers, A[lo:n][c:m], names the n row pointers and m
// elements of each row, which need not be contiguous). OpenACC gives the
// row pointers a device copy attached to the rows' device copies; an OpenCL
// 1.2 kernel cannot follow a pointer read from device memory, so accls keeps
// no device copy of the pointers and puts the rows into one buffer, a row
// pitch apart (accrt.h §9). A kernel indexes it as a two-dimensional
// variable-length array whose stride the runtime gives at entry or lookup:
// A[i][j] is A[i * pitch + j]. The same holds for an array of pointers
// (T *A[N]). Indexing all the way down is what a kernel may do with such a
// variable: a row's pointer itself (A[i] as a value) is reported.

// Rows is a clause item that names rows of a pointer to pointers: host C
// expressions of the pointer array, the first row and the number of rows,
// and of each row's mapped part in bytes (offset and length).
type Rows struct {
	Base, Lo, N, Col, Bytes string
}

// isRowsType reports whether t is a pointer to pointers or an array of
// pointers (what a two-level sub-array maps as rows). Unlike
// analysis.IsRowsPointer it takes any level of pointers, so that rowsItem
// can say that three levels are not supported.
func isRowsType(t *cfacts.Type) bool {
	return t != nil && (t.Kind == cfacts.TypePointer || t.Kind == cfacts.TypeArray) && isPointer(t.Elem)
}

// rowsItem completes di for a two-level sub-array of pointer array t.
func rowsItem(di *DataItem, it *acc.Arg, t *cfacts.Type) (*DataItem, error) {
	name := di.Var.Name
	subs := it.Var.Subscripts
	elem := t.Elem.Elem
	switch {
	case len(subs) > 2 || elem != nil && (elem.Kind == cfacts.TypePointer || elem.Kind == cfacts.TypeArray):
		return nil, fmt.Errorf("'%s': only two levels of pointers are supported by the compiler (rows of numbers or structs, A[lo:n][lo:m])", it.Text)
	case elem == nil:
		return nil, fmt.Errorf("the type of the rows of '%s' is not known", name)
	case !isArith(elem) && !isRecord(elem):
		return nil, fmt.Errorf("'%s': the rows must hold numbers or structs (element type '%s')", it.Text, elem.Name)
	}
	// each row is a pointer: the part of it to map needs a length
	col, m, ok := subscriptBounds(subs[1], "")
	if !ok {
		return nil, fmt.Errorf("'%s': the rows of '%s' are pointers: give the length of the part of each row to map (%s[lo:n][lo:m])", it.Text, name, name)
	}
	lo, n, ok := subscriptBounds(subs[0], arrayLength(t, name))
	switch {
	case !ok:
		return nil, fmt.Errorf("'%s' is a pointer: its sub-array needs a length (%s[lo:n][lo:m])", it.Text, name)
	case !subs[0].Section: // one row: its data, like a pointer's (A[k][c:m])
		row := fmt.Sprintf("%s[%s]", name, lo)
		di.Start = row
		if strings.TrimSpace(col) != "0" {
			di.Start = fmt.Sprintf("&%s[%s]", row, col)
		}
		di.Bytes = fmt.Sprintf("(size_t)(%s) * sizeof(%s[0][0])", m, name)
		di.Lo = byteOffset(col, "sizeof("+name+"[0][0])")
		di.OneRow = true
		di.RowSlot = fmt.Sprintf("&%s[%s]", name, lo)
		return di, nil
	}
	elemSize := "sizeof(" + name + "[0][0])"
	di.Rows = &Rows{Base: name, Lo: lo, N: n,
		Col: byteOffset(col, elemSize), Bytes: fmt.Sprintf("(size_t)(%s) * %s", m, elemSize)}
	di.Bytes = fmt.Sprintf("(size_t)(%s) * sizeof(%s[0])", n, name)
	if strings.TrimSpace(lo) == "0" {
		di.Start, di.Lo = name, "0"
	} else {
		di.Start = fmt.Sprintf("&%s[%s]", name, lo)
		di.Lo = fmt.Sprintf("(size_t)(%s) * sizeof(%s[0])", lo, name)
	}
	return di, nil
}

// sameRows reports whether two items name the same rows (both nil: no rows).
func sameRows(a, b *Rows) bool {
	return a == nil && b == nil || a != nil && b != nil && *a == *b
}

// rowsVar completes the shape of a pointer to pointers used in a compute
// construct: a two-dimensional array indexed with the runtime's row pitch.
// Its data must be mapped with its rows: an item of this construct or of an
// enclosing data construct that names only the pointers is reported.
func (l *lowering) rowsVar(cv *CVar, at acc.Span) *CVar {
	v := cv.Var
	for _, di := range []*DataItem{cv.Data, cv.Lookup} {
		switch {
		case di == nil || di.Rows != nil:
		case di.OneRow:
			l.c.errorAt(at, "'%s' is a pointer to pointers: '%s' maps one row, but a kernel that indexes '%s' needs the rows in one device buffer: map them as %s[lo:n][lo:m]", v.Name, di.Name, v.Name, v.Name)
			return nil
		case di.Clause != "lookup" || di.Bytes != "0":
			// (a lookup of zero bytes is a pointer's without a clause:
			// the runtime finds the rows, or says they are not present)
			l.c.errorAt(at, "'%s' is a pointer to pointers: '%s' maps the row pointers alone, host addresses a kernel cannot follow; name the rows too, %s[lo:n][lo:m]", v.Name, di.Name, v.Name)
			return nil
		}
	}
	elem := v.Type.Elem.Elem
	if elem == nil || !isArith(elem) && !isRecord(elem) {
		l.c.errorAt(at, "'%s': only pointers to rows of numbers or structs can be used on the device (element type '%s')", v.Name, typeName(elem))
		return nil
	}
	if isRecord(elem) {
		if _, err := l.c.prog.structCL(elem); err != nil { // structs.go
			l.c.errorAt(at, "'%s': %v", v.Name, err)
			return nil
		}
	}
	cv.Rows, cv.VLA, cv.Rank, cv.Elem = true, true, 2, elem
	cv.Dims = []int64{-1}
	cv.Strides = []string{fmt.Sprintf("%s / sizeof(%s[0][0])", rowPitch(cv.Name), cv.Name)}
	return cv
}

// rowPitch names the host variable that holds a rows variable's row pitch.
func rowPitch(name string) string { return "accls_p_" + identName(name) }

// enterCall is the entry action of di as a C expression (its device view):
// flags are the action's, pitch receives a rows item's row pitch ("NULL"
// when not wanted).
func (h *hgen) enterCall(di *DataItem, flags, loc, pitch string) string {
	if r := di.Rows; r != nil {
		return fmt.Sprintf("accrt_enter_rows_async(%s, (void *const *)%s, %s, %s, %s, %s, %s, %s, %s, %s, %s)", di.Clause, paren(r.Base),
			sizeArg(r.Lo), sizeArg(r.N), r.Col, r.Bytes, zeroFlags(di, flags), h.queueOrSync(), strconv.Quote(di.Name), loc, pitch)
	}
	if di.OneRow && di.RowSlot != "" { // one row: attached to its pointer when that is present
		return fmt.Sprintf("accrt_enter_row_async(%s, (void *const *)%s, %s, %s, %s, %s, %s, %s)", di.Clause, di.RowSlot, di.Lo, di.Bytes, zeroFlags(di, flags), h.queueOrSync(), strconv.Quote(di.Name), loc)
	}
	if mi := di.Member; mi != nil { // attach.go: into the member's pool
		return fmt.Sprintf("accrt_enter_member_async(%s, (void *)%s, %s, %s, (void *)%s, %s, %s, %s, %s, %s)", di.Clause, paren(mi.Elem), mi.Size, mi.Offset, paren(di.Start), di.Bytes, zeroFlags(di, flags), h.queueOrSync(), strconv.Quote(di.Name), loc)
	}
	if inf := di.Inferred; inf != nil { // inferbounds.go
		return fmt.Sprintf("accrt_enter_inferred_async(%s, (void *)%s, (void *)%s, %s, %s, %s, %s)", di.Clause, paren(inf.Base), paren(di.Start), di.Bytes, h.queueOrSync(), strconv.Quote(di.Name), loc)
	}
	if r := di.Reach; r != nil { // inferbounds.go reachItem
		return fmt.Sprintf("accrt_enter_reach_async(%s, (void *)%s, %s, %s, %s, %s, %s, %s, %s)", di.Clause, paren(di.Start), di.Bytes, r.start(), r.bytes(), zeroFlags(di, flags), h.queueOrSync(), strconv.Quote(di.Name), loc)
	}
	return fmt.Sprintf("%s(%s, (void *)%s, %s, %s%s, %s, %s)", h.queueFn("accrt_enter"), di.Clause, paren(di.Start), di.Bytes, zeroFlags(di, flags), h.queueArg(), strconv.Quote(di.Name), loc)
}

// exitCall is the exit action of di as a C statement's expression.
func (h *hgen) exitCall(di *DataItem, flags, loc string) string {
	if r := di.Rows; r != nil {
		return fmt.Sprintf("accrt_exit_rows_async(%s, (void *const *)%s, %s, %s, %s, %s, %s, %s, %s, %s)", di.Clause, paren(r.Base),
			sizeArg(r.Lo), sizeArg(r.N), r.Col, r.Bytes, flags, h.queueOrSync(), strconv.Quote(di.Name), loc)
	}
	if inf := di.Inferred; inf != nil {
		return fmt.Sprintf("accrt_exit_inferred_async(%s, (void *)%s, (void *)%s, %s, %s, %s, %s)", di.Clause, paren(inf.Base), paren(di.Start), di.Bytes, h.queueOrSync(), strconv.Quote(di.Name), loc)
	}
	if r := di.Reach; r != nil {
		return fmt.Sprintf("accrt_exit_reach_async(%s, (void *)%s, %s, %s, %s, %s, %s, %s, %s)", di.Clause, paren(di.Start), di.Bytes, r.start(), r.bytes(), pointeeFlags(di, flags), h.queueOrSync(), strconv.Quote(di.Name), loc)
	}
	return fmt.Sprintf("%s(%s, (void *)%s, %s, %s%s, %s, %s)", h.queueFn("accrt_exit"), di.Clause, paren(di.Start), di.Bytes, pointeeFlags(di, flags), h.queueArg(), strconv.Quote(di.Name), loc)
}

// updateCall is an update of di (self or device) as a C expression.
func (h *hgen) updateCall(di *DataItem, flags, loc string) string {
	dir := "self"
	if di.Clause == "device" {
		dir = "device"
	}
	if r := di.Rows; r != nil {
		return fmt.Sprintf("accrt_update_rows_%s_async((void *const *)%s, %s, %s, %s, %s, %s, %s, %s, %s)", dir, paren(r.Base),
			sizeArg(r.Lo), sizeArg(r.N), r.Col, r.Bytes, flags, h.queueOrSync(), strconv.Quote(di.Name), loc)
	}
	if r := di.Rect; r != nil { // sections.go
		return fmt.Sprintf("accrt_update_rect_%s_async((void *)%s, %s, %s, %s, %s, %s, %s, %s, %s, %s)", dir, paren(di.Start),
			r.Width, r.Rows, r.RowPitch, r.Slices, r.SlicePitch, flags, h.queueOrSync(), strconv.Quote(di.Name), loc)
	}
	return fmt.Sprintf("%s((void *)%s, %s, %s%s, %s, %s)", h.queueFn("accrt_update_"+dir), paren(di.Start), di.Bytes, pointeeFlags(di, flags), h.queueArg(), strconv.Quote(di.Name), loc)
}

// pointeeFlags adds ACCRT_POINTEE for a pointer without bounds (lower.go
// pointeeItem).
func pointeeFlags(di *DataItem, flags string) string {
	if !di.Pointee {
		return flags
	}
	return withFlag(flags, "ACCRT_POINTEE")
}

// lookupRows declares the view and row pitch of a rows variable that is
// present (accrt_lookup_rows).
func (h *hgen) lookupRows(cv *CVar, ind, loc string) {
	p := rowPitch(cv.Name)
	h.w(ind, "size_t %s; accrt_dev %s = accrt_lookup_rows((void *const *)%s, %s, %s, &%s);", p, devView(cv.Name), paren(cv.Name), strconv.Quote(cv.Name), loc, p)
}

func sizeArg(s string) string {
	if _, err := strconv.Atoi(strings.TrimSpace(s)); err == nil {
		return strings.TrimSpace(s)
	}
	return "(size_t)(" + s + ")"
}

// byteOffset is n elements of size elemSize in bytes, "0" for none.
func byteOffset(n, elemSize string) string {
	if strings.TrimSpace(n) == "0" {
		return "0"
	}
	return fmt.Sprintf("(size_t)(%s) * %s", n, elemSize)
}
