package analysis

// dataRules need the C code: data attributes, references and transfers
// (openacc-rules.md §8–§10, Appendix A). Examples that start at file scope
// (with a function definition) are checked as they are; the others are
// wrapped in `void f(int *a, int n, int s, int b) { ... }`.
var dataRules = []*Rule{
	{
		ID: "default-none-unlisted", Severity: SeverityError,
		Summary: "a variable has no data attribute under default(none)",
		Doc: "With `default(none)` on a compute construct, or on a `data` construct around it, every variable " +
			"the construct references must appear in a clause: scalars included (loop bounds such as `n`, " +
			"coefficients such as `alpha`) (OpenACC 3.3 §2.6.2). Variables declared inside the construct and the " +
			"loop variables of its loops are private without a clause, and variables in a visible `declare` " +
			"need none. The diagnostic is on the first reference of each unlisted variable; the related " +
			"information points at the `default(none)` clause. The fix adds the variable to the clause that " +
			"matches its use: `firstprivate` for a scalar only read (`copyin` on `kernels`), `copy` for a " +
			"written scalar, `copyin`/`copyout`/`copy` for arrays and pointees by whether they are read, " +
			"written or both, with bounds when the array's length or the loop bound is known.",
		Example: "#pragma acc parallel loop default(none) copy(a[0:n])\nfor (int i = 0; i < n; i++) a[i] += b;",
	},
	{
		ID: "implicit-firstprivate-write", Severity: SeverityWarning,
		Summary: "a scalar written in a parallel or serial construct is implicitly firstprivate",
		Doc: "A scalar referenced in a `parallel` or `serial` construct without a clause is firstprivate " +
			"(OpenACC 3.3 §2.6.2): each gang works on its own copy, initialized from the host. Writes to it are " +
			"therefore lost when the region ends, and the iterations that share a gang's copy race on it. " +
			"The classic case is `sum += x[i]` without `reduction(+:sum)`. The fix depends on the use: an " +
			"update that matches a reduction (`+=`, `-=`, `*=`, `x = x op e`, `&=`, `|=`, `^=`, `fmax`/`fmin`, " +
			"`x = x > e ? x : e`, `if (e > x) x = e`) gets `reduction(op:x)`; a temporary written before it is " +
			"read in each iteration gets `private(x)`; an atomic update, a write outside the loop that reduces the " +
			"variable, and any other write get `copy(x)`. In `kernels` scalars are " +
			"copy, and loop counters of sequential loops are private in practice: neither is reported.",
		Example: "#pragma acc parallel loop copyin(a[0:n])\nfor (int i = 0; i < n; i++) s += a[i];",
	},
	{
		ID: "implicit-firstprivate-pointer", Severity: SeverityWarning,
		Summary: "a pointer is dereferenced in a compute construct but its data is not mapped",
		Doc: "A pointer is a scalar: without a clause it is firstprivate in `parallel` and `serial` and copied in " +
			"`kernels` (OpenACC 3.3 §2.6.2), so only the address goes to the device and the data it points to is not mapped. " +
			"Unless the data is made present some other way (unified memory, a data region in a caller), the " +
			"device dereferences a host address. The warning is given only when nothing in the function maps " +
			"the data: no clause on the construct or an enclosing `data` construct, no `enter data` or " +
			"`declare`, no `default(present)`, and the pointer is a parameter or comes from `malloc`/`calloc` " +
			"or from a function of the file that returns what it allocated so and maps nothing (a matrix's " +
			"`malloc_2d`); a pointer assigned from another variable or taken by address may alias mapped data. " +
			"The fix adds a data clause with a sub-array when the extent is known from the allocation or the " +
			"loop bound: `copyout` only when the loops write every element of that section (from 0, by one, " +
			"unconditionally), `copy` otherwise, since `copyout` would give the host the device's undefined " +
			"values of the elements the construct leaves alone. " +
			"accls itself, like NVIDIA's compiler, copies the section the subscripts reach when the loops' bounds " +
			"give it and the data is not present (copyin when the construct only reads it, copy otherwise), so " +
			"such a program runs under accls; GCC and Clang copy only the pointer, so the warning stays.",
		Example: "#pragma acc parallel loop\nfor (int i = 0; i < n; i++) a[i] = 0;",
	},
	{
		ID: "unmapped-pointer-member", Severity: SeverityWarning,
		Summary: "a struct's pointer member is dereferenced on the device but nothing maps the data it points to",
		Doc: "Copying a struct to the device (a clause, or implicitly: an aggregate is `copy`) copies its pointer " +
			"members as they are: host addresses. OpenACC attaches a pointer member to device memory only when the " +
			"data it points to is present (3.3 §2.6.8, §2.7.2), which takes a clause naming the member with a " +
			"sub-array, `copyin(v.x[0:n])`, here, in an enclosing data region or in an `enter data`; without one " +
			"the device dereferences a host address. The warning is given for a local or parameter struct whose " +
			"member this function sets from `malloc`/`calloc` only, that is never assigned whole, passed to a " +
			"call or taken by address, and whose member no directive or runtime call of the function names. The " +
			"fix adds a clause with the length of the allocation when it is known. The same holds for the elements " +
			"of an array of structs (`a[i].x[k]`, also `a[i].in.x[k]` in a struct embedded in them): copying the " +
			"array copies every element's host address, and each element's data must be entered after the array, " +
			"`enter data copyin(a[i].x[0:n])` in a loop (the manual deep copy). The warning is given when the " +
			"function allocates the array itself and sets the member of its elements from `malloc`/`calloc` only, " +
			"never passes the array or its elements anywhere, and no directive or runtime call names an element's " +
			"member.",
		Example: "typedef struct { int n; double *x; } vec;\nvoid *malloc(unsigned long);\nvoid f(int n) {\n    vec v;\n    v.n = n;\n    v.x = malloc(n * sizeof(double));\n" +
			"#pragma acc parallel loop copyin(v)\n    for (int i = 0; i < v.n; i++) v.x[i] = 0;\n}",
	},
	{
		ID: "implicit-copy-pointer-no-bounds", Severity: SeverityWarning,
		Summary: "a pointer in a data clause has no sub-array, so only the pointer is mapped",
		Doc: "`copy(p)` with `p` a pointer maps the pointer variable itself, 8 bytes, not the array it points " +
			"to (OpenACC 3.3 §2.7.1); the device then dereferences a host address. gcc and clang accept this " +
			"silently. The same holds for `update self(p)` / `update device(p)` and the other data clauses. The " +
			"warning is given when the data is dereferenced in the construct (for `data`, `update`, `enter data` " +
			"and `exit data`: in a compute construct of the function; for `data`, also in one of a function of " +
			"the file that it calls with the pointer). The fix writes `p[0:n]` when `n` is known " +
			"from an allocation (`p = malloc(n * sizeof *p)`) or from the bound of the loop that indexes `p`; " +
			"otherwise it asks for the length (a snippet in editors that run `accls.applySnippetEdit`). A " +
			"pointer to pointers (or an array of pointers) whose rows a construct indexes (`p[i][j]`) needs its " +
			"rows named too: `copy(p[0:n])` maps the row pointers, host addresses the device cannot follow; the " +
			"fix writes `p[0:n][0:m]`, `m` from the rows' allocations (`p[i] = malloc(m * sizeof **p)`) or " +
			"the loop that indexes them. accls itself reads `present(p)`, and `p` in `update` and `exit data`, as " +
			"the data `p` points to, as far as its mapping on the device goes (NVIDIA's compiler reads `present(p)` " +
			"so); a pointer to one struct names that struct (`copyin(p)` is `copyin(p[0:1])`, as deep copies written for " +
			"NVIDIA's compiler expect); where it needs an extent otherwise (`copy`, `copyin`, `create`) it stops with an error.",
		Example: "#pragma acc parallel loop copy(a)\nfor (int i = 0; i < n; i++) a[i] = 0;",
	},
	{
		ID: "reduction-op-type", Severity: SeverityError,
		Summary: "the reduction operator is not defined for the variable's type",
		Doc: "The bitwise operators `&`, `|` and `^` need integer variables; `max` and `min` need real (not " +
			"complex) variables; `+`, `*`, `&&` and `||` take any arithmetic type (OpenACC 3.3 §2.5.15). A " +
			"reduction variable is a scalar, an array (element or sub-array), or a composite whose members are all " +
			"arithmetic; a pointer, a union or a struct with a pointer member cannot be reduced. gcc: \"'x' has " +
			"invalid type for 'reduction(&)'\".",
		Example: "void f(float *x, int n) {\n    float s = 0;\n" +
			"#pragma acc parallel loop reduction(&:s)\n    for (int i = 0; i < n; i++) s += x[i];\n}",
	},
	{
		ID: "reduction-unused", Severity: SeverityWarning,
		Summary: "a reduction variable the construct's code does not use",
		Doc: "A reduction combines the values the iterations leave in their private copies with the original " +
			"value; when the code never uses the variable, the reduction leaves it unchanged. Most often the " +
			"clause names the wrong variable and the one the loop accumulates into races instead " +
			"(`implicit-firstprivate-write` reports that one). A global the code may update through a call is " +
			"not reported. The fix removes the clause when it has no other variable.",
		Example: "void f(int *x, int n) {\n    int best = 0, sum = 0;\n" +
			"#pragma acc parallel loop reduction(max:best)\n    for (int i = 0; i < n; i++) sum += x[i];\n}",
	},
	{
		ID: "copyin-written", Severity: SeverityWarning,
		Summary: "data that is only copied in is written on the device",
		Doc: "`copyin` copies data to the device at region entry and never back. When the construct (or, for a " +
			"`data` construct, a compute construct inside it) writes the data, the results are lost when the " +
			"region ends unless something else copies them back. The warning is not given when an enclosing data " +
			"region, an `enter data`/`exit data`, an `update` or a `declare` in the function also handles the " +
			"variable, or when the data is passed to a call. The fix changes `copyin` to `copy` (or moves the " +
			"item to a `copy` clause when the `copyin` lists other variables).",
		Example: "#pragma acc parallel loop copyin(a[0:n])\nfor (int i = 0; i < n; i++) a[i] = i;",
	},
	{
		ID: "copyout-unwritten", Severity: SeverityWarning,
		Summary: "data that is copied out is never written on the device",
		Doc: "`copyout` creates uninitialized device memory at region entry and copies it to the host at exit. " +
			"When the construct never writes the data, the host copy is overwritten with garbage. If the " +
			"construct only reads the data, `copyin` was probably meant (the fix offers it); if it does not " +
			"reference it at all, the item can go. Not reported when the data is passed to a call, handled by " +
			"another data directive in the function, or (for a `data` construct) touched by host code in the region.",
		Example: "#pragma acc kernels loop copyout(a[0:n])\nfor (int i = 0; i < n; i++) s += a[i];",
	},
	{
		ID: "copyout-partly-written", Severity: SeverityWarning,
		Summary: "data that is copied out is written on the device only in part",
		Doc: "`copyout` creates uninitialized device memory at region entry and copies all of the section to the " +
			"host at exit. When the construct (or, for a `data` construct, the compute constructs inside it) writes " +
			"only part of it, the other elements overwrite the host's with undefined values: a stencil whose " +
			"result is written for the interior (`for (i = 1; i < n - 1; i++)`) and copied out whole loses the " +
			"host's boundary values. The elements each write reaches are bounded by its subscripts over the " +
			"ranges of its loops; a first or last element, row or column of the section that every write " +
			"provably misses is reported when the host reads it after the region, or when the data is a pointer " +
			"parameter's that the function never uses again (the caller gets it back). Writes of another form " +
			"(an index read from memory, a call) are taken " +
			"to write anything. The fix changes `copyout` to `copy`, which starts the device copy from the " +
			"host's values.",
		Example: "double smooth(int n, const double *a, double *b)\n{\n#pragma acc parallel loop copyin(a[0:n]) copyout(b[0:n])\nfor (int i = 1; i < n - 1; i++) b[i] = a[i - 1] + a[i + 1];\nreturn b[0] + b[n - 1];\n}",
	},
	{
		ID: "access-outside-section", Severity: SeverityWarning,
		Summary: "device code reaches elements outside the sub-array a data clause maps",
		Doc: "A data clause maps a section of an array (`copyin(a[0:n])`: elements 0 to n - 1), and the device " +
			"copy holds only that section. An access that goes past it (`a[i + 1]` with `i` up to `n - 1` reads " +
			"`a[n]`) reads or writes memory that is not the array's device copy: on a GPU, another allocation's " +
			"data or a fault; compilers say nothing. The elements each access reaches are bounded by its " +
			"subscripts over the ranges of its loops; an access that runs unconditionally and provably leaves " +
			"every section that the compute construct and the data constructs around it map is reported. " +
			"Mappings made elsewhere (`present`, `enter data`, a caller's) are not judged, since they may be larger.",
		Example: "#pragma acc parallel loop copyin(a[0:n])\nfor (int i = 0; i < n; i++) s += a[i + 1];",
	},
	{
		ID: "copy-readonly", Severity: SeverityHint,
		Summary: "data in a copy clause is only read",
		Doc: "`copy` moves data to the device at entry and back at exit. When the construct (or every compute " +
			"construct inside a `data` construct) only reads it, the copy back is wasted bandwidth: use `copyin`. " +
			"Not reported when the data is passed to a call or may be reached through another pointer, or " +
			"another data directive in the function handles it.",
		Example: "#pragma acc kernels loop copy(a[0:n])\nfor (int i = 0; i < n; i++) s += a[i];",
	},
	{
		ID: "transfers-in-host-loop", Severity: SeverityWarning,
		Summary: "compute constructs in a host loop copy the same data in and out on every iteration",
		Doc: "A compute construct maps its data at entry and exit, so inside a host loop (a time-stepping " +
			"loop, an iteration until convergence) the same arrays cross the bus twice per iteration. When the " +
			"host part of the loop does not touch them, one `data` region around the loop moves them once " +
			"(DESIGN.md §5: hoist copies out of loops that do not modify the object). The related information " +
			"points at each compute construct that moves the data; the fix inserts `#pragma acc data copy(...)` " +
			"(with `copyin`/`copyout` for data moved one way) before the loop. Arrays the host reads or writes in " +
			"the loop, arrays updated with `update`, and data already mapped by a data region are left alone.",
		Example: "for (int t = 0; t < 100; t++) {\n#pragma acc parallel loop copy(a[0:n])\n" +
			"    for (int i = 0; i < n; i++) a[i] += 1;\n}",
	},
	{
		ID: "implicit-copy-temporary", Severity: SeverityWarning,
		Summary: "a struct without a clause is a temporary of each iteration of a parallel loop, but shared",
		Doc: "A struct (an aggregate) that no clause names is `copy` in a `parallel` construct (OpenACC 3.3 " +
			"§2.6.2): one device copy for every gang, worker and lane. When each iteration of a loop assigns its " +
			"members before reading them — a temporary such as a complex number `z` of a Mandelbrot pixel — the " +
			"iterations running at once overwrite one another's values, and results depend on timing. Declare " +
			"it inside the loop, or make it `private` on the loop (the fix).",
		Example: "typedef struct { float re, im; } cplx;\ncplx z;\n#pragma acc parallel loop copyout(out[0:n])\n" +
			"for (int i = 0; i < n; i++) {\n    z.re = i; z.im = 0;\n    out[i] = z.re * z.re + z.im;\n}",
	},
	{
		ID: "kernels-shared-temporary", Severity: SeverityWarning,
		Summary: "a scalar without a clause is a temporary of each iteration of an independent kernels loop, but the value is seen afterwards, so it stays shared",
		Doc: "A scalar that no clause names is `copy` in a `kernels` construct (OpenACC 3.3 §2.6.2): one device copy. " +
			"When each iteration of a loop assigns it before reading it, compilers (accls and NVIDIA's) make it " +
			"private to each iteration, but only when nothing can see its value afterwards. When the host reads " +
			"it after the construct, another construct reads it before assigning it, the construct uses it " +
			"outside the loop, or it is a global, the one device copy stays shared, and `independent` lets the " +
			"iterations overwrite one another's values: results depend on timing (Rodinia's SRAD and " +
			"Needleman-Wunsch have such temporaries). Make it `private` on the loop (the fix; the host then keeps " +
			"the value it had before the construct, as OpenACC has no lastprivate) or declare it inside the loop.",
		Example: "void f(float *restrict a, int n) {\n    float t;\n#pragma acc kernels loop independent copy(a[0:n])\n" +
			"    for (int i = 0; i < n; i++) {\n        t = a[i] * 2;\n        a[i] = t + 1;\n    }\n    a[0] = t;\n}",
	},
	{
		ID: "implicit-copy-partly-present", Severity: SeverityWarning,
		Summary: "an array without a clause is copied whole while enter data put only a section of it on the device",
		Doc: "A compute construct copies an array that no clause names whole (OpenACC 3.3 §2.6.2). When an " +
			"earlier `enter data` of the function put only a section of it on the device (a domain's rows, in " +
			"multi-device codes) and no `exit data` took it off, the whole array is partly present at the " +
			"construct, a runtime error (§2.6.7). NVIDIA's compiler copies only the elements the loops reach, " +
			"so such programs run there; accls, too, uses the mapping that holds what the loops reach " +
			"(inferred from the subscripts), and stops with \"partially present\" when the loops leave it or " +
			"their reach cannot be inferred. Name the section the construct uses in a `present` clause for " +
			"other compilers; the fix adds the section `enter data` entered, as written there.",
		Example: "double a[1024];\nvoid f(int lo, int n) {\n#pragma acc enter data copyin(a[lo:n])\n" +
			"#pragma acc parallel loop\n    for (int i = lo; i < lo + n; i++) a[i] *= 2;\n}",
	},
	{
		ID: "async-host-read", Severity: SeverityWarning,
		Summary: "the host reads data that an async construct brings back before anything waits for it",
		Doc: "An `async` compute construct or `update` runs on its queue while the host goes on (OpenACC 3.3 " +
			"§2.16): its copies to the host (`copy`, `copyout`, `update self`) happen when the queue gets to " +
			"them, and the host sees them only after a `wait`. Host code after the directive that reads the data " +
			"before a `wait` directive, a construct with a `wait` clause or a runtime wait routine reads it " +
			"half-copied or from before; it may look right on a fast device. Add `#pragma acc wait` (with the " +
			"queue) before the read. The check follows the function in program order and stops at any call " +
			"other than the C library's, which may wait.",
		Example: "#pragma acc parallel loop copyout(a[0:n]) async(1)\nfor (int i = 0; i < n; i++) a[i] = i;\n" +
			"s = a[n - 1];",
	},
	{
		ID: "stale-host-read", Severity: SeverityWarning,
		Summary: "the host reads data inside a data region after a compute construct wrote its device copy",
		Doc: "Inside a `data` construct the compute constructs find its data present and read and write the " +
			"device copy; the host copy changes only at the region's exit (copy, copyout) or at an `update " +
			"self` (OpenACC 3.3 §2.6, §2.14.4). Host code of the region that reads the data after a compute " +
			"construct wrote it — a result printed or saved in the time-step loop, a convergence test on a " +
			"reduction variable that the region maps — reads the values from before the region, silently, on " +
			"every compiler; it works only where host and device share memory. The fix adds `update self` before " +
			"the host code that reads it. Not reported when an `update self`, enter/exit data or `host_data` of " +
			"the region names the data, when the host passes it to a function or takes its address, when the " +
			"runtime API may move it, or for compute constructs with `if` or `self`.",
		Example: "#pragma acc data copy(a[0:n])\nfor (int t = 0; t < steps; t++) {\n#pragma acc parallel loop\n" +
			"    for (int i = 0; i < n; i++) a[i] += 1;\n    printf(\"%f\\n\", a[0]);\n}",
	},
	{
		ID: "stale-device-read", Severity: SeverityWarning,
		Summary: "the host writes data inside a data region and a later compute construct reads its device copy",
		Doc: "Inside a `data` construct the compute constructs read the device copy of its data, which the host " +
			"writes of the region do not reach until an `update device` (OpenACC 3.3 §2.14.4): a boundary " +
			"reset, a coefficient changed between kernels or in the next round of a host loop leaves the " +
			"device with the old values, silently, on every compiler. The fix adds `update device` after the " +
			"host code that writes it. The same exceptions as for `stale-host-read` apply.",
		Example: "#pragma acc data copy(a[0:n])\n{\n    a[0] = 1;\n#pragma acc parallel loop\n" +
			"    for (int i = 1; i < n; i++) a[i] += a[0];\n}",
	},
	{
		ID: "gang-reduction-read", Severity: SeverityWarning,
		Summary: "a parallel construct reads a variable that a gang loop of it reduces across gangs",
		Doc: "A `reduction` on a gang loop combines the gangs' values into the variable at the end of the " +
			"`parallel` construct (OpenACC 3.3 §2.9.11; GCC's design calls a read inside the region undefined): " +
			"the gangs run independently (§1.2), and none waits for the others at the end of the loop. Code of the construct after the loop that reads the variable (a later loop " +
			"that divides by the sum, a test of the maximum) reads its own gang's partial value; compilers " +
			"accept it silently. End the construct after the reduction loop and read the variable in the next " +
			"construct, or give the construct `num_gangs(1)` when the work is small. Reads in another loop whose " +
			"`reduction` clause names the variable, and variables private to each gang, are not reported.",
		Example: "#pragma acc parallel copy(s)\n{\n#pragma acc loop gang reduction(+:s)\nfor (int i = 0; i < n; i++) s += a[i];\n" +
			"#pragma acc loop gang\nfor (int i = 0; i < n; i++) b[i] = a[i] / s;\n}",
	},
	{
		ID: "unsynchronized-gang-loops", Severity: SeverityWarning,
		Summary: "a gang loop of a parallel construct uses elements that an earlier gang loop handles on other gangs",
		Doc: "The gangs of a `parallel` construct run independently: there is no synchronization between " +
			"them (OpenACC 3.3 §1.2), so a gang starts the construct's next gang loop as soon as its own " +
			"iterations of the previous one are done, while other gangs may still be writing. A later gang loop " +
			"may use an element that an earlier one writes (or write one it reads) only when the same gang " +
			"handles it in both: the loops divide their iterations alike (same bounds, step and " +
			"gang/worker/vector clauses) and access it at the same subscripts. The check reports the certain " +
			"cases — a neighbour's element (`b[i] = a[i+1]` after `a[i]` is written), or loops that divide " +
			"their iterations differently (other bounds, another `gang(static:)` chunk) — also across rounds of " +
			"a loop inside the construct. A single gang loop repeated by such a loop is reported when every gang " +
			"uses, at a subscript that follows only the round, elements the loop writes one per gang " +
			"(Floyd-Warshall's row `k`: `adj[k*n+j]` beside `adj[i*n+j]`): the gang that writes the element may " +
			"still be in the previous round. A `loop` with no level and no gang loop inside counts as the gang loop " +
			"it becomes. Atomic accesses on both sides, private data and subscripts it cannot " +
			"compare are left alone. Split the loops into separate compute constructs (`parallel loop` each), " +
			"or run the rounds on the host with a construct per round: a construct ends when all its gangs are done.",
		Example: "#pragma acc parallel copy(a[0:n], b[0:n])\n{\n#pragma acc loop gang\n" +
			"    for (int i = 0; i < n; i++) a[i] = i;\n#pragma acc loop gang\n" +
			"    for (int i = 0; i < n - 1; i++) b[i] = a[i + 1];\n}",
	},
	{
		ID: "loop-carried-dependence", Severity: SeverityWarning,
		Summary: "an element written in one iteration is used by another in a parallel loop",
		Doc: "A loop whose iterations run in parallel — marked `independent`, a `parallel loop`, or a `loop` " +
			"without `seq` or `auto` in a `parallel` construct (OpenACC 3.3 §2.9.6) — must not carry a " +
			"dependence from one iteration to another. The check recognizes the simple, certain cases: the same " +
			"array indexed by the loop variable with different constant offsets, one access a write " +
			"(`a[i] = a[i-1] + 1`, `a[i+1] = a[i]`, `a[i] = a[i+1]`), every other subscript written identically. " +
			"Indirect indices, other pointers and atomics are not analysed. Add `seq` to run the loop in order, " +
			"or restructure it (a scan, two arrays).",
		Example: "#pragma acc parallel loop copy(a[0:n])\nfor (int i = 1; i < n; i++) a[i] = a[i-1] + 1;",
	},
	{
		ID: "create-written-read", Severity: SeverityWarning,
		Summary: "data that create maps is written on the device and read by the host after the construct",
		Doc: "`create` gives data a device copy and copies nothing back at the end (OpenACC 3.3 §2.7.9): what " +
			"the compute constructs write into it is lost when the construct ends. That suits scratch arrays " +
			"(a Jacobi's `Anew`), but when the host reads the data after the construct, it reads the values " +
			"from before, silently. Use `copyout` (the fix), or `copy`. Not reported when the host writes the " +
			"data before reading it, passes it to a function, or another directive of the function moves it.",
		Example: "float f(const float *a, float *c, int n)\n{\n#pragma acc data copyin(a[0:n]) create(c[0:n])\n{\n" +
			"#pragma acc parallel loop\n    for (int i = 0; i < n; i++) c[i] = 2 * a[i];\n}\nreturn c[0];\n}",
	},
	{
		ID: "uninitialized-device-read", Severity: SeverityWarning,
		Summary: "data that copyout or create allocates is read before device code writes it",
		Doc: "`copyout` and `create` give data that is not yet present a new device copy and copy nothing in: " +
			"its values are undefined until device code writes them. An update of an element (`c[i] += e`, " +
			"`c[i]++`, `c[i] = c[i] * e`) or of a scalar (`s += e`, also in a reduction loop, which combines its " +
			"result with the variable's value) reads it first, so it starts from garbage. Use `copy` " +
			"(copyout) or `copyin` (create) to start from the host's values, or the `zero` modifier " +
			"(`copyout(zero: c[0:n])`, OpenACC 3.3) to start from zeros. Data an enclosing data region or " +
			"`enter data` already holds is not reported: the clause finds it present and keeps its values. " +
			"The same holds for data that `create` (in `enter data` or a `data` construct) gives a device copy " +
			"and that device code only reads: no compute construct writes it and no `update device`, `copyin` or " +
			"runtime call fills it, here or in the functions of the file the code calls with it (`enter data " +
			"create(sim[:1])`, then `present(sim)` and `sim->dt` in a function that gets `sim`); the fix is " +
			"`copyin`. A struct whose members a directive names is not reported (attaching them writes the device " +
			"copy), nor is a parameter or a global, which other code may have filled. When device code writes " +
			"only part of the created data and reads more, the read that reaches elements no write reaches is " +
			"reported too: the borders of a grid whose interior alone the device writes (`r * (cols + 2) + c` " +
			"for r from 1 to rows, read at `(r - 1) * (cols + 2) + c`), an index a loop starts after. Each " +
			"access's elements are bounded by its subscripts over the ranges of its loops (a linearized index " +
			"as rows and columns), and a read counts only when it runs unconditionally and one of its faces (a " +
			"row, a first or last index) lies outside every write; the data may also come from a function that " +
			"creates and returns it (`int *mat = malloc(...); enter data create(mat[...]); return mat;`).",
		Example: "#pragma acc parallel loop copyout(a[0:n])\nfor (int i = 0; i < n; i++) a[i] += i;",
	},
	{
		ID: "loop-invariant-update", Severity: SeverityWarning,
		Summary: "every iteration of a parallel loop updates the same element or variable",
		Doc: "In a loop whose iterations run in parallel, an update (`c[i] += e`, `s++`, `c[k] = c[k] * e`) of " +
			"an element whose subscripts do not change in the loop, or of a variable declared outside the loop " +
			"but inside the compute construct (private to a gang, shared by its workers and lanes), is made by " +
			"every iteration at once: the iterations race and updates are lost. Compilers do not make such an " +
			"update a reduction by themselves. Accumulate in a scalar with a `reduction` clause on the loop and " +
			"store it after the loop, make the update `atomic`, or run the loop `seq`. Updates under a condition, " +
			"in atomic regions, of variables the loop privatizes or reduces, and through subscripts that change " +
			"in the loop are not reported.",
		Example: "#pragma acc parallel loop gang copy(a[0:n])\nfor (int i = 0; i < n; i++) {\n" +
			"#pragma acc loop vector\n    for (int j = 0; j < s; j++) a[i] += j;\n}",
	},
}
