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
//     the directive or clause ("'device_type' on 'routine' is not
//     supported by the compiler yet"): nothing is ever translated into
//     wrong code. So are
//     branches out of data and host_data constructs (branch.go).
//   - ir (lower.go, loops.go, depend.go): each compute construct becomes a
//     Construct with its kernels (one; a kernels construct has one per loop
//     nest and per run of other statements). Loops are put in canonical form
//     (lower bound, exclusive or inclusive upper bound, signed step),
//     collapse(n) nests are linearized, every loop construct gets its levels
//     (explicit, or chosen: the outermost free loop is gang, the next vector;
//     an innermost partitioned loop also takes the levels below it). The
//     loops of a kernels construct, and loops with auto anywhere, run in
//     parallel only when independent is given or a conservative dependence
//     test (depend.go) proves it; it also finds scalar reductions. Every variable gets a mode (VarMode) from
//     analysis.DataAttributes and the clauses: local, private, value
//     (firstprivate scalar), value-array (firstprivate fixed-size array, by
//     value), ref (a scalar in device memory), array (device memory: a
//     buffer and a byte offset, entered by a clause of the construct or
//     looked up when present), reduction. Data clauses become DataItems: C expressions for
//     the host address, the byte count and the offset of a sub-array,
//     evaluated by the host where the directive is (a data construct's once,
//     at its entry: its exit acts on the same data). Two clauses of one
//     construct on the same data merge into one that moves what either
//     moves (copyin(x) copyout(x) is copy(x); two spellings of a whole
//     array, a and a[0:N][0:M], are the same data); present(p) on a
//     pointer without bounds looks up the data p points to, and on a
//     pointer to pointers the rows a data construct mapped; exit data and
//     update of such a pointer act on the data it points to, as far as
//     its mapping goes. A pointer the construct dereferences with no
//     clause gets the section its subscripts reach (inferbounds.go:
//     interval arithmetic over the loops' bounds and the ifs around the
//     subscript), copied unless present, as NVIDIA's compiler does; a
//     pointer to one struct without bounds is the struct (p[0:1]), and a
//     plain member in enter/exit data and update its bytes in the struct.
//     Directives in #if branches the preprocessor skips are not translated
//     (the model leaves them out; hostgen keeps the #else/#endif lines
//     between a directive and its statement). A loop's
//     private clause that names its own counters keeps their values.
//     Arguments that must be
//     constants may name macros and enumeration constants
//     (cfacts.File.Consts: collapse(N), tile(TS, TS)); loop auto is
//     decided by the dependence test in every construct.
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
//     linearized indexing with run-time strides for VLAs); pointers the
//     construct declares get the address space of what they are given
//     (pointerspace.go: __global for device data, __local for gang-shared
//     arrays, private for the work-item's own), and the analysis follows
//     the accesses through them to the data (analysis/aliases.go: an array
//     written only through such a pointer is copied back); gang is the
//     work-group, worker and vector the work-items of a group (local id =
//     worker * vlen + lane); partitioned loops are grid-stride loops over
//     their collapsed iteration space, so any trip count runs on any grid
//     (a kernel on a 2-D/3-D NDRange runs one iteration per work-item
//     when its grid covers the trip counts, the straight-line form PoCL
//     vectorizes: as a kernel of its own beside a grid-stride one, the host
//     choosing at launch, when the host computes the same trip counts, else
//     behind a test in the kernel: gridfast.go; on GPUs its groups
//     are 32×8 tiles of the two innermost loops (accls_grid_ndrange), or
//     narrow 8×16 tiles where the subscripts step by rows along the
//     innermost loop: gridshape.go; on any device a tile is no wider
//     than a short innermost loop).
//     Reductions keep a private partial per work-item, combine it in __local
//     memory with a tree per work-group, and write one partial per group;
//     the host (accrt_reduce) combines those with the variable's original
//     value, or, when the variable is present on the device (a data
//     region, a copy clause), a small final kernel combines them into the
//     device copy, with no transfer (reduce_device.go). Array and
//     sub-array reductions (reduce_array.go) keep a private copy of the
//     section per work-item (constant length up to 1024 elements; longer
//     or run-time lengths keep each work-item's copy in global memory,
//     reduce_copies.go; _Bool elements are uchar, reduced with the
//     logical operator that keeps them 0 or 1, as scalar _Bool ones),
//     combine the group's copies in __local memory a chunk of elements at
//     a time, and the final kernel combines the groups' copies into the
//     section's device copy (entered as copy); worker and vector loop
//     reductions on arrays private to a gang combine element by element
//     in __local memory (reduce_local.go). Worker and
//     vector reductions on variables private to a gang combine in __local
//     memory and give every lane the result; loops that contain such
//     barriers run a uniform number of rounds. Arrays private to a gang and
//     shared by its lanes live in __local memory; a pointer's private
//     sub-array (private(tmp[0:n])) is a slice of a global scratch per gang
//     (on a construct or a gang loop), per worker or per work-item (on a
//     loop partitioned over them), the gangs capped so that the scratch
//     stays bounded (privarray.go). Redundant code
//     (redundant.go: gang-redundant code outside worker and vector loops,
//     worker-single code outside vector loops) runs where it is harmless on
//     every work-item (private scalars, loop bounds, reads) and where it
//     writes device memory on one (`if (_worker == 0 && _lane == 0)`, `if
//     (_lane == 0)`); private scalars such a statement assigns reach the
//     other work-items through __local scratch between barriers (gang
//     level, and one value per statement at worker level). Barriers
//     (local and global fence) order the single work-item's accesses and
//     the partitioned loops' (and redundant reads) where they touch the
//     same variable; a worker loop whose worker-single code needs them runs
//     a uniform number of rounds. `#line` directives name
//     the user's lines; Kernel.Lines maps every kernel line back to one.
//     Device code (one file per feature, each with its design notes):
//     atomic (atomic.go: the forms from analysis.ClassifyAtomic, native
//     OpenCL atomics on 32-bit ints, compare-and-swap loops on the bit
//     pattern for everything else, 64-bit ones through
//     cl_khr_int64_base_atomics; in code that the workers or lanes of a
//     gang run redundantly one work-item performs the update and a capture
//     hands its value to the others through __local memory), routine
//     (routine.go: routines that device code calls become OpenCL functions
//     with the caller's place, so that their gang/worker/vector loops
//     partition like inline ones, and pointer parameters in the address
//     space of what each call passes, one function per combination
//     (norm2_p for a private array; a routine other than seq takes no
//     work-item's private memory); calls are
//     checked for levels, address spaces, recursion; a function defined
//     without a routine directive is an implicit routine seq; global
//     constants become __constant copies, constglobals.go, and declared
//     globals hidden parameters, routineglobals.go; parameters that are
//     variable-length arrays or pointers to pointers are passed linearized,
//     the VLA's strides computed at entry from its lengths, the rows'
//     pitch an extra argument, routineparams.go; bind(f) or bind("f")
//     makes device code call f, a function of the program, routinebind.go;
//     a routine that another
//     file of the program defines, Options.Others, is compiled into the
//     caller's program from that file's facts, peers.go), tile (tile.go: tiles
//     on gangs, their elements on the work-items of a group; collapse(n)
//     next to a tile of n or more loops adds nothing), loop schedules
//     (loopsched.go: gang(static:) chunks dealt round-robin to the gangs;
//     num_gangs with several values and gang(dim:) on the work-group
//     dimensions of a 3-D NDRange), cache
//     (cache.go: the windows of a vector loop's iterations, or of a tile,
//     are loaded by the work-group into __local memory, the loads guarded
//     by the device buffer's extent, and the body's reads of them go to
//     the local copy; elsewhere, or when the loop writes the array, a
//     checked hint, and the loop's note says why; staging only with
//     Options.CacheStage, accls --cache-stage: it measured slower than the
//     hint), structs (structs.go: the struct types the kernels use are
//     declared in the program with the host's member offsets, checked at
//     translation, by a size check the OpenCL compiler evaluates, and by a
//     _Static_assert in the host code, since the C front end does not see
//     packing; unions likewise, every member at 0; bit-fields and _Bool
//     members are reported; pointer members are opaque), complex numbers
//     (complex.go: float _Complex and double _Complex as float2 and double2,
//     C's layout; real operands made complex where OpenCL would broadcast
//     them, * and / between complex values and the <complex.h> functions
//     as helpers, conversions to real types taking the real part; + and *
//     reductions, combined on the host as C multiplies), _Bool data
//     (uchar in device memory; stores convert to 0 or 1: cemit.go
//     boolAssign), pointer members
//     (attach.go: each path to a pointer member
//     a construct uses, v.x or p->in.x, is a kernel argument of its own,
//     looked up in the present table from the member's host value, which is
//     OpenACC's attachment as the kernels see it; attach and detach clauses
//     move nothing; a[i].x of an array of structs, the manual deep copy,
//     is one path for all elements: the member's pool and a table of
//     offsets, accrt.h §10; so are a[i].in.x, a member of a struct embedded
//     in the elements, and a[i].p->x, one pointer member further), pointers
//     to pointers (rows.go: A[lo:n][c:m] on a T **
//     or T *[N] puts the rows in one device buffer, which kernels index as a
//     two-dimensional array with the row pitch the runtime gives; accrt.h
//     §9; a row, A[i], is its address in that buffer), acc_on_device, and printf (OpenCL C's, routine.go
//     devicePrintf: the format a string literal; when device code prints,
//     each launch flushes the host's output before it and waits for the
//     device's after it, so the output keeps the program's order).
//   - hostgen (hostgen.go): the user's file, text for text, with each
//     directive (and the statement a construct governs) replaced by runtime
//     calls: accrt_enter for each data clause or implicit attribute, kernel
//     arguments, the launch, accls_reduce, accrt_exit in reverse order. Data
//     constructs keep their (transformed) bodies; a compute construct
//     with an if or self clause keeps its original statement as the host
//     fallback, and so does every construct with Options.HostCode or in a
//     program that names the host device: it runs when the if clause is
//     false, the self clause true, or the host is the current device
//     (accrt_on_host: ACC_DEVICE_TYPE=host, set device_type(host); the
//     runtime's data actions then do nothing). Without it a construct
//     stops the program there (accrt_device_only): the copies cost gcc -O2
//     about 3 ms a construct.
//     declare in a
//     function enters its data at the directive and exits it at the end of
//     its block and before each return/break/continue/goto leaving the block
//     (declare.go); file-scope declares register their globals with the
//     runtime, which enters them when it initializes, and so do declares of
//     static locals and extern declarations in functions, the first time
//     they run. host_data shadows
//     each use_device variable with its device address (hostdata.go).
//     device_type sections of compute constructs give one launch sequence
//     per OpenCL device class, chosen at run time (devicetype.go); loop
//     clauses per device type (device_type on loop constructs, or the loop
//     part of a combined construct's sections) make one set of kernels per
//     device class whose loops differ (loopdevicetype.go). The
//     kernels are embedded as a string (built once per run by the runtime);
//     #line directives keep the user's line numbers.
//   - build (build.go): cc -O2 -D_OPENACC=202211 -I DIR FILE.host.c
//     DIR/accrt.c -lOpenCL -lm; the compiler's messages name the user's file.
//     The runtime is compiled once into the user's cache (buildcache.go,
//     os.UserCacheDir()/accls/rt; ACCLS_NO_RT_CACHE=1 turns it off); its
//     headers, on the C front end's include path, stay in
//     os.UserCacheDir()/accls/rt-src-HASH (runtime.CachedDir: a path that
//     changes would make the front end preprocess the system headers again
//     at every run); and,
//     while cc compiles the host program, the kernels are built for the
//     device the program will run on (kernelprebuild.go: a small driver
//     linked with the runtime builds FILE.cl with accrt_program's options,
//     on the device of Options.Device or ACCLS_DEVICE), so that the first
//     run finds the build in the OpenCL driver's own cache (PoCL's kernel
//     cache, NVIDIA's compute cache) instead of waiting for it;
//     ACCLS_NO_KERNEL_PREBUILD=1 turns that off. The driver stays as a
//     kernel build server for the next builds with the same settings
//     (kernelserver.go: the OpenCL drivers stay loaded; it leaves after
//     ACCLS_KERNEL_SERVER_IDLE seconds idle, default 300, 0: none).
//     `accls build` translates and builds; the times are in
//     bench/README.md (translation time).
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
// # Async queues (async.go)
//
// A construct or directive with async(q) puts all its device work (entry
// copies, kernels, exit copies, updates) on queue q through the *_async
// runtime calls, the async value evaluated once; a wait(list) clause makes
// the node's queue (queue 0 for a synchronous one) wait for the listed
// queues without blocking the host; only the wait directive without async
// blocks. Synchronous launches do not block either: accrt.h section 5 says
// why that is safe. On a data construct, async and wait apply to its entry
// and exit actions (the constructs inside have their own). wait(devnum: d :
// q...) waits for queue q when d is the current device's number; another
// device has nothing of the program in flight (accls runs on one device at a
// time), and a d that names no device is a runtime error. init, shutdown and
// set become the runtime's device selection calls.
//
// The zero modifier of copyout and create (zero.go) zero-fills the device
// memory that the entry action allocates (accrt.h ACCRT_ZERO).
//
// # Not supported yet
//
// Each of these is an error at its place:
//
//   - clauses: gang(static:) with a chunk size the host cannot evaluate
//     at the construct's entry (a call, a variable of the construct) or
//     not constant in a routine, with tile or on a loop whose body needs
//     barriers; num_gangs with
//     several values next to num_gangs after device_type; device_type and
//     gang(dim:2 or 3) on the loops of routines; wait after device_type on
//     compute constructs;
//   - data: pointer members assigned on the device or used in routines,
//     members of elements of arrays of structs in present clauses (the
//     kernels find them in the member's pool by themselves), arrays of
//     pointers in structs; more than one pointer member between array
//     elements and the data (a[i].p->q->x); more than two levels of
//     pointers, the row
//     pointers of a pointer to pointers changed on the device, rows mapped on
//     their own before their pointers (rows.go); updates of sub-arrays
//     that are not contiguous in more than three dimensions (sections.go;
//     data clauses need contiguous data); device code using a pointer
//     that a declare puts on the device for itself (its copy holds a host
//     address); a goto into a declare's scope or a computed goto in one;
//     static variables declared in a compute construct that it writes or
//     takes the address of (one that it only reads is a constant copy of
//     its initial value in each work-item), extern declarations there;
//   - reductions: gang-level reductions on variables private to the
//     construct (unless it has one gang: num_gangs(1), serial) and in
//     routines; updates of a reduction at several loop
//     levels outside the loops that carry its clause, of an array section
//     not starting at 0 or of run-time length at several levels, loop
//     reductions on gang-private arrays other than whole fixed-size ones,
//     struct members; reduction loops nested in
//     a tile loop, or in a routine's partitioned loop other than as a
//     vector loop in a worker loop; arrays and structs declared in a kernels
//     construct and used by two of its loop nests (scalars get one device
//     copy that the kernels share);
//   - redundant code: statements that write device memory and assign
//     private scalars in routines, in control flow of a worker loop's body,
//     or more than one such scalar in worker-single code, and the barriers
//     that worker-single code in control flow would need;
//   - device code: atomics on types other than int, unsigned, long,
//     unsigned long, float and double; an atomic capture in code that the
//     lanes of a worker run redundantly inside a worker loop or in a
//     routine; global variables in routines other than constants and
//     those a file-scope declare puts on the device (pointers included);
//     routine bind naming a function outside the program (a string for a
//     CUDA or library function), device_type on routine; tile with a
//     collapse deeper than the tile.
package compiler
