package acc

// directiveTable is every directive of OpenACC 3.3 for C (rules §3). Clause
// names are canonical. Conventions:
//
//   - Combined constructs list only their Leaves; lookup.go's combine() fills
//     their clause sets with the unions of the leaves' sets (§2.11).
//   - AfterDeviceType also contains "device_type" itself wherever device_type
//     is allowed, because a new device_type section may always start after
//     another one. It is nil on directives that do not take device_type.
//   - On init, shutdown and set, device_type selects the device the directive
//     acts on rather than starting a tuning section, so every clause of those
//     directives may follow it.
//   - A clause that may follow device_type and may appear only once is listed
//     in OncePerDeviceType, not in Once (async on data and update).
//   - "seq excludes gang/worker/vector" is represented as pairs, so that gang,
//     worker and vector may still appear together.
//
// Doc strings are markdown paragraphs; the paragraph that starts with
// "Clauses:" names every allowed clause in backquotes (table_test.go checks
// it against Allowed).
var directiveTable = []*DirectiveSpec{
	// ---- compute constructs (§2.5) -------------------------------------
	{
		Name:              "parallel",
		Assoc:             AssocBlock,
		Allowed:           tblJoin(tblComputeTuning, []string{"device_type", "if", "self", "default", "private", "firstprivate", "reduction"}, tblDataClauses),
		Once:              []string{"if", "self", "default"},
		OncePerDeviceType: []string{"async", "num_gangs", "num_workers", "vector_length"},
		AfterDeviceType:   []string{"async", "wait", "num_gangs", "num_workers", "vector_length", "device_type"},
		Section:           "2.5.1",
		Summary:           "compute region with a fixed number of gangs, workers and vector lanes",
		Doc: tblDoc(
			"`#pragma acc parallel [clause-list]` followed by a structured block.",
			"Starts a compute region on the accelerator. The number of gangs, of workers per gang and the vector length are fixed when the region starts. Code outside `loop` constructs runs redundantly in every gang (gang-redundant mode); iterations are shared out only by `loop` constructs, whose iterations are taken as independent unless marked `seq` or `auto`. The host waits at the end of the region unless `async` is given.",
			"Clauses: `async`, `wait`, `num_gangs`, `num_workers`, `vector_length`, `device_type`, `if`, `self`, `default`, `private`, `firstprivate`, `reduction` and the data clauses `copy`, `copyin`, `copyout`, `create`, `no_create`, `present`, `deviceptr`, `attach`.",
			"Restrictions: no branch into or out of the block (`return`, `goto`, `break`, `continue`, `longjmp`); `if`, `self` and `default` at most once; `async`, `num_gangs`, `num_workers`, `vector_length` at most once per `device_type` section, and only these and `wait` may follow `device_type`; no `reduction` together with a multi-value `num_gangs`.",
			"Implicit data attributes (§2.6.2): a variable used in the region without a clause here or on an enclosing `data` construct is, if it is an array or struct, `copy` (`present` under `default(present)`); if it is a scalar, pointers included, `firstprivate`. Under a visible `default(none)` every such variable must be listed. Loop variables and variables declared inside the region are private; a `reduction` variable is also `copy`.",
		),
		Snippet: "parallel ${1}",
	},
	{
		Name:              "serial",
		Assoc:             AssocBlock,
		Allowed:           tblJoin([]string{"async", "wait", "device_type", "if", "self", "default", "private", "firstprivate", "reduction"}, tblDataClauses),
		Once:              []string{"if", "self", "default"},
		OncePerDeviceType: []string{"async"},
		AfterDeviceType:   []string{"async", "wait", "device_type"},
		Section:           "2.5.2",
		Summary:           "compute region run by a single gang, worker and vector lane",
		Doc: tblDoc(
			"`#pragma acc serial [clause-list]` followed by a structured block.",
			"Runs the block on the accelerator as a single sequential thread: one gang with one worker and vector length one, like `parallel num_gangs(1) num_workers(1) vector_length(1)`. Use it for small serial parts of a computation on device data, to avoid moving the data back to the host.",
			"Clauses: `async`, `wait`, `device_type`, `if`, `self`, `default`, `private`, `firstprivate`, `reduction` and the data clauses `copy`, `copyin`, `copyout`, `create`, `no_create`, `present`, `deviceptr`, `attach`.",
			"Restrictions: as for `parallel`, but `num_gangs`, `num_workers` and `vector_length` are not allowed; only `async` and `wait` may follow `device_type`.",
			"Implicit data attributes (§2.6.2): as for `parallel`: arrays and structs without a clause are `copy` (`present` under `default(present)`), scalars and pointers are `firstprivate`; under a visible `default(none)` every variable must be listed.",
		),
		Snippet: "serial ${1}",
	},
	{
		Name:              "kernels",
		Assoc:             AssocBlock,
		Allowed:           tblJoin(tblComputeTuning, []string{"device_type", "if", "self", "default"}, tblDataClauses),
		Once:              []string{"if", "self", "default"},
		OncePerDeviceType: []string{"async", "num_gangs", "num_workers", "vector_length"},
		AfterDeviceType:   []string{"async", "wait", "num_gangs", "num_workers", "vector_length", "device_type"},
		Section:           "2.5.3",
		Summary:           "compute region the compiler splits into kernels",
		Doc: tblDoc(
			"`#pragma acc kernels [clause-list]` followed by a structured block.",
			"The compiler turns the block into a sequence of kernels, typically one per loop nest, each launched with its own gang, worker and vector configuration; they run in order. Loops without `seq` or `independent` are `auto`: they are parallelized only when the compiler's dependence analysis proves it safe.",
			"Clauses: `async`, `wait`, `num_gangs`, `num_workers`, `vector_length`, `device_type`, `if`, `self`, `default` and the data clauses `copy`, `copyin`, `copyout`, `create`, `no_create`, `present`, `deviceptr`, `attach`.",
			"Restrictions: no branch into or out of the block; `private`, `firstprivate` and `reduction` are not allowed on `kernels` itself (put them on the inner `loop` constructs); `num_gangs` takes a single value; only `async`, `wait`, `num_gangs`, `num_workers`, `vector_length` may follow `device_type`.",
			"Implicit data attributes (§2.6.2): a variable used without a clause here or on an enclosing `data` construct is `copy`, scalars included (so scalar results are visible after the region); arrays and structs are `present` under `default(present)`. Under a visible `default(none)` every such variable must be listed.",
		),
		Snippet: "kernels ${1}",
	},

	// ---- data constructs and directives (§2.6.5, §2.6.6, §2.8) -------------
	{
		Name:              "data",
		Assoc:             AssocBlock,
		Allowed:           tblJoin([]string{"if", "async", "wait", "device_type", "default"}, tblDataClauses),
		Once:              []string{"if", "default"},
		OncePerDeviceType: []string{"async"},
		Required:          tblJoin(tblDataClauses, []string{"default"}),
		AfterDeviceType:   []string{"async", "wait", "device_type"},
		Section:           "2.6.5",
		Summary:           "structured data region",
		Doc: tblDoc(
			"`#pragma acc data clause-list` followed by a structured block.",
			"Defines a data region: the data clauses make data available on the device at entry and release it at exit (copying back where the clause says so). Compute constructs lexically inside find that data present and need no clause for it; reference counters let nested regions share data without new transfers.",
			"Clauses: `if`, `async`, `wait`, `device_type`, `default` and the data clauses `copy`, `copyin`, `copyout`, `create`, `no_create`, `present`, `deviceptr`, `attach`.",
			"Restrictions: at least one data clause or `default`; `if` and `default` at most once; only `async` and `wait` may follow `device_type`; no branch into or out of the block.",
			"A `default(none)` or `default(present)` here applies to every compute construct inside that has no `default` of its own.",
		),
		Snippet: "data ${1|copy,copyin,copyout,create,present|}(${2:var})",
	},
	{
		Name:     "enter data",
		Assoc:    AssocStandalone,
		Allowed:  []string{"if", "async", "wait", "copyin", "create", "attach"},
		Once:     []string{"if", "async"},
		Required: []string{"copyin", "create", "attach"},
		Section:  "2.6.6",
		Summary:  "start an unstructured data lifetime",
		Doc: tblDoc(
			"`#pragma acc enter data clause-list`",
			"Maps data to the device until a matching `exit data` (or the end of the program), independently of block structure: `copyin` and `create` raise the dynamic reference counter, allocating (and for `copyin` copying) when the data is not yet present; `attach` attaches pointers. Typical in initialization or constructor-like functions.",
			"Clauses: `if`, `async`, `wait`, `copyin`, `create`, `attach`.",
			"Restrictions: at least one of `copyin`, `create`, `attach`; `if` and `async` at most once; no `device_type`; it may not be the whole body of an `if`, `while`, `for`, `do`, `switch` or a label (add braces).",
			"Pitfall: balance every `enter data` with an `exit data`, otherwise device memory leaks and later `copyin`s find stale data present.",
		),
		Snippet: "enter data ${1|copyin,create|}(${2:var})",
	},
	{
		Name:     "exit data",
		Assoc:    AssocStandalone,
		Allowed:  []string{"if", "async", "wait", "copyout", "delete", "detach", "finalize"},
		Once:     []string{"if", "async"},
		Required: []string{"copyout", "delete", "detach"},
		Section:  "2.6.6",
		Summary:  "end an unstructured data lifetime",
		Doc: tblDoc(
			"`#pragma acc exit data clause-list`",
			"Ends dynamic data lifetimes started by `enter data`: `copyout` and `delete` decrement the dynamic reference counter, and data whose structured and dynamic counters are both zero is copied back (`copyout` only) and freed; `detach` undoes `attach`. `finalize` sets the counters to zero instead of decrementing them.",
			"Clauses: `if`, `async`, `wait`, `copyout`, `delete`, `detach`, `finalize`.",
			"Restrictions: at least one of `copyout`, `delete`, `detach`; `if` and `async` at most once; no `device_type`; it may not be the whole body of an `if`, `while`, `for`, `do`, `switch` or a label (add braces).",
		),
		Snippet: "exit data ${1|copyout,delete|}(${2:var})",
	},
	{
		Name:     "host_data",
		Assoc:    AssocBlock,
		Allowed:  []string{"use_device", "if", "if_present"},
		Once:     []string{"if"},
		Required: []string{"use_device"},
		Section:  "2.8",
		Summary:  "expose device addresses to host code",
		Doc: tblDoc(
			"`#pragma acc host_data use_device(var-list) [clause-list]` followed by a structured block.",
			"Inside the block, host code sees the device addresses of the variables named in `use_device`, to pass device data to CUDA or HIP kernels, GPU libraries (cuBLAS, cuFFT) or CUDA-aware MPI. Nothing runs on the device and nothing is transferred.",
			"Clauses: `use_device`, `if`, `if_present`.",
			"Restrictions: `use_device` is required; `if` at most once; no `device_type`; the data must be present unless `if_present` is given. The device addresses must not be dereferenced by host code.",
		),
		Snippet: "host_data use_device(${1:var})",
	},

	// ---- loop construct (§2.9) -----------------------------------------------
	{
		Name:              "loop",
		Assoc:             AssocLoop,
		Allowed:           tblJoin(tblLoopSched, []string{"device_type", "private", "reduction"}),
		OncePerDeviceType: []string{"collapse", "tile", "gang", "worker", "vector"},
		Exclusive:         [][]string{{"seq", "independent", "auto"}, {"seq", "gang"}, {"seq", "worker"}, {"seq", "vector"}},
		AfterDeviceType:   tblJoin(tblLoopSched, []string{"device_type"}),
		Section:           "2.9",
		Summary:           "how to run the iterations of the following loop",
		Doc: tblDoc(
			"`#pragma acc loop [clause-list]` followed by a `for` loop.",
			"Describes how the iterations of the loop (and of the nested loops associated by `collapse` or `tile`) run in the enclosing compute region: shared among gangs, workers and/or vector lanes, or sequentially. Inside `parallel`, and when orphaned, a loop without `seq` or `auto` is `independent`; inside `kernels` it is `auto`. Without `gang`, `worker` or `vector` the compiler chooses the levels.",
			"Clauses: `collapse`, `gang`, `worker`, `vector`, `seq`, `independent`, `auto`, `tile`, `device_type`, `private`, `reduction`.",
			"Restrictions: at most one of `seq`, `independent`, `auto`; `seq` excludes `gang`, `worker` and `vector`; `collapse`, `tile`, `gang`, `worker`, `vector` at most once per `device_type` section, and only scheduling clauses may follow `device_type`. Unless `seq` is given, the loop must be in canonical form (integer or pointer loop variable, computable trip count). Levels nest gang outside worker outside vector: a loop may not use a level already used by an enclosing loop of the same compute region.",
			"The loop variable is private. A loop outside any compute construct (orphaned) is valid only in a function compiled for the device with `routine`.",
		),
		Snippet: "loop ${1}",
	},

	// ---- combined constructs (§2.11) -------------------------------------------
	{
		Name:    "parallel loop",
		Assoc:   AssocLoop,
		Leaves:  []string{"parallel", "loop"},
		Section: "2.11",
		Summary: "parallel construct containing one loop construct",
		Doc: tblDoc(
			"`#pragma acc parallel loop [clause-list]` followed by a `for` loop.",
			"Shortcut for a `parallel` construct whose only statement is a `loop` construct; the loop's iterations are shared among the gangs (and workers and vector lanes) of the region.",
			"Clauses: any clause of `parallel` or `loop`; `private` and `reduction` apply to the loop, and a `reduction` variable is also implicitly `copy` on the compute part so the result is visible afterwards.",
			"Restrictions: those of both leaves; the clauses that may follow `device_type` are those of either leaf.",
			"Implicit data attributes (§2.6.2): as for `parallel`: arrays and structs without a clause are `copy` (`present` under `default(present)`), scalars and pointers are `firstprivate`, the loop variable is private; under a visible `default(none)` every other variable must be listed. Pitfall: a scalar accumulated in the loop without `reduction` is firstprivate, so the result is lost.",
		),
		Snippet: "parallel loop ${1}",
	},
	{
		Name:    "serial loop",
		Assoc:   AssocLoop,
		Leaves:  []string{"serial", "loop"},
		Section: "2.11",
		Summary: "serial construct containing one loop construct",
		Doc: tblDoc(
			"`#pragma acc serial loop [clause-list]` followed by a `for` loop.",
			"Shortcut for a `serial` construct whose only statement is a `loop` construct: the loop runs on the device on a single gang, worker and vector lane.",
			"Clauses: any clause of `serial` or `loop` (so no `num_gangs`, `num_workers`, `vector_length`); `private` and `reduction` apply to the loop, and a `reduction` variable is also implicitly `copy`.",
			"Restrictions: those of both leaves; the clauses that may follow `device_type` are those of either leaf.",
			"Implicit data attributes (§2.6.2): as for `serial`: arrays and structs without a clause are `copy` (`present` under `default(present)`), scalars and pointers are `firstprivate`, the loop variable is private; under a visible `default(none)` every other variable must be listed.",
		),
		Snippet: "serial loop ${1}",
	},
	{
		Name:    "kernels loop",
		Assoc:   AssocLoop,
		Leaves:  []string{"kernels", "loop"},
		Section: "2.11",
		Summary: "kernels construct containing one loop construct",
		Doc: tblDoc(
			"`#pragma acc kernels loop [clause-list]` followed by a `for` loop.",
			"Shortcut for a `kernels` construct whose only statement is a `loop` construct; the loop is `auto` unless `independent` or `seq` is given, so the compiler parallelizes it only when it can prove that safe.",
			"Clauses: any clause of `kernels` or `loop`; `private` and `reduction` come from the loop and apply to it (no `firstprivate`); a `reduction` variable is also implicitly `copy`.",
			"Restrictions: those of both leaves; `num_gangs` takes a single value; the clauses that may follow `device_type` are those of either leaf.",
			"Implicit data attributes (§2.6.2): as for `kernels`: variables used without a clause are `copy`, scalars included; arrays and structs are `present` under `default(present)`; the loop variable is private; under a visible `default(none)` every other variable must be listed.",
		),
		Snippet: "kernels loop ${1}",
	},

	// ---- other executable directives -------------------------------------------
	{
		Name:           "cache",
		Assoc:          AssocStandalone,
		Paren:          ArgVarList,
		ParenRequired:  true,
		ParenModifiers: []string{"readonly"},
		Section:        "2.10",
		Summary:        "keep array elements in the fastest memory for a loop iteration",
		Doc: tblDoc(
			"`#pragma acc cache([readonly:] var-list)` at the top of a loop body.",
			"Hints that the listed array elements or subarrays are reused within the current iteration and should be staged in the fastest memory available (e.g. GPU shared memory). `readonly:` promises that they are not written.",
			"Clauses: none; the parenthesised list is required.",
			"Items are array elements or subarrays `a[lower:length]` whose lower bound is a constant, a loop invariant, or the loop index plus or minus one, and whose length is a constant. The directive must be inside a loop, before any other statement of its body.",
		),
		Snippet: "cache(${1:a[i:4]})",
	},
	{
		Name:      "atomic",
		Assoc:     AssocBlock,
		Allowed:   []string{"read", "write", "update", "capture"},
		Once:      []string{"read", "write", "update", "capture"},
		Exclusive: [][]string{{"read", "write", "update", "capture"}},
		Section:   "2.12",
		Summary:   "make one access to a scalar indivisible",
		Doc: tblDoc(
			"`#pragma acc atomic [read | write | update | capture]` followed by one statement (or, for `capture`, a block of two).",
			"Makes the access to the scalar location `x` indivisible with respect to every other atomic access to `x` from any thread, so that concurrent updates from gangs, workers or vector lanes do not race. Without a clause the atomic is an update.",
			"Clauses: `read`, `write`, `update`, `capture`.",
			"Statement forms: read `v = x;`; write `x = expr;`; update `x++;`, `x binop= expr;`, `x = x binop expr;`, `x = expr binop x;`; capture `v = x++;`, `v = x binop= expr;`, `v = x = x binop expr;` or a block such as `{v = x; x binop= expr;}`. `binop` is one of `+ * - / & ^ | << >>`.",
			"Restrictions: at most one clause; `x` and `v` are scalar lvalues that do not overlap; `expr` must not reference `x`; no OpenACC directive inside. The `if` clause is OpenACC 3.4.",
		),
		Snippet: "atomic ${1|update,read,write,capture|}",
	},
	{
		Name:              "update",
		Assoc:             AssocStandalone,
		Allowed:           []string{"self", "host", "device", "if", "if_present", "async", "wait", "device_type"},
		Once:              []string{"if"},
		OncePerDeviceType: []string{"async"},
		Required:          []string{"self", "host", "device"},
		AfterDeviceType:   []string{"async", "wait", "device_type"},
		Section:           "2.14.4",
		Summary:           "copy present data between host and device",
		Doc: tblDoc(
			"`#pragma acc update clause-list`",
			"Copies data that is already present between host and device memory: `self` and `host` copy device to host, `device` copies host to device. Nothing is allocated or freed and no reference counter changes.",
			"Clauses: `self`, `host`, `device`, `if`, `if_present`, `async`, `wait`, `device_type`.",
			"Restrictions: at least one of `self`, `host`, `device`, and `self` takes a var-list here; `if` at most once, `async` at most once per `device_type` section; only `async` and `wait` may follow `device_type`; the data must be present unless `if_present` is given; it may not be the whole body of an `if`, `while`, `for`, `do`, `switch` or a label.",
			"Pitfall: a pointer without bounds updates only the pointer value; write `p[0:n]`.",
		),
		Snippet: "update ${1|self,device,host|}(${2:var})",
	},
	{
		Name:    "wait",
		Assoc:   AssocStandalone,
		Allowed: []string{"async", "if"},
		Once:    []string{"async", "if"},
		Paren:   ArgWait,
		Section: "2.16.3",
		Summary: "wait for async operations to complete",
		Doc: tblDoc(
			"`#pragma acc wait [([devnum: int-expr:] [queues:] int-expr-list)] [clause-list]`",
			"Blocks the host thread until all operations on the listed async queues (on every queue, when no argument is given) have completed. With `async(q)` the host does not block: the wait is enqueued on queue `q`, so later work on `q` starts only after the listed queues are done.",
			"Clauses: `async`, `if`.",
			"Restrictions: `async` and `if` at most once; no `device_type`; it may not be the whole body of an `if`, `while`, `for`, `do`, `switch` or a label.",
		),
		Snippet: "wait",
	},
	{
		Name:            "init",
		Assoc:           AssocStandalone,
		Allowed:         []string{"device_type", "device_num", "if"},
		Once:            []string{"device_num", "if"},
		AfterDeviceType: []string{"device_type", "device_num", "if"},
		Section:         "2.14.1",
		Summary:         "initialize the runtime for a device",
		Doc: tblDoc(
			"`#pragma acc init [clause-list]`",
			"Initializes the runtime for the selected device type and device number, like `acc_init`; use it to keep the start-up cost out of the first compute region or out of timed code.",
			"Clauses: `device_type`, `device_num`, `if`.",
			"Restrictions: `device_num` and `if` at most once; `device_type` should name a single type; not inside a compute region.",
		),
		Snippet: "init",
	},
	{
		Name:            "shutdown",
		Assoc:           AssocStandalone,
		Allowed:         []string{"device_type", "device_num", "if"},
		Once:            []string{"device_num", "if"},
		AfterDeviceType: []string{"device_type", "device_num", "if"},
		Section:         "2.14.2",
		Summary:         "shut down the connection to a device",
		Doc: tblDoc(
			"`#pragma acc shutdown [clause-list]`",
			"Shuts down the connection to the selected device type and device number and releases its runtime resources, like `acc_shutdown`; data still on the device is lost.",
			"Clauses: `device_type`, `device_num`, `if`.",
			"Restrictions: `device_num` and `if` at most once; `device_type` should name a single type; not inside a compute region.",
		),
		Snippet: "shutdown",
	},
	{
		Name:            "set",
		Assoc:           AssocStandalone,
		Allowed:         []string{"default_async", "device_num", "device_type", "if"},
		Once:            []string{"default_async", "device_num", "device_type", "if"},
		Required:        []string{"default_async", "device_num", "device_type"},
		AfterDeviceType: []string{"default_async", "device_num", "device_type", "if"},
		Section:         "2.14.3",
		Summary:         "set the default device or async queue",
		Doc: tblDoc(
			"`#pragma acc set clause-list`",
			"Changes runtime settings of the current thread: the device type (`device_type`) and device number (`device_num`) used by later constructs, and the queue used by `async` without argument (`default_async`), like `acc_set_device_type`, `acc_set_device_num` and `acc_set_default_async`.",
			"Clauses: `default_async`, `device_num`, `device_type`, `if`.",
			"Restrictions: at least one of `default_async`, `device_num`, `device_type`; each clause at most once; `device_type` takes exactly one name; not inside a compute region.",
		),
		Snippet: "set ${1|device_num,default_async|}(${2:0})",
	},

	// ---- declarative directives (§2.13, §2.15) ----------------------------------
	{
		Name:              "routine",
		Assoc:             AssocDeclarative,
		Allowed:           []string{"gang", "worker", "vector", "seq", "bind", "device_type", "nohost"},
		Once:              []string{"nohost"},
		OncePerDeviceType: []string{"gang", "worker", "vector", "seq", "bind"},
		Exclusive:         [][]string{{"gang", "worker", "vector", "seq"}},
		Required:          []string{"gang", "worker", "vector", "seq"},
		AfterDeviceType:   []string{"gang", "worker", "vector", "seq", "bind", "device_type"},
		Paren:             ArgName,
		FileScope:         true,
		Section:           "2.15.1",
		Summary:           "compile a function for the device and give its parallelism level",
		Doc: tblDoc(
			"`#pragma acc routine clause-list` right before a function declaration or definition, or `#pragma acc routine(name) clause-list` where the function `name` is visible.",
			"Compiles a device version of the function so that compute regions can call it, and states its level of parallelism: `gang` (may contain gang, worker and vector loops; must be called from gang-redundant code), `worker`, `vector`, or `seq` (no parallel loops inside; callable from anywhere).",
			"Clauses: `gang`, `worker`, `vector`, `seq`, `bind`, `device_type`, `nohost`.",
			"Restrictions: exactly one of `gang`, `worker`, `vector`, `seq` per `device_type` section (OpenACC 3.3; some compilers assume `seq` when none is given); `bind` at most once per section, `nohost` at most once; only `gang`, `worker`, `vector`, `seq`, `bind` may follow `device_type`; `gang` takes only `dim:`, `worker` and `vector` take no argument. The directive must come before the first call from a compute region.",
			"A routine may not contain loops at a level above its own, and may not be called from a loop that already uses its level (e.g. a `vector` routine from a `vector` loop).",
		),
		Snippet: "routine ${1|seq,vector,worker,gang|}",
	},
	{
		Name:             "declare",
		Assoc:            AssocDeclarative,
		Allowed:          []string{"copy", "copyin", "copyout", "create", "present", "deviceptr", "device_resident", "link"},
		Required:         []string{"copy", "copyin", "copyout", "create", "present", "deviceptr", "device_resident", "link"},
		FileScopeClauses: []string{"create", "copyin", "deviceptr", "device_resident", "link"},
		FileScope:        true,
		Section:          "2.13",
		Summary:          "give variables device data for the lifetime of their scope",
		Doc: tblDoc(
			"`#pragma acc declare clause-list` in the scope where the listed variables are declared.",
			"Makes variables available on the device for the lifetime of their scope: in a function it acts like a data region around the rest of the function body; at file scope the global stays on the device for the whole program and `routine` functions may use it. Values still move only through the clauses' actions or `update`.",
			"Clauses: `copy`, `copyin`, `copyout`, `create`, `present`, `deviceptr`, `device_resident`, `link`.",
			"Restrictions: at least one clause; at file scope only `create`, `copyin`, `deviceptr`, `device_resident`, `link`; whole variables or arrays only (no subarrays); a variable at most once across the `declare` clauses of one scope; `link` variables must have static or external storage; no `zero:` modifier.",
		),
		Snippet: "declare ${1|create,copyin,device_resident,link,deviceptr|}(${2:var})",
	},
}

// Clause groups of rules §3, shared by several entries.
var (
	// tblDataClauses is DATA: the data clauses of compute constructs and `data`.
	tblDataClauses = []string{"copy", "copyin", "copyout", "create", "no_create", "present", "deviceptr", "attach"}
	// tblLoopSched is LOOPSCHED: the scheduling clauses of `loop`.
	tblLoopSched = []string{"collapse", "gang", "worker", "vector", "seq", "independent", "auto", "tile"}
	// tblComputeTuning are the clauses of `parallel` and `kernels` that may follow device_type.
	tblComputeTuning = []string{"async", "wait", "num_gangs", "num_workers", "vector_length"}
)

// tblJoin concatenates clause lists into a new slice.
func tblJoin(lists ...[]string) []string {
	var out []string
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}
