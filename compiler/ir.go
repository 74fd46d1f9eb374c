package compiler

import (
	"strings"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/analysis"
	"github.com/accls/accls/source/cfacts"
)

// Program is the IR of one translation unit: the host actions that replace
// the directives (a tree, in source order) and the kernels.
type Program struct {
	Path string // as given
	File string // the name in #line directives and messages (the path as given)
	Text []byte
	// Nodes are the outermost host actions in source order; data constructs
	// hold the actions inside their bodies as Children.
	Nodes      []*Node
	Constructs []*Construct // every compute construct, in source order
	Kernels    []*Kernel    // every kernel, in source order
	UsesDouble bool         // some kernel needs cl_khr_fp64
	// MemberValues: a kernel uses the value of an element's pointer member
	// (kernelgen's _accls_member).
	MemberValues bool
	UsesPrintf   bool // device code calls printf: launches keep the output in program order
	// Complex: the complex spellings device code uses (float2, double2),
	// whose helpers the program defines (complex.go).
	Complex map[string]bool
	// Int64Atomics: some kernel uses 64-bit atomics (cl_khr_int64_base_atomics).
	Int64Atomics bool
	// Routines are the routines the kernels call, in the order first called
	// (kernelgen).
	Routines []*Routine
	// Hoists are the implicit data regions of the transfers pass.
	Hoists        []*Hoist
	hoistsSkipped []*Hoist // runs where no array could take part (for the dump)

	lines    *lines
	atomics  map[*cfacts.Stmt]*atomicSite // the atomic constructs' statements (atomic.go)
	routines *routineState                // the routines device code calls (routine.go)
	structs  *structTable                 // the struct types the kernels use (structs.go)
}

// NodeKind is the kind of a host action.
type NodeKind int

const (
	NodeCompute NodeKind = iota // parallel, serial, kernels and the combined forms
	NodeData                    // data construct: enter, body, exit
	NodeEnterData
	NodeExitData
	NodeUpdate
	NodeWait
	NodeInit     // init: the runtime initializes eagerly
	NodeShutdown // shutdown
	NodeIgnored  // cache: a hint, dropped
	NodeSet      // set: device type, device number, default async queue
	// declare.go, hostdata.go
	NodeDeclare     // declare: entry actions (in a function) or a global's registration (file scope)
	NodeDeclareExit // the exit actions of the declares that a return, break, continue or a scope's end leaves
	NodeHostData    // host_data use_device: the body sees device addresses
)

var nodeKindNames = [...]string{"compute", "data", "enter data", "exit data", "update", "wait", "init", "shutdown", "ignored", "set", "declare", "declare exit", "host_data"}

func (k NodeKind) String() string { return nodeKindNames[k] }

// Node is one directive's action on the host. Span is the text it replaces:
// from the directive to the end of the statement it governs (the directive
// alone for standalone directives).
type Node struct {
	Kind      NodeKind
	Dir       *acc.Directive
	Region    *analysis.Region
	Span      acc.Span
	Line      int
	Body      *cfacts.Stmt // NodeData: the governed statement
	Children  []*Node      // NodeData: the actions inside Body
	Construct *Construct   // NodeCompute
	Data      []*DataItem  // NodeData, NodeEnterData, NodeExitData, NodeUpdate
	If        string       // the if clause's condition as written, "" when absent
	IfPresent bool         // update if_present
	Finalize  bool         // exit data finalize
	Async     *string      // async clause: nil when absent, "" without argument
	Wait      []string     // wait clause arguments (or the wait directive's)
	HasWait   bool
	Device    *DeviceSettings // NodeInit, NodeShutdown, NodeSet: their clauses
	// NodeDeclareExit: the declares it exits (latest first) and the jump
	// statement it precedes (nil at the end of a declare's scope).
	Exits []*Node
	Jump  *cfacts.Stmt
	// NodeDeclare: Global for a file-scope declare; Scope is the block a
	// function's declare covers.
	Global bool
	Scope  *cfacts.Stmt
	Hoist  *Hoist // an implicit data region of the transfers pass (Kind NodeData, Dir nil)

	// NodeDeclare in a function: the items of static locals and extern
	// declarations, entered once for the whole program (declare.go).
	Statics []*DataItem
}

// DataItem is one variable (or sub-array) of a data clause, as host
// expressions evaluated where the directive is.
type DataItem struct {
	Clause string // accrt clause constant: "ACCRT_COPYIN"...; update: "self" or "device"
	Name   string // as written, for messages: "a[0:n]"
	Var    *cfacts.Var
	Start  string // the host address of the first byte
	Bytes  string // the number of bytes
	Lo     string // Start's byte offset from the variable's base ("0" for whole variables)
	Pos    int    // offset of the item in the text
	Zero   bool   // the zero modifier (copyout, create): new device memory is zeroed (zero.go)
	// Whole: the item covers all of a fixed-size array (the array named, or
	// sections from 0 over every length: a and a[0:N][0:N] of float a[N][N]),
	// whatever its text; mergeDataItems merges two such items.
	Whole bool
	// Rows: the item names the rows of a pointer to pointers (A[lo:n][c:m],
	// rows.go); Start and Bytes are then the row pointers' own range.
	Rows *Rows
	// OneRow: the item names the data of one row of a pointer to pointers
	// (A[k][c:m]), plain data like a pointer's, which an entry attaches to
	// the row pointers when they are present (RowSlot: &A[k]).
	OneRow  bool
	RowSlot string
	// Rect: an update's sub-array that is not contiguous (sections.go);
	// Start is then its first element.
	Rect *Rect
	// Inferred: the section of a pointer without a data clause, from its
	// subscripts (inferbounds.go); used only when the data is not present.
	Inferred *Inferred
	// Reach: for an array without a data clause, the part its subscripts
	// reach (inferbounds.go reachItem): the mapping that holds it is used
	// when the whole array is only partly present.
	Reach *Inferred
	// Pointee: exit data or update of a pointer without bounds: the data it
	// points to, as far as its mapping goes (lower.go pointeeItem).
	Pointee bool
	// Member: the item names the data of a pointer member of an array
	// element (a[i].m[lo:len], attach.go): new data goes into the member's
	// pool (accrt_enter_member_async).
	Member *MemberItem
	// Scratch: the device copy of a variable the construct declares
	// (Construct.Spanning); Start names host bytes hostgen declares.
	Scratch bool
}

// Construct is one compute construct: its clauses, the variables it uses
// with their data handling, and its kernels (one; a kernels construct has
// one per loop nest and per run of other statements).
type Construct struct {
	Kind     string // "parallel", "serial" or "kernels"
	Node     *Node
	Dir      *acc.Directive
	Region   *analysis.Region
	Line     int
	Name     string // base name of its kernels: function_Lline
	NumGangs string // host C expressions, "" when absent
	// NumGangsDims: every value of a num_gangs with several (gang
	// dimensions 1 to 3), nil otherwise (loopsched.go).
	NumGangsDims []string
	NumWorkers   string
	VectorLength string
	Default      string // "none", "present" or ""
	If           string
	Self         string // the self clause's condition ("1" without argument), "" when absent
	Async        *string
	Wait         []string
	HasWait      bool
	Vars         []*CVar
	Kernels      []*Kernel
	// DeviceTypes: the launch shape per device class when device_type
	// sections change it (devicetype.go), in the order of the run-time test.
	DeviceTypes []*DeviceTypeLaunch
	// Spanning: scalars declared in a kernels construct that several of its
	// kernels use: one device copy for the construct (lower.go).
	Spanning map[*cfacts.Var]bool
}

// VarMode is how a compute construct gets a variable to its kernels.
type VarMode int

const (
	ModeLocal      VarMode = iota // declared inside the construct: emitted with its declaration
	ModePrivate                   // private (clause or predetermined), declared outside: declared in the kernel
	ModeValue                     // firstprivate scalar: a kernel argument by value
	ModeValueArray                // firstprivate fixed-size array: its bytes by value (a struct argument)
	ModeRef                       // scalar in device memory (data clause): __global T * to the device copy
	ModeArray                     // array or pointee in device memory: buffer + byte offset
	ModeReduction                 // reduction across the construct: private partial, per-group partials, accrt_reduce
)

var modeNames = [...]string{"local", "private", "value", "value-array", "ref", "array", "reduction"}

func (m VarMode) String() string { return modeNames[m] }

// CVar is one variable referenced in a compute construct.
type CVar struct {
	Var      *cfacts.Var
	Name     string
	Mode     VarMode
	Attr     analysis.Attr
	Implicit bool
	Read     bool
	Written  bool
	// ReadOnly: no reference in the construct may write the data (no write,
	// call, address taken or escape): kernels see the array as const.
	ReadOnly bool
	// Data is the entry/exit action of a clause of this construct or of an
	// implicit attribute (nil when the data is looked up: Lookup).
	Data *DataItem
	// Lookup, when Data is nil and the mode is ModeArray/ModeRef: the
	// device view comes from accrt_lookup (present data: a clause of an
	// enclosing data construct, default(present), a pointer without clause)
	// or accrt_devptr (deviceptr).
	Lookup *DataItem
	// NoSection: why a pointer without a data clause has no inferred
	// section (inferbounds.go), so that it is looked up.
	NoSection string
	DevPtr    bool
	// Arrays: the element type and the lengths of the inner dimensions
	// (float a[N][M] → ["M"]); VLA is set when one of them is not constant:
	// the kernel then indexes a linearized array with strides passed in.
	Elem    *cfacts.Type
	Dims    []int64
	Rank    int // number of subscripts that reach an element
	VLA     bool
	Strides []string // VLA: host expressions of the element strides of dims 1..Rank-1
	// Rows: a pointer to pointers whose rows are one device buffer, indexed
	// as a VLA whose stride the runtime gives (rows.go).
	Rows bool
	// ElemMember: the member path base[e].m of the elements of an array of
	// structs (attach.go): the kernels get the member pool and the table of
	// offsets (accrt.h section 10) instead of one buffer.
	ElemMember *ElemMember
	// Reduction, for ModeReduction.
	Red *Reduction
	// Why explains the mode, for --dump=ir.
	Why string
}

// Kernel is one OpenCL kernel.
type Kernel struct {
	Name      string
	Construct *Construct
	Stmts     []*cfacts.Stmt // what it runs, in order
	Serial    bool           // one work-item: serial construct, scalar code, a loop nest that must stay sequential
	Note      string         // why it is serial, for the dump
	Loops     []*Loop        // outermost partitioned/sequential loop constructs (tree through Children)
	LoopOf    map[*cfacts.Stmt]*Loop
	Levels    analysis.Level // union of the partitioned loops' levels
	Vars      []*CVar        // the construct's variables this kernel references
	// Hoisted are the loop bounds the host evaluates (hoistbounds.go), by
	// expression, with the names of the arguments that carry them
	// (HoistedParams, in order).
	Hoisted       map[*cfacts.Expr]string
	HoistedParams []*Param
	// Reductions are the construct-level reductions it takes part in; Local
	// those of partitioned loops on variables private to the construct.
	Reductions []*Reduction
	Local      []*Reduction
	Params     []*Param
	// Shared are the gang-private arrays that the workers and vector lanes
	// of a gang share: __local arrays (by their kernel names).
	Shared map[*cfacts.Var]string
	// Redeclared are variables a kernels construct declares in another of
	// its kernels and this one uses only as loop counters: declared again
	// at this kernel's start.
	Redeclared []*cfacts.Var
	// PrivArrays are the gang-private copies of what pointers point to
	// (private(tmp[0:n]), privarray.go).
	PrivArrays []*PrivArray
	// GangLoops are the outermost gang-partitioned loops: their trip counts
	// size the grid when num_gangs is absent.
	GangLoops []*Loop
	// GangDims: the number of gang dimensions when there are several
	// (num_gangs with several values, gang(dim:)); 0 otherwise (loopsched.go).
	GangDims int
	// Grid is 2 or 3 when the kernel is one collapsed gang-vector loop nest
	// that runs on a 2-D or 3-D NDRange (no index division), 0 otherwise.
	Grid int
	// StrideName names the kernel's grid-stride form when a kernel on an
	// NDRange is written as two (gridfast.go splitGrid); "" otherwise.
	StrideName string
	// OffsetName names the grid kernel's form for a covering grid whose
	// arrays' views lie inside their buffers (Name takes the buffers'
	// starts, gridfast.go splitGrid); set with StrideName.
	OffsetName string
	Source     string // the kernel's OpenCL C (kernelgen; both forms of a split kernel)
	// Stages: the loops whose cache directives are staged in __local memory (cache.go).
	Stages map[*Loop]*cacheStage
	errs   []loopError
	// Lines maps each line of Source (index 0 = line 1) to a user line (0: none).
	Lines []int
	// Routines are the routines its code calls (not those they call in
	// turn), in the order first called.
	Routines []*Routine
	calls    []*deviceRoutine
}

// Routine is a function that device code calls, as the OpenCL program
// has it (routine.go): the kernel preview shows it after the kernels.
type Routine struct {
	Name     string // its OpenCL name (clampf_2 when two files' clampf meet)
	Func     string // its C name
	File     string // the file that defines it (Program.File of that file)
	Line     int    // the line of its name there, 1-based
	Level    string // seq, vector, worker or gang
	Implicit bool   // no routine directive: called by device code of its file
	Source   string // its OpenCL C
	// Lines maps each line of Source (index 0 = line 1) to a line of this
	// compilation's file (0: none, and every line of another file's routine).
	Lines []int
	Calls []*Routine // the routines it calls
}

// Loop is a loop construct (or a loop of a kernels construct chosen for
// parallel execution) with its associated loops.
type Loop struct {
	Region   *analysis.Region // nil for loops without a directive
	Stmts    []*cfacts.Stmt   // the associated for statements, outermost first (collapse)
	Vars     []*LoopVar
	Explicit analysis.Level // levels named by clauses
	Levels   analysis.Level // partitioned over (0: sequential)
	Seq      bool
	Auto     bool
	Indep    bool
	// Uncollapse: the loop is the nest of a kernels construct without
	// directives, collapsed by the compiler (lower.go implicitCollapse),
	// which autoLoops may take back to its outermost loop.
	Uncollapse bool
	Parent     *Loop
	Children   []*Loop
	// Reductions of the loop's clauses (and found in kernels loops).
	Reductions []*Reduction
	Private    []*cfacts.Var
	Note       string
	// Shares: the loop uses gang-shared (__local) arrays: barriers around it.
	Shares bool
	// Uniform: the loop runs the same number of rounds in every work-item of
	// a work-group (barriers inside it).
	Uniform bool
	// GangNum and VectorLen: gang(num:) / vector(length:) of a kernels loop.
	GangNum, VectorLen string
	// RoutineLevels: levels partitioned by routines called in the body; the
	// loop does not take them when it is extended as an innermost loop.
	RoutineLevels analysis.Level
	// Tile: the sizes of a tile clause, outermost loop first (tile.go).
	Tile []int64
	// Static: gang(static:) chunk size (a constant), "*" when the compiler
	// chooses, "" without (loopsched.go). StaticHost is a run-time size's
	// host expression: the host evaluates it at the construct's entry and
	// the kernel gets it as the argument StaticArg.
	Static                string
	StaticHost, StaticArg string
	// GangDim: gang(dim:), the gang dimension 1 to 3 (0: without, dimension 1).
	GangDim int
}

// LoopVar is one canonical loop: for (v = Lower; v Cmp Upper; v += Step).
type LoopVar struct {
	Var      *cfacts.Var
	Declared bool // declared in the for's init
	Lower    *cfacts.Expr
	Upper    *cfacts.Expr
	Cmp      string       // "<", "<=", ">", ">="
	Step     *cfacts.Expr // nil: StepVal
	StepVal  int64        // the constant step, signed (when Step is nil)
	Down     bool         // the variable decreases
}

// Reduction is one reduction variable of a construct or of a loop.
type Reduction struct {
	Op     string
	Var    *cfacts.Var
	Name   string
	Accrt  string // ACCRT_FLOAT...
	CL     string // float...
	Global bool   // combined across the whole construct into the host (or device) variable
	Loop   *Loop  // the loop (local reductions)
	// Mask: the work-item coordinates (levels) that must be 0 for a global
	// reduction's partial to count (code outside the loops that partition
	// over those levels runs redundantly).
	Mask analysis.Level
	Pos  int
	// Array reductions (reduce_array.go): the private copy's dimensions
	// (Dims[0] the section's length) and element count, the host
	// expression of the section's first index ("0": none), its host range.
	Dims    []int64
	Len     int64 // 0: a scalar
	Lo      string
	Section *DataItem
	// RunLen, for an array reduction whose length is not a constant (or is
	// too large for private copies): the host expression of its element
	// count; the copies are in global memory (reduce_copies.go), Len is 1.
	RunLen string
	// Final names the kernel that combines the partials on the device, into
	// the present copy (reduce_device.go); "" when only the host combines.
	Final string
	// Spanning: a scalar that other kernels of a kernels construct also
	// use; they read and write its device copy, into which this reduction
	// combines (lower.go spanningReductions).
	Spanning bool
}

// ParamKind is the kind of a kernel parameter.
type ParamKind int

const (
	ParamDev       ParamKind = iota // buffer + byte offset (two OpenCL arguments)
	ParamValue                      // a scalar by value
	ParamBytes                      // an array's bytes by value (struct)
	ParamStride                     // a ulong: a VLA stride, or a value for cache staging (cache.go)
	ParamScratch                    // __local scratch of a reduction
	ParamPartials                   // __global partials of a reduction
	ParamShape                      // the number of workers or the vector length (uint)
	ParamPrivArray                  // __global scratch of gang-private copies (privarray.go)
	ParamPrivInit                   // buffer + byte offset of a firstprivate copy's data (two arguments)
	ParamTable                      // buffer + byte offset of a member pool's table of offsets (two arguments)
)

// Param is one kernel parameter (ParamDev takes two argument slots).
type Param struct {
	Kind  ParamKind
	Index int // first argument index
	Var   *CVar
	Red   *Reduction
	Name  string // kernel-side name
	CL    string // OpenCL type (element type for ParamDev and reductions)
	Host  string // host expression of the value (ParamValue, ParamStride, ParamShape)
	HostT string // host-side cl_ type
	Dim   int    // ParamStride: which dimension
	// Copies: a ParamPartials that holds the per-work-item copies of an
	// array reduction with a run-time length (reduce_copies.go).
	Copies bool
	Priv   *PrivArray // ParamPrivArray
}

// ElemMember is a pointer member reached through the elements of an array
// of structs: Base[e].Member ("m", "in.m" in a struct embedded in the
// element, "p->m" in the struct a pointer member p of the element points
// to).
type ElemMember struct {
	Base   *cfacts.Var
	Member string
	// Via is the elements' pointer member through which Member is reached
	// ("p" of "p->m"), "" for a member of the elements themselves.
	Via string
}

// Inner is the member of the struct Via points to ("m" of "p->m").
func (em *ElemMember) Inner() string { return strings.TrimPrefix(em.Member, em.Via+"->") }

// MemberItem is what the entry of a[i].m[lo:len] needs beyond its range:
// the element (host C: &a[i]), the element's size and the member's offset.
type MemberItem struct {
	Elem, Size, Offset string
}
