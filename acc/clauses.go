package acc

import "strings"

// clauseTable is every clause of OpenACC 3.3 for C, in the order of the
// clause catalogue (async and wait first, then compute tuning, conditions,
// privatization, data clauses, loop scheduling, routine, runtime and atomic
// clauses). Names are canonical; aliases resolve through LookupClause.
//
// Doc strings are markdown paragraphs: a syntax line, what the clause does,
// an "Allowed on …" paragraph (table_test.go checks it against the directive
// table), and pitfalls. Snippets use LSP snippet syntax; inside a choice
// `,`, `|` and `\` are escaped with a backslash.
var clauseTable = []*ClauseSpec{
	// ---- asynchronous behaviour (§2.16) --------------------------------
	{
		Name:    "async",
		Arg:     ArgOptIntExpr,
		Section: "2.16.1",
		Summary: "run the operation asynchronously on an activity queue",
		Doc: tblDoc(
			"`async[(int-expr)]`",
			"Enqueues the construct's device work and data transfers on an async activity queue and lets the host thread continue at once. Without an argument the queue is `acc_async_noval` (the default queue); the value `acc_async_sync` makes the operation synchronous; any other value must be non-negative. Operations on the same queue run in order; different queues may overlap.",
			"Allowed on compute and combined constructs, `data`, `enter data`, `exit data`, `update` and `wait`.",
			"At most once per `device_type` section. Pitfall: the host must not read results of a `copyout` or `update self`, nor modify or free data involved, before a `wait` on that queue.",
		),
		Snippet: "async",
	},
	{
		Name:    "wait",
		Arg:     ArgWait,
		Section: "2.16.2",
		Summary: "wait for async queues before the operation starts",
		Doc: tblDoc(
			"`wait[([devnum: int-expr:] [queues:] int-expr-list)]`",
			"The operation does not start before all work previously enqueued on the listed async queues (every queue, when no argument is given) has completed. `devnum:` selects the device whose queues are meant. Combined with `async`, the dependence is placed on the construct's own queue and the host thread does not block.",
			"Allowed on compute and combined constructs, `data`, `enter data`, `exit data` and `update`.",
			"The standalone `wait` directive has its own parenthesised argument; this clause is not allowed on it.",
		),
		Snippet: "wait",
	},

	// ---- compute tuning (§2.5.10–2.5.12) -------------------------------
	{
		Name:    "num_gangs",
		Arg:     ArgIntExprList,
		Section: "2.5.10",
		Summary: "number of gangs of the compute region",
		Doc: tblDoc(
			"`num_gangs(int-expr[, int-expr[, int-expr]])`",
			"Sets the number of gangs that execute a `parallel` region, or each kernel generated for a `kernels` region. On `parallel` up to three values give the gang counts of dimensions 1 to 3 (selected by `gang(dim:)`); on `kernels` exactly one value is allowed.",
			"Allowed on `parallel`, `kernels`, `parallel loop` and `kernels loop`.",
			"At most once per `device_type` section; the value should be positive. A `reduction` may not appear on a `parallel` construct whose `num_gangs` has more than one value. Not allowed on `serial`, which always uses one gang.",
		),
		Snippet: "num_gangs(${1:n})",
	},
	{
		Name:    "num_workers",
		Arg:     ArgIntExpr,
		Section: "2.5.11",
		Summary: "number of workers per gang",
		Doc: tblDoc(
			"`num_workers(int-expr)`",
			"Sets the number of workers in each gang of a `parallel` region, or of each kernel of a `kernels` region. Workers share the iterations of `worker` loops; if the clause is absent the implementation chooses.",
			"Allowed on `parallel`, `kernels`, `parallel loop` and `kernels loop`.",
			"At most once per `device_type` section; the value should be positive. Not allowed on `serial`.",
		),
		Snippet: "num_workers(${1:n})",
	},
	{
		Name:    "vector_length",
		Arg:     ArgIntExpr,
		Section: "2.5.12",
		Summary: "vector length (lanes per worker)",
		Doc: tblDoc(
			"`vector_length(int-expr)`",
			"Sets the number of vector lanes of each worker, used by `vector` loops in a `parallel` region or in each kernel of a `kernels` region. Implementations may restrict the value to what the hardware supports (e.g. a multiple of the warp size) and use a different length.",
			"Allowed on `parallel`, `kernels`, `parallel loop` and `kernels loop`.",
			"At most once per `device_type` section; the value should be positive. Not allowed on `serial`.",
		),
		Snippet: "vector_length(${1:128})",
	},

	// ---- device-specific clauses (§2.4) ---------------------------------
	{
		Name:    "device_type",
		Aliases: []Alias{{Name: "dtype"}},
		Arg:     ArgDeviceType,
		Section: "2.4",
		Summary: "start clauses that apply only to the named device types",
		Doc: tblDoc(
			"`device_type(* | name-list)`, alias `dtype`",
			"Starts a device-specific section: the clauses after it, up to the next `device_type`, apply only when the program runs on one of the named device types, and override the clauses before the first `device_type` for those types. `*` stands for every type not named in another `device_type` clause of the directive. Names are implementation-defined (`nvidia`, `radeon`, `host`, `multicore`, `default`, …).",
			"Allowed on compute and combined constructs, `data`, `loop`, `update`, `init`, `shutdown`, `set` and `routine`.",
			"Only tuning clauses may follow it (e.g. `async`, `wait`, `num_gangs`, `gang`, `collapse`; never a data clause). On `init`, `shutdown` and `set` it selects the device type the directive acts on; `set` accepts a single name.",
		),
		Snippet: "device_type(${1|*,nvidia,radeon,host,multicore|})",
	},

	// ---- conditions (§2.5.6, §2.5.7) -------------------------------------
	{
		Name:    "if",
		Arg:     ArgCond,
		Section: "2.5.6",
		Summary: "execute the directive on the device only when the condition is true",
		Doc: tblDoc(
			"`if(condition)`",
			"When the scalar condition evaluates to zero the directive does not use the device: a compute region runs on the local (host) thread, data constructs and `enter data`, `exit data`, `update` move and allocate nothing, `host_data` keeps host addresses, and `wait`, `init`, `shutdown`, `set` do nothing. When it is nonzero the directive behaves as if the clause were absent.",
			"Allowed on compute and combined constructs, `data`, `enter data`, `exit data`, `host_data`, `update`, `wait`, `init`, `shutdown` and `set`.",
			"At most once per directive. Pitfall: a region that runs on the host because of `if` uses host data directly, so data clauses have no effect.",
		),
		Snippet: "if(${1:condition})",
	},
	{
		Name:    "self",
		Arg:     ArgOptCond,
		ArgOn:   map[string]ArgKind{"update": ArgVarList},
		Section: "2.5.7",
		Summary: "run on the host (compute), or copy device to host (update)",
		Doc: tblDoc(
			"`self[(condition)]` on compute constructs; `self(var-list)` on `update`",
			"On a compute or combined construct: when the condition is nonzero, or absent, the region executes on the local (host) device instead of the accelerator, using host data. On `update`: copies each listed variable, array or subarray from device memory to host memory (the same as `host`).",
			"Allowed on compute and combined constructs and `update`.",
			"At most once on a compute construct. On `update` the var-list is required. Pitfall: `update self(p)` for a pointer without bounds updates only the pointer value; write `p[0:n]`.",
		),
		Snippet: "self(${1})",
	},

	// ---- default and privatization (§2.5.13–2.5.16) ----------------------
	{
		Name:    "default",
		Arg:     ArgDefault,
		Section: "2.5.16",
		Summary: "change the implicit data attributes: none or present",
		Doc: tblDoc(
			"`default(none | present)`",
			"Changes how variables referenced in a compute region without an explicit clause are treated. `none`: every such variable, scalars included, must appear in a data clause (of the construct or an enclosing `data` construct) or be predetermined, otherwise the program is invalid. `present`: arrays and structs are treated as `present`, so they must already be on the device; scalars keep their implicit rule (`firstprivate` in `parallel` and `serial`, `copy` in `kernels`).",
			"Allowed on compute and combined constructs and `data`.",
			"At most once. A `default` on a `data` construct applies to the compute constructs lexically inside it that have none of their own. Loop variables and variables declared inside the region need no clause.",
		),
		Snippet: "default(${1|none,present|})",
	},
	{
		Name:    "private",
		Arg:     ArgVarList,
		Section: "2.5.13",
		Summary: "give each gang or thread its own uninitialized copy",
		Doc: tblDoc(
			"`private(var-list)`",
			"Each executing unit gets its own copy of each listed variable: one per gang on `parallel` and `serial`; on `loop` one per thread that executes the iterations at the loop's level (gang, worker or vector lane). Copies are uninitialized at entry and discarded at exit; nothing is copied in or out (§2.9.10 for loops).",
			"Allowed on `parallel`, `serial`, `loop` and the combined constructs.",
			"Pitfalls: read a host value through `firstprivate`, not `private`. A private pointer is an uninitialized pointer; the data it would point to is not privatized. Loop variables of associated loops and variables declared inside the region are already private. On a combined construct the clause applies to the loop.",
		),
		Snippet: "private(${1:var})",
	},
	{
		Name:    "firstprivate",
		Arg:     ArgVarList,
		Section: "2.5.14",
		Summary: "private copy per gang, initialized from the host value",
		Doc: tblDoc(
			"`firstprivate(var-list)`",
			"Like `private`, but each gang's copy is initialized at region entry with the value the variable has on the encountering thread. Nothing is copied back at exit.",
			"Allowed on `parallel`, `serial`, `parallel loop` and `serial loop`.",
			"This is the implicit attribute of scalars referenced in `parallel` and `serial` regions. Pitfalls: writes to a firstprivate variable are lost after the region (use `reduction` or `copy` to get a result back); for a pointer only the address is copied, not the data it points to.",
		),
		Snippet: "firstprivate(${1:var})",
	},
	{
		Name:    "reduction",
		Arg:     ArgReduction,
		Section: "2.5.15",
		Summary: "combine private copies with an operator at the end",
		Doc: tblDoc(
			"`reduction(operator: var-list)`",
			"Each gang (on `parallel`, `serial`) or each thread executing the loop's iterations (on `loop`, §2.9.11) gets a private copy initialized with the operator's identity; at the end the copies and the original value are combined with the operator into the original variable.",
			"Operators and types: `+` `*` on integer, floating and complex types; `max` `min` on integer and floating types; `&` `|` `^` on integer types; `&&` `||` on integer and floating types (result 0 or 1). Variables: scalars, arrays, array elements, subarrays, or structs whose members are all scalars.",
			"Allowed on `parallel`, `serial`, `loop` and the combined constructs.",
			"On a compute or combined construct a reduction variable not named in another data clause is implicitly `copy`, so the result is visible after the region; on a combined construct the clause applies to the loop. Not allowed on `kernels` itself (put it on the inner `loop`), nor on `parallel` with a multi-value `num_gangs`. A variable may not also be `private` or `firstprivate` on the same construct; nested loops reducing the same variable must use the same operator.",
		),
		Snippet: `reduction(${1|+,*,max,min,&,\|,^,&&,\|\||}:${2:var})`,
	},

	// ---- data clauses (§2.7) --------------------------------------------
	{
		Name:    "copy",
		Aliases: []Alias{{Name: "pcopy", Deprecated: true}, {Name: "present_or_copy", Deprecated: true}},
		Arg:     ArgVarList,
		Section: "2.7.6",
		Summary: "copy to the device at entry and back to the host at exit",
		Doc: tblDoc(
			"`copy(var-list)`; deprecated aliases `pcopy`, `present_or_copy`",
			"Makes the data available on the device for the region. If it is already present it is used as is and nothing is transferred; otherwise device memory is allocated and filled from the host at entry, and at exit the data is copied back to the host and the device memory freed.",
			"Allowed on compute and combined constructs, `data` and `declare` (in a function).",
			"This is the implicit treatment of arrays and structs (and, in `kernels`, scalars) without a clause. Pitfalls: `copy(p)` for a pointer without bounds copies only the pointer value, not the data it points to; write `copy(p[0:n])`. Data that was already present is not copied back at exit; use `update self` for that.",
		),
		Data: &DataAction{
			Entry: "If the data is already present: increment its structured reference counter; nothing is transferred. Otherwise: allocate device memory, copy host → device, set the structured reference counter to 1 (pointers inside are attached).",
			Exit:  "Decrement the structured reference counter. When the structured and the dynamic reference counters are both zero: copy device → host, then free the device memory. While another region or `enter data` keeps the data present, nothing is copied back.",
		},
		Snippet: "copy(${1:var})",
	},
	{
		Name:      "copyin",
		Aliases:   []Alias{{Name: "pcopyin", Deprecated: true}, {Name: "present_or_copyin", Deprecated: true}},
		Arg:       ArgVarList,
		Modifiers: []string{"readonly"},
		Section:   "2.7.7",
		Summary:   "copy to the device at entry; no copy back",
		Doc: tblDoc(
			"`copyin([readonly:] var-list)`; deprecated aliases `pcopyin`, `present_or_copyin`",
			"Makes host data available on the device: if it is not present, device memory is allocated and filled from the host; at the end of the region (or at a matching `exit data`) the device copy is released without copying back. `readonly:` promises that the region does not write the data, which lets the compiler use read-only caches.",
			"Allowed on compute and combined constructs, `data`, `enter data` and `declare` (also at file scope).",
			"Pitfalls: `copyin(p)` for a pointer without bounds copies only the pointer value; write `copyin(p[0:n])`. If the data is already present nothing is copied, so the device keeps its old values; use `update device` to refresh them. flang rejects the `readonly:` modifier on `enter data`.",
		),
		Data: &DataAction{
			Entry: "If the data is already present: increment the structured reference counter (on `enter data`: the dynamic one); nothing is transferred. Otherwise: allocate device memory, copy host → device, set that counter to 1.",
			Exit:  "On structured constructs: decrement the structured reference counter; when the structured and dynamic counters are both zero, free the device memory without copying back. After `enter data copyin` the data stays until an `exit data` brings the dynamic counter to zero.",
		},
		Snippet: "copyin(${1:var})",
	},
	{
		Name:      "copyout",
		Aliases:   []Alias{{Name: "pcopyout", Deprecated: true}, {Name: "present_or_copyout", Deprecated: true}},
		Arg:       ArgVarList,
		Modifiers: []string{"zero"},
		Section:   "2.7.8",
		Summary:   "allocate on the device; copy back to the host at exit",
		Doc: tblDoc(
			"`copyout([zero:] var-list)`; deprecated aliases `pcopyout`, `present_or_copyout`",
			"For data produced on the device: if it is not present, device memory is allocated at entry without being initialized (zero-filled with `zero:`); at exit the data is copied to the host and the device memory freed. On `exit data` it ends a dynamic lifetime started by `enter data`.",
			"Allowed on compute and combined constructs, `data`, `exit data` and `declare` (in a function).",
			"Pitfalls: elements the region does not write come back as garbage and overwrite the host values; use `copy` when only part of an array is written. A pointer without bounds copies back only the pointer value. `zero:` is not allowed on `declare` (and flang rejects it on `exit data`).",
		),
		Data: &DataAction{
			Entry: "If the data is already present: increment the structured reference counter; nothing is transferred. Otherwise: allocate device memory (uninitialized; zero-filled with `zero:`), set the structured reference counter to 1.",
			Exit:  "Decrement the structured reference counter (on `exit data`: the dynamic counter, which `finalize` sets to zero instead). When the structured and dynamic counters are both zero: copy device → host, then free the device memory. On `exit data`, data that is not present is ignored.",
		},
		Snippet: "copyout(${1:var})",
	},
	{
		Name:      "create",
		Aliases:   []Alias{{Name: "pcreate", Deprecated: true}, {Name: "present_or_create", Deprecated: true}},
		Arg:       ArgVarList,
		Modifiers: []string{"zero"},
		Section:   "2.7.9",
		Summary:   "allocate on the device without any transfer",
		Doc: tblDoc(
			"`create([zero:] var-list)`; deprecated aliases `pcreate`, `present_or_create`",
			"Allocates device memory for data used only on the device (scratch arrays, or data filled by device code and moved later with `update`); nothing is transferred in either direction. `zero:` fills the new memory with zeros.",
			"Allowed on compute and combined constructs, `data`, `enter data` and `declare` (also at file scope).",
			"Pitfall: the device copy starts uninitialized and host values are never seen on the device nor written back; move data explicitly with `update`. `declare create` of a global gives it a device copy for the whole program. `zero:` is not allowed on `declare` (and flang rejects it on `enter data`).",
		),
		Data: &DataAction{
			Entry: "If the data is already present: increment the structured reference counter (on `enter data`: the dynamic one). Otherwise: allocate device memory (uninitialized; zero-filled with `zero:`), set that counter to 1. Nothing is transferred.",
			Exit:  "On structured constructs: decrement the structured reference counter; when the structured and dynamic counters are both zero, free the device memory without copying. After `enter data create` the data stays until `exit data delete` or `copyout`.",
		},
		Snippet: "create(${1:var})",
	},
	{
		Name:    "no_create",
		Arg:     ArgVarList,
		Section: "2.7.10",
		Summary: "use the device copy if present; never allocate",
		Doc: tblDoc(
			"`no_create(var-list)`",
			"Uses the device copy of the data if it is present, but never allocates or transfers anything: when the data is absent, references in the region use the original (host) address. Useful to pass optional arrays, or data the region may not touch, without forcing an allocation.",
			"Allowed on compute and combined constructs and `data`.",
			"Pitfall: if the data is absent and the region does dereference it, the device accesses a host address, which only works with shared (unified) memory.",
		),
		Data: &DataAction{
			Entry: "If the data is present: increment the structured reference counter and use the device copy. Otherwise: no allocation, no transfer; the region uses the host address.",
			Exit:  "If the data was present at entry: decrement the structured reference counter (freeing the memory, without copy-back, only if both counters reach zero). Otherwise: nothing.",
		},
		Snippet: "no_create(${1:var})",
	},
	{
		Name:    "present",
		Arg:     ArgVarList,
		Section: "2.7.5",
		Summary: "the data must already be on the device",
		Doc: tblDoc(
			"`present(var-list)`",
			"Asserts that the data is already on the device (mapped by an enclosing `data` construct, an `enter data`, a `declare`, or by a caller) and uses that copy; nothing is allocated or transferred. If the data, or the whole requested subarray, is not present, the program stops with a runtime error.",
			"Allowed on compute and combined constructs, `data` and `declare` (in a function).",
			"`default(present)` applies this to every array and struct used without a clause. Prefer it inside functions that are called from within an outer data region, to catch missing mappings instead of silently copying.",
		),
		Data: &DataAction{
			Entry: "If the data is present: increment the structured reference counter and use the device copy. Otherwise: runtime error (the program stops).",
			Exit:  "Decrement the structured reference counter; if the structured and dynamic counters both reach zero (the data was released by `exit data` inside the region), free the device memory without copying back.",
		},
		Snippet: "present(${1:var})",
	},
	{
		Name:    "deviceptr",
		Arg:     ArgVarList,
		Section: "2.7.4",
		Summary: "the pointers already hold device addresses",
		Doc: tblDoc(
			"`deviceptr(var-list)`",
			"Declares that each listed C pointer already holds a device address (from `acc_malloc`, `cudaMalloc`, `hipMalloc`, …); the region uses the value as is, without looking it up in the present table and without reference counting.",
			"Allowed on compute and combined constructs, `data` and `declare` (also at file scope).",
			"Each item must be a variable of pointer type, without a subarray. Pitfall: host code must not dereference such pointers.",
		),
		Data: &DataAction{
			Entry: "No action: the pointer already holds a device address; no presence check, no reference counting.",
			Exit:  "No action: the device memory is not freed (the program owns it).",
		},
		Snippet: "deviceptr(${1:ptr})",
	},
	{
		Name:    "attach",
		Arg:     ArgVarList,
		Section: "2.7.12",
		Summary: "point the device copy of a pointer at its target's device copy",
		Doc: tblDoc(
			"`attach(var-list)`",
			"For pointers that themselves live in device memory, typically members of a struct that is already present (`attach(s.data)`): makes the device copy of the pointer hold the device address of its target, which must already be present. Data clauses on a pointer with a subarray (`copyin(s.p[0:n])`) attach implicitly.",
			"Allowed on compute and combined constructs, `data` and `enter data`.",
			"Each item must have pointer type. Attachment is counted separately (attachment counter, §2.6.8): the device pointer is restored only when every attach has been undone; after `enter data attach` use `exit data detach`.",
		),
		Data: &DataAction{
			Entry: "If the pointer's target is present: increment the pointer's attachment counter; when it goes from 0 to 1, set the device copy of the pointer to the target's device address. If the target is not present: no action.",
			Exit:  "On structured constructs: decrement the attachment counter; when it reaches zero, restore the device copy of the pointer to its host value (detach). `enter data attach` lasts until a matching `exit data detach`.",
		},
		Snippet: "attach(${1:ptr})",
	},
	{
		Name:    "detach",
		Arg:     ArgVarList,
		Section: "2.7.13",
		Summary: "undo an attach of a pointer",
		Doc: tblDoc(
			"`detach(var-list)`",
			"Undoes an `attach`: decrements the pointer's attachment counter and, when it reaches zero, gives the device copy of the pointer its host value back.",
			"Allowed on `exit data`.",
			"Each item must have pointer type. With `finalize` the attachment counter is set to zero at once. Detach pointer members before the struct holding them is copied out or deleted.",
		),
		Data: &DataAction{
			Entry: "None: `detach` appears only on `exit data`.",
			Exit:  "If the pointer is present: decrement its attachment counter (`finalize` sets it to zero); when it reaches zero, restore the device copy of the pointer to its host value. Otherwise: no action.",
		},
		Snippet: "detach(${1:ptr})",
	},
	{
		Name:    "delete",
		Arg:     ArgVarList,
		Section: "2.7.11",
		Summary: "release device data without copying back",
		Doc: tblDoc(
			"`delete(var-list)`",
			"Ends a dynamic data lifetime started by `enter data`: the dynamic reference counter is decremented, and the device memory is freed, without any copy to the host, once no structured region or other `enter data` still holds the data.",
			"Allowed on `exit data`.",
			"With `finalize` the dynamic counter is set to zero, so the data is freed even if it was entered several times. Data that is not present is ignored. Pitfall: data computed on the device is lost; use `copyout` or `update self` first.",
		),
		Data: &DataAction{
			Entry: "None: `delete` appears only on `exit data`.",
			Exit:  "If the data is present: decrement the dynamic reference counter (`finalize` sets it to zero); when the structured and dynamic counters are both zero, free the device memory without copying back. Otherwise: no action.",
		},
		Snippet: "delete(${1:var})",
	},
	{
		Name:    "use_device",
		Arg:     ArgVarList,
		Section: "2.8.1",
		Summary: "use the device address of the data in host code",
		Doc: tblDoc(
			"`use_device(var-list)`",
			"Inside the `host_data` block, each listed variable or array name evaluates to the device address of its data, so host code can pass device pointers to CUDA or HIP kernels, GPU libraries (cuBLAS, cuFFT) or CUDA-aware MPI.",
			"Allowed on `host_data`.",
			"The data must be present on the device (with `if_present`, absent data keeps its host address). Pitfall: never dereference these addresses in host code; they are only valid as arguments for device-aware APIs.",
		),
		Data: &DataAction{
			Entry: "No allocation, no transfer, no counter change: inside the block the names refer to the device copies, which must be present (with `if_present`, absent data keeps its host address).",
			Exit:  "Nothing is released; after the block the names refer to host data again.",
		},
		Snippet: "use_device(${1:var})",
	},
	{
		Name:    "device_resident",
		Arg:     ArgVarList,
		Section: "2.13.1",
		Summary: "allocate the variables in device memory only",
		Doc: tblDoc(
			"`device_resident(var-list)`",
			"Allocates the listed variables in device memory instead of host memory: device code and `routine` functions use them, while the host may not be able to access them at all. For globals the device lifetime is the whole program; for locals it is the enclosing function.",
			"Allowed on `declare` (also at file scope).",
			"Pitfall: do not read or write these variables in host code; move data with device code only. The same variable may not appear in another `declare` clause of the scope.",
		),
		Data: &DataAction{
			Entry: "At the declaration (program start for globals, function entry for locals): allocate device memory only; no host copy is made and nothing is transferred.",
			Exit:  "At the end of the declaring function's scope the device memory is freed; for globals it lives until the program ends.",
		},
		Snippet: "device_resident(${1:var})",
	},
	{
		Name:    "link",
		Arg:     ArgVarList,
		Section: "2.13.3",
		Summary: "device link to a large global, allocated on demand",
		Doc: tblDoc(
			"`link(var-list)`",
			"For large global arrays used in `routine` functions: the device gets only a link (an address slot) for the variable, not a static copy. Device memory is allocated when the variable appears in a data clause of a `data` construct, a compute construct or `enter data`, and device code then reaches it through the link.",
			"Allowed on `declare` (also at file scope).",
			"The variables must be globals with static or external storage. Pitfall: device code that uses the variable while no data clause maps it accesses an unset link. Use `declare create` instead when the data can live on the device all the time.",
		),
		Data: &DataAction{
			Entry: "At the declaration: create the device link for the global, without allocating its data. A later data clause that maps the variable stores the device address in the link.",
			Exit:  "None from `declare` itself; the memory mapped later is released by the clause or `exit data` that owns it.",
		},
		Snippet: "link(${1:var})",
	},
	{
		Name:    "host",
		Arg:     ArgVarList,
		Section: "2.14.4",
		Summary: "copy device data to the host (update)",
		Doc: tblDoc(
			"`host(var-list)`",
			"Copies each listed variable, array or subarray from device memory to host memory; the same as `self(var-list)` on `update`. The data must be present (with `if_present`, absent data is skipped); no allocation or counter change happens.",
			"Allowed on `update`.",
			"Pitfall: for a pointer without bounds only the pointer value is updated; write `host(p[0:n])`.",
		),
		Snippet: "host(${1:var})",
	},
	{
		Name:    "device",
		Arg:     ArgVarList,
		Section: "2.14.4",
		Summary: "copy host data to the device (update)",
		Doc: tblDoc(
			"`device(var-list)`",
			"Copies each listed variable, array or subarray from host memory to the device copy. The data must be present (with `if_present`, absent data is skipped); no allocation or counter change happens.",
			"Allowed on `update`.",
			"Pitfall: for a pointer without bounds only the pointer value is updated; write `device(p[0:n])`.",
		),
		Snippet: "device(${1:var})",
	},
	{
		Name:    "finalize",
		Arg:     ArgNone,
		Section: "2.6.6",
		Summary: "set dynamic reference counters to zero",
		Doc: tblDoc(
			"`finalize`",
			"On `exit data`, sets the dynamic reference counter of each `copyout` and `delete` item to zero, and the attachment counter of each `detach` item, instead of decrementing them. The data is then copied back (`copyout`) and freed unless a structured region still holds it.",
			"Allowed on `exit data`.",
			"Use it when the same data may have been entered several times and must be released now.",
		),
		Snippet: "finalize",
	},
	{
		Name:    "if_present",
		Arg:     ArgNone,
		Section: "2.8.3",
		Summary: "skip data that is not present instead of failing",
		Doc: tblDoc(
			"`if_present`",
			"On `update`: items that are not present on the device are skipped instead of causing a runtime error. On `host_data`: items that are not present keep their host address in the block.",
			"Allowed on `host_data` and `update`.",
			"Useful in library code that does not know whether the caller mapped the data.",
		),
		Snippet: "if_present",
	},

	// ---- loop scheduling (§2.9) ------------------------------------------
	{
		Name:    "gang",
		Arg:     ArgGang,
		Section: "2.9.2",
		Summary: "partition iterations across gangs",
		Doc: tblDoc(
			"`gang[([num:]int-expr, dim:int-expr, static:int-expr|*)]`",
			"Shares the loop's iterations among the gangs (the outermost level of parallelism); in a `parallel` region this switches from gang-redundant to gang-partitioned execution. `num:` (or a value without keyword) sets the number of gangs, only inside `kernels` without `num_gangs`; `dim:` (a constant 1 to 3) selects the gang dimension under `parallel` or in a `routine`; `static:` assigns chunks of the given size round-robin (`*`: the implementation chooses).",
			"Allowed on `loop`, the combined constructs and `routine`.",
			"At most one of each argument kind; `num:` and `dim:` not together. Not together with `seq`. Inside a gang loop of the same compute region, an inner loop may use `gang` only with a lower `dim:` (under `kernels` not at all). On `routine` only `dim:` is allowed.",
		),
		Snippet: "gang",
	},
	{
		Name:    "worker",
		Arg:     ArgWorker,
		Section: "2.9.3",
		Summary: "partition iterations across the workers of a gang",
		Doc: tblDoc(
			"`worker[([num:]int-expr)]`",
			"Shares the loop's iterations among the workers of each gang (the middle level of parallelism). The argument sets the number of workers and is allowed only inside `kernels` without `num_workers`.",
			"Allowed on `loop`, the combined constructs and `routine`.",
			"Not together with `seq`. A worker loop may not contain a gang or worker loop. On `routine` it takes no argument.",
		),
		Snippet: "worker",
	},
	{
		Name:    "vector",
		Arg:     ArgVector,
		Section: "2.9.4",
		Summary: "run iterations in vector (SIMD) mode",
		Doc: tblDoc(
			"`vector[([length:]int-expr)]`",
			"Shares the loop's iterations among the vector lanes of a worker (the innermost level of parallelism, SIMD or GPU threads of a warp). The argument sets the vector length; it is meant for `kernels` without `vector_length` (some compilers reject it under `parallel`).",
			"Allowed on `loop`, the combined constructs and `routine`.",
			"Not together with `seq`. A vector loop may not contain gang, worker or vector loops. On `routine` it takes no argument.",
		),
		Snippet: "vector",
	},
	{
		Name:    "seq",
		Arg:     ArgNone,
		Section: "2.9.5",
		Summary: "execute the loop sequentially",
		Doc: tblDoc(
			"`seq`",
			"The loop runs sequentially on each thread that reaches it; with `seq` any `for` loop is accepted, not just canonical ones. On `routine`: the function contains no parallel loops and may be called from any context.",
			"Allowed on `loop`, the combined constructs and `routine`.",
			"Excludes `gang`, `worker`, `vector`, `independent` and `auto` in the same `device_type` section. A `seq` loop inside a partitioned loop still obeys the level rules of the enclosing loops.",
		),
		Snippet: "seq",
	},
	{
		Name:    "independent",
		Arg:     ArgNone,
		Section: "2.9.6",
		Summary: "assert that iterations are data-independent",
		Doc: tblDoc(
			"`independent`",
			"Asserts that no iteration reads or writes data written by another iteration, so the compiler may run them in parallel without dependence analysis. It is the default for loop constructs inside `parallel`, and for orphaned loops, that have no `seq` or `auto`.",
			"Allowed on `loop` and the combined constructs.",
			"At most one of `seq`, `independent`, `auto`. Pitfall: asserting independence of a loop that has a dependence (e.g. a scalar accumulated without `reduction`) gives races and wrong results, silently. In `kernels`, use it to parallelize loops the compiler cannot prove safe.",
		),
		Snippet: "independent",
	},
	{
		Name:    "auto",
		Arg:     ArgNone,
		Section: "2.9.7",
		Summary: "let the compiler decide whether and how to parallelize",
		Doc: tblDoc(
			"`auto`",
			"The compiler decides, from its own dependence analysis, whether the loop runs in parallel and at which level (among those not used by enclosing loops); otherwise it runs sequentially. It is the default for loop constructs inside `kernels` without `seq` or `independent`.",
			"Allowed on `loop` and the combined constructs.",
			"At most one of `seq`, `independent`, `auto`. With `gang`, `worker` or `vector` the compiler may still treat the loop as sequential if it finds a dependence.",
		),
		Snippet: "auto",
	},
	{
		Name:    "collapse",
		Arg:     ArgConstInt,
		Section: "2.9.1",
		Summary: "apply the loop construct to n tightly nested loops",
		Doc: tblDoc(
			"`collapse(n)`",
			"Associates the loop construct with the `n` outermost loops of the nest and schedules their combined iteration space as one; scheduling clauses and `private`/`reduction` apply to all of them. `n` is a positive integer constant.",
			"Allowed on `loop` and the combined constructs.",
			"The nest must contain at least `n` loops; each associated loop except the innermost must contain exactly one loop, with no OpenACC directives or API calls in the code between them; trip counts must be computable at entry and invariant. At most once per `device_type` section. The `force:` modifier is OpenACC 3.4.",
		),
		Snippet: "collapse(${1:2})",
	},
	{
		Name:    "tile",
		Arg:     ArgTile,
		Section: "2.9.8",
		Summary: "split the loop nest into tiles of the given sizes",
		Doc: tblDoc(
			"`tile(size[, size]…)` where each size is a positive integer constant or `*`",
			"Associates the construct with as many nested loops as sizes are given and splits each into a tile loop and an element loop: the first size applies to the innermost associated loop, the last to the outermost. `*` lets the implementation choose. `gang` applies to the tile loops, `vector` to the element loops, and `worker` to the element loops unless `vector` is also present.",
			"Allowed on `loop` and the combined constructs.",
			"The nesting requirements are those of `collapse` with the same number of loops. At most once per `device_type` section.",
		),
		Snippet: "tile(${1:32}, ${2:32})",
	},

	// ---- routine clauses (§2.15.1) -----------------------------------------
	{
		Name:    "bind",
		Arg:     ArgBind,
		Section: "2.15.1",
		Summary: "call another device function instead of this routine",
		Doc: tblDoc(
			"`bind(name | \"string\")`",
			"Device code that calls the routine calls the bound function instead: an identifier names a function visible in the source, a string literal gives the name as the device linker sees it (e.g. a CUDA `__device__` function). No device version of the routine itself is needed.",
			"Allowed on `routine`.",
			"At most once per `device_type` section; the bound function must accept the same arguments.",
			"accls compiles the bound function from the program's C source, at its own routine level: a string must name one of the program's functions.",
		),
		Snippet: "bind(${1:name})",
	},
	{
		Name:    "nohost",
		Arg:     ArgNone,
		Section: "2.15.1",
		Summary: "do not compile a host version of the routine",
		Doc: tblDoc(
			"`nohost`",
			"The compiler builds only the device version of the routine; no host version exists.",
			"Allowed on `routine`.",
			"At most once. Pitfall: the function may then be called only from compute regions or from other `nohost` routines; a host call (including the host fallback of a compute region with `if` or `self`) fails to link.",
		),
		Snippet: "nohost",
	},

	// ---- runtime directives (§2.14) ------------------------------------------
	{
		Name:    "device_num",
		Arg:     ArgIntExpr,
		Section: "2.14.1",
		Summary: "select the device number",
		Doc: tblDoc(
			"`device_num(int-expr)`",
			"Selects which device of the current (or the named) device type the directive acts on: the device to initialize (`init`), to shut down (`shutdown`), or the device used by later constructs of the thread (`set`, like `acc_set_device_num`).",
			"Allowed on `init`, `shutdown` and `set`.",
			"At most once. The value must be a valid device number for the device type (0 to the number of devices − 1).",
		),
		Snippet: "device_num(${1:0})",
	},
	{
		Name:    "default_async",
		Arg:     ArgIntExpr,
		Section: "2.14.3",
		Summary: "set the queue used by async without argument",
		Doc: tblDoc(
			"`default_async(int-expr)`",
			"Sets the async queue that `async` without an argument (`acc_async_noval`) uses from now on in this thread, like `acc_set_default_async`.",
			"Allowed on `set`.",
			"At most once. The value must be a valid async argument (a non-negative queue number, `acc_async_sync` or `acc_async_noval`).",
		),
		Snippet: "default_async(${1:queue})",
	},

	// ---- atomic clauses (§2.12) -----------------------------------------------
	{
		Name:    "read",
		Arg:     ArgNone,
		Section: "2.12",
		Summary: "atomic read: v = x;",
		Doc: tblDoc(
			"`read`",
			"The atomic statement is `v = x;`: `x` is read atomically, so no concurrent atomic update of `x` is seen half-done. The store into `v` is not atomic.",
			"Allowed on `atomic`.",
			"At most one atomic clause. `x` and `v` are scalar lvalues that must not overlap.",
		),
		Snippet: "read",
	},
	{
		Name:    "write",
		Arg:     ArgNone,
		Section: "2.12",
		Summary: "atomic write: x = expr;",
		Doc: tblDoc(
			"`write`",
			"The atomic statement is `x = expr;`: the store into `x` is atomic. Evaluating `expr` is not part of the atomic operation.",
			"Allowed on `atomic`.",
			"At most one atomic clause. `expr` must not reference `x`.",
		),
		Snippet: "write",
	},
	{
		Name:    "update",
		Arg:     ArgNone,
		Section: "2.12",
		Summary: "atomic read-modify-write of x (the default)",
		Doc: tblDoc(
			"`update`",
			"The atomic statement updates `x` in one indivisible read-modify-write: `x++;`, `x--;`, `++x;`, `--x;`, `x binop= expr;`, `x = x binop expr;` or `x = expr binop x;` with `binop` one of `+ * - / & ^ | << >>`. This is also the meaning of `atomic` without a clause.",
			"Allowed on `atomic`.",
			"At most one atomic clause. `expr` must not reference `x`. Pitfall: a plain `x = y;` is a write, not an update.",
		),
		Snippet: "update",
	},
	{
		Name:    "capture",
		Arg:     ArgNone,
		Section: "2.12",
		Summary: "atomic update that also captures the old or new value",
		Doc: tblDoc(
			"`capture`",
			"Updates `x` atomically and stores its value before or after the update in `v`: `v = x++;`, `v = --x;`, `v = x binop= expr;`, `v = x = x binop expr;`, or a compound block of two statements such as `{v = x; x binop= expr;}` or `{x binop= expr; v = x;}`.",
			"Allowed on `atomic`.",
			"At most one atomic clause. Only the access to `x` is atomic; `v` and `x` must not overlap and `expr` must not reference `x`.",
		),
		Snippet: "capture",
	},
}

// tblDoc joins markdown paragraphs with blank lines.
func tblDoc(paragraphs ...string) string { return strings.Join(paragraphs, "\n\n") }
