// Package compiler translates OpenACC C into a host C program that calls the
// accls runtime (compiler/runtime, accrt.h) and OpenCL C kernels, source to
// source. `accls translate FILE.c -o DIR` writes DIR/FILE.host.c, DIR/FILE.cl
// and the runtime; `accls run FILE.c` also builds (cc + libOpenCL) and runs.
//
// # Passes
//
// Translate runs the passes of the Passes table in order; each can be
// dumped (accls translate --dump=NAME):
//
//   - outline (outline.go): the analysis region model (analysis.BuildModel)
//     becomes a tree of host actions (Node): compute constructs, data
//     constructs with the actions inside their bodies, enter/exit data,
//     update, wait. Unsupported directives and clauses are errors here, at
//     the directive or clause ("'atomic' is not supported by the compiler
//     yet"): nothing is ever translated into wrong code.
//   - ir (lower.go, loops.go, depend.go): each compute construct becomes a
//     Construct with its kernels (one; a kernels construct has one per loop
//     nest and per run of other statements). Loops are put in canonical form
//     (lower bound, exclusive or inclusive upper bound, signed step),
//     collapse(n) nests are linearized, every loop construct gets its levels
//     (explicit, or chosen: the outermost free loop is gang, the next vector;
//     an innermost partitioned loop also takes the levels below it). The
//     loops of a kernels construct run in parallel only when independent is
//     given or a conservative dependence test (depend.go) proves it; it also
//     finds scalar reductions. Every variable gets a mode (VarMode) from
//     analysis.DataAttributes and the clauses: local, private, value
//     (firstprivate scalar), value-array (firstprivate fixed-size array, by
//     value), ref (a scalar in device memory), array (device memory: buffer
//   - byte offset, entered by a clause of the construct or looked up when
//     present), reduction. Data clauses become DataItems: C expressions for
//     the host address, the byte count and the offset of a sub-array,
//     evaluated by the host where the directive is.
//   - transfers (transfers.go): transfer minimization within a function.
//     Runs of statements of one block that hold compute constructs and
//     host code that touches no memory but scalar variables (a host loop
//     around constructs, constructs in a row) become implicit data regions:
//     the arrays their constructs copy are entered once before the run and
//     exited once after it, so the constructs inside find them present and
//     move nothing; an array is copied in only when some construct reads
//     what the host had, out only when some construct copies it out. The
//     rules that keep it conservative (aliases, calls, jumps, ranges that
//     change inside the run) are in transfers.go; --dump=transfers lists
//     each run and why an array was left to its constructs;
//     ACCLS_NO_TRANSFER_OPT=1 turns the pass off.
//   - kernelgen (kernelgen.go, cemit.go): OpenCL C, one __kernel per Kernel,
//     written back from the C facts (cfacts) with the user's names. Arrays
//     are __global pointers (typed pointers to rows for T a[N][M],
//     linearized indexing with run-time strides for VLAs); gang is the
//     work-group, worker and vector the work-items of a group (local id =
//     worker * vlen + lane); partitioned loops are grid-stride loops over
//     their collapsed iteration space, so any trip count runs on any grid
//     (a kernel on a 2-D/3-D NDRange first tests whether its grid covers
//     the trip counts and then runs one iteration per work-item, the
//     straight-line form PoCL vectorizes: gridfast.go).
//     Reductions keep a private partial per work-item, combine it in __local
//     memory with a tree per work-group, and write one partial per group;
//     the host (accrt_reduce) combines those with the variable's original
//     value (its device copy when the variable is present). Worker and
//     vector reductions on variables private to a gang combine in __local
//     memory and give every lane the result; loops that contain such
//     barriers run a uniform number of rounds. Arrays private to a gang and
//     shared by its lanes live in __local memory. `#line` directives name
//     the user's lines; Kernel.Lines maps every kernel line back to one.
//   - hostgen (hostgen.go): the user's file, text for text, with each
//     directive (and the statement a construct governs) replaced by runtime
//     calls: accrt_enter for each data clause or implicit attribute, kernel
//     arguments, the launch, accls_reduce, accrt_exit in reverse order. Data
//     constructs keep their (transformed) bodies; the if clause keeps the
//     original statement as the host fallback. The kernels are embedded as a
//     string (built once per run by the runtime); #line directives keep the
//     user's line numbers.
//   - build (build.go): cc -O2 -D_OPENACC=202211 -I DIR FILE.host.c
//     DIR/accrt.c -lOpenCL -lm; the compiler's messages name the user's file.
//
// # Data movement
//
// Data moves only where the clauses and OpenACC 3.3 §2.6.2 say: the runtime's
// present table makes every entry action on present data a reference count
// increment, so compute constructs inside data regions (or on data entered
// with enter data) reuse the device copies without transfers. Implicitly
// copied arrays that a construct only reads are copied in, not back. The
// transfers pass adds implicit data regions where the program's own
// clauses would move the same data back and forth (see above); exec
// programs state the bytes they must move (`// exec-bytes:`, checked from
// ACCLS_PROFILE).
//
// # Not supported yet
//
// atomic, routine (calls to user functions in compute constructs), declare,
// host_data, cache (ignored: a hint), tile, device_type, gang(dim:/static:),
// the zero modifier, attach/detach, struct and union data, pointers to
// pointers, non-contiguous sub-arrays, gang-level reductions on variables
// private to the construct, variables declared in a kernels construct and
// used by two of its loop nests. Each is an error at its place.
package compiler
