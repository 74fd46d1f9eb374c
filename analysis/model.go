package analysis

import (
	"github.com/accls/accls/acc"
	"github.com/accls/accls/source/cfacts"
)

// Model is the region model of one document: every directive bound to the C
// it governs, arranged in a tree per function (function ⊃ data constructs ⊃
// compute constructs ⊃ loops ⊃ atomics/caches), built from the scanned
// directives and the C facts. It is what the semantic checks, hover on
// variables, inlay hints and the compiler read.
type Model struct {
	Text  []byte
	Acc   *acc.File
	C     *cfacts.File
	Funcs []*FuncModel
	// ByDirective finds the region of a directive (standalone directives and
	// declarations included); directives outside any function body or not
	// bound to C (a function that did not parse) are absent.
	ByDirective map[*acc.Directive]*Region
	// Routines maps a function name to the `routine` directive that applies
	// to it (the first one: before its declaration or definition, or a
	// `routine(name)`), for functions defined here or only declared.
	Routines map[string]*acc.Directive

	refs   *refsMemo  // CollectRefs of region statements, memoized (refs_memo.go)
	scopes *scopeMemo // block-scope declarations by name, per function (scope.go)
	// regions are every region, function by function (allRegions), listed
	// once when the model is built: most checks walk them all.
	regions []*Region
}

// FuncModel is one function definition and its regions.
type FuncModel struct {
	Func *cfacts.Func
	// Routine is the `routine` directive that applies to the function (one
	// right before it, or a `routine(name)`), nil when none.
	Routine *acc.Directive
	// Level is the routine's level of parallelism from its default
	// device_type section: LevelNone without routine (or when the levels
	// appear only after device_type), LevelSeq when the routine names no
	// level at all (what gcc and flang assume).
	Level Level
	// Regions are the outermost regions of the function body, in source order.
	Regions []*Region
	// Directives are all directives inside the function definition, in
	// source order, bound or not (when Func.Body is nil none is bound).
	Directives []*acc.Directive
}

// RegionKind classifies a region by its directive.
type RegionKind int

const (
	RegionCompute    RegionKind = iota // parallel, serial, kernels and the combined constructs
	RegionData                         // data, host_data
	RegionLoop                         // loop (orphaned or inside a compute construct)
	RegionAtomic                       // atomic
	RegionStandalone                   // update, enter/exit data, wait, init, shutdown, set, cache
	RegionDeclare                      // declare, routine inside a function
)

// Level is a set of loop parallelism levels.
type Level uint8

const (
	LevelGang Level = 1 << iota
	LevelWorker
	LevelVector
	LevelSeq

	LevelNone Level = 0
)

// Region is one directive bound to the code it governs.
type Region struct {
	Kind      RegionKind
	Directive *acc.Directive
	Func      *FuncModel
	// Stmt is the governed statement: the structured block, the `for` loop of
	// a loop or combined construct, the atomic statement. For standalone
	// directives it is the statement the directive precedes (may be nil), and
	// Container is the statement that contains the directive.
	Stmt      *cfacts.Stmt
	Container *cfacts.Stmt
	// Loops are the associated `for` loops, outermost first: one, or n for
	// collapse(n)/tile(n); fewer when the nest is shallower than asked.
	Loops []*cfacts.Stmt
	// Level is the parallelism of a loop region (gang/worker/vector/seq), the
	// loop part of a combined construct included; per device_type section
	// only the default section counts.
	Level    Level
	Parent   *Region
	Children []*Region
	// Compute is the innermost enclosing compute region (the region itself for
	// compute and combined constructs); nil outside compute regions.
	Compute *Region
}

// Attr is the data attribute a variable has in a compute construct.
type Attr int

const (
	AttrNone Attr = iota // not determined (no C facts)
	AttrCopy
	AttrCopyin
	AttrCopyout
	AttrCreate
	AttrNoCreate
	AttrPresent
	AttrDeviceptr
	AttrAttach
	AttrPrivate
	AttrFirstprivate
	AttrReduction
	AttrDeclared // in a declare directive, present for its scope
)

// VarAttr is one variable referenced in a compute construct with the data
// attribute it gets and why: what hover and inlay hints show, and what the
// compiler moves.
type VarAttr struct {
	Var  *cfacts.Var
	Attr Attr
	// Implicit is set when no clause names the variable and §2.6.2 decides.
	Implicit bool
	// Clause is the clause that names the variable (on this construct or an
	// enclosing data construct), nil when implicit or predetermined.
	Clause *acc.Clause
	Item   *acc.Arg
	// From is the construct whose clause applies (this one or an enclosing data construct).
	From *Region
	// Reason explains the attribute in one sentence, for hover.
	Reason string
	// Bounds is the sub-array written in the clause or inferred ("a[0:1024]"),
	// "" when unknown; Bytes is its size, -1 when unknown.
	Bounds string
	Bytes  int64
	// Read, Written: how the construct uses the variable (a pointer's pointee
	// counts as the variable for arrays through pointers).
	Read, Written bool
	// First is the first reference inside the construct.
	First acc.Span
	// Predetermined is set for variables that are private without any clause
	// (OpenACC 3.3 §2.6.1): declared inside the construct, or the loop
	// variable of a loop associated with a loop or combined construct.
	Predetermined bool
	// Deref is set when the construct accesses the data a pointer points to
	// (p[i], *p, p->f).
	Deref bool
	// Refs are the references inside the construct, in source order.
	Refs []*Ref
	// PointsInto, for a pointer the construct assigns, lists the variables
	// whose data it may point into (aliases.go); what is read or written
	// through it counts as theirs.
	PointsInto []*cfacts.Var
}
