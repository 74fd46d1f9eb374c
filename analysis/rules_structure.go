package analysis

// structureRules need the C code: nesting, loops, routines, branches, atomics.
// Examples that start at file scope (with a function definition) are checked
// as they are; the others are wrapped in a function.
var structureRules = []*Rule{
	{
		ID: "loop-not-for", Severity: SeverityError,
		Summary: "a loop construct is not followed by a `for` loop",
		Doc: "`loop` and the combined constructs (`parallel loop`, `serial loop`, `kernels loop`) apply to the " +
			"C `for` statement that follows them (OpenACC 3.3 §2.9). A `while` or `do` loop, a block or any other " +
			"statement cannot be partitioned; rewrite the loop as a `for` loop with a computable trip count.",
		Example: "#pragma acc parallel loop\nwhile (n > 0) { a[--n] = 0; }",
	},
	{
		ID: "collapse-too-deep", Severity: SeverityError,
		Summary: "collapse or tile asks for more loops than the nest has",
		Doc: "`collapse(n)` and `tile(s1, ..., sn)` associate the n outermost loops of the nest that follows " +
			"(§2.9.1, §2.9.8). Each associated loop but the innermost must contain the next one as its only loop, " +
			"and all of them must be `for` loops. The diagnostic is on the clause argument; the related " +
			"information points at the loop where the nest ends.",
		Example: "#pragma acc parallel loop collapse(2)\nfor (int i = 0; i < n; i++)\n    a[i] = 0;",
	},
	{
		ID: "collapse-not-tightly-nested", Severity: SeverityError,
		Summary: "the loops of a collapse or tile nest are not tightly nested",
		Doc: "The body of each associated loop but the innermost must hold exactly one loop: two sibling loops " +
			"cannot be collapsed. Code between the associated loops (\"intervening code\") is allowed, but it may not " +
			"contain OpenACC directives or calls of the OpenACC API (§2.9.1). Split the nest, or collapse fewer loops.",
		Example: "#pragma acc parallel loop collapse(2)\nfor (int i = 0; i < n; i++) {\n" +
			"    for (int j = 0; j < n; j++) a[i] += j;\n    for (int j = 0; j < n; j++) a[i] -= j;\n}",
	},
	{
		ID: "loop-level-order", Severity: SeverityError,
		Summary: "gang, worker and vector loops are nested in the wrong order",
		Doc: "Within one compute region, gang parallelism is outermost, then worker, then vector (§2.9.2–§2.9.4): " +
			"a loop with `worker` may not contain a `gang` or `worker` loop, a `vector` loop may not contain any " +
			"partitioned loop, and a `gang` loop may not contain another `gang` loop (inside `parallel`, an inner " +
			"`gang(dim:e)` is allowed under an outer `gang(dim:d)` when e < d). A combined construct counts as the " +
			"outer loop. The related information points at the enclosing loop's clause. PGI's compilers read " +
			"levels repeated on tightly nested loops of a `kernels` construct (`gang(512) vector(2)` around " +
			"`vector(128)`) as a grid; where the loops are tightly nested, have rectangular bounds and no " +
			"`collapse`, `tile`, `seq`, `auto` or `device_type`, the fix puts `collapse(n)` with the levels of " +
			"all on the outermost directive and removes the inner ones (the number of gangs and the vector " +
			"lengths are dropped). In a `kernels` construct, gang inside gang, `gang worker` inside `gang worker` " +
			"and vector inside vector (without workers) are warnings: NVIDIA's compilers and accls map them onto " +
			"a grid (the outer gang loop a higher gang dimension, the outer vector loop's lanes workers), GCC " +
			"rejects them.",
		Example: "#pragma acc parallel loop vector\nfor (int i = 0; i < n; i++) {\n    #pragma acc loop gang\n" +
			"    for (int j = 0; j < n; j++) a[i] += j;\n}",
	},
	{
		ID: "level-arg-invalid", Severity: SeverityError,
		Summary: "a gang, worker or vector argument the enclosing compute construct does not permit",
		Doc: "Whether a loop's `gang`, `worker` and `vector` clauses may take an argument depends on the " +
			"compute construct around the loop (§2.9.2–§2.9.4): the number of gangs (`gang(n)`, `gang(num:n)`) " +
			"and of workers (`worker(n)`) only inside `kernels`, and only when that `kernels` has no `num_gangs` / " +
			"`num_workers`; `gang(dim:d)` only inside `parallel`, on an orphaned loop or in a `routine gang`; a " +
			"vector length (`vector(n)`) not inside `serial` or on orphaned loops, nor when the construct has " +
			"`vector_length`. Inside `parallel`, `vector(n)` is a warning: clang accepts it, gcc rejects it. Set " +
			"the counts on the compute construct instead (`num_gangs`, `num_workers`, `vector_length`).",
		Example: "#pragma acc parallel\n{\n    #pragma acc loop gang(num:8)\n    for (int i = 0; i < n; i++) a[i] = 0;\n}",
	},
	{
		ID: "routine-level-mismatch", Severity: SeverityError,
		Summary: "a routine's level does not fit its loops or its call site",
		Doc: "A `routine` directive states the parallelism a function uses (§2.15.1): a `routine seq` may " +
			"contain only sequential loops, a `routine vector` vector loops, a `routine worker` worker and vector " +
			"loops. And a routine must be called where that parallelism is still free: a `routine vector` not " +
			"inside a `vector` loop, a `routine worker` not inside a `worker` or `vector` loop, a `routine gang` " +
			"not inside any partitioned loop; a routine may call routines of its own level or below only. The " +
			"related information points at the routine directive.",
		Example: "#pragma acc routine vector\nvoid row(float *a, int n);\n\n" +
			"void f(float *a, int n) {\n    #pragma acc parallel loop vector\n" +
			"    for (int i = 0; i < n; i++)\n        row(a, n);\n}",
	},
	{
		ID: "routine-missing", Severity: SeverityWarning,
		Summary: "device code calls a function without a routine directive",
		Doc: "A function called inside a compute region (or from a routine) runs on the device. The specification " +
			"gives a function defined in the same file without a `routine` directive an implicit `routine seq` " +
			"(§2.15.1), and accls compiles it so, but not every compiler implements that: some generate a device " +
			"version only for functions with a `routine` directive seen before the call. accls reports calls of functions defined in the same file that have none, or whose directive comes " +
			"after the call, and a routine's `bind(f)` naming such a function (device code calls `f` in its place). The fix inserts `#pragma acc routine seq` (or the level of the function's orphaned " +
			"loops) before the function.",
		Example: "float twice(float x) { return 2 * x; }\n\n" +
			"void f(float *a, int n) {\n    #pragma acc parallel loop\n" +
			"    for (int i = 0; i < n; i++)\n        a[i] = twice(a[i]);\n}",
	},
	{
		ID: "undeclared-name", Severity: SeverityError,
		Summary: "a name in a clause is not declared where the directive is",
		Doc: "A clause's variables, the bounds of its sub-arrays and its expressions (`if`, `num_gangs`, " +
			"`async` ...) are C and follow C's scope rules at the directive: a name must be a variable declared " +
			"before it in an enclosing block, a parameter, a global, a macro, an enumeration constant or a " +
			"function. gcc -fopenacc rejects the program (\"'zz' undeclared\"); a build that ignores the " +
			"directives does not, so the typo shows only in the build for the device. The fix renames the name " +
			"to the nearest variable in scope, when one is close. Nothing is reported when a header was not " +
			"found (the name may come from it).",
		Example: "void f(float *a, int n) {\n    #pragma acc parallel loop copy(a[0:nn])\n" +
			"    for (int i = 0; i < n; i++)\n        a[i] += 1;\n}",
	},
	{
		ID: "clause-item-type", Severity: SeverityError,
		Summary: "a clause item's subscripts or members do not fit its variable's type",
		Doc: "The items of var-lists are C lvalues with sub-arrays: a subscript needs an array or a " +
			"pointer, `.` a struct or union, `->` a pointer to one, and the member must exist. C rejects the " +
			"same expression (\"subscripted value is neither array nor pointer\", \"request for member in " +
			"something not a structure\"); a build that ignores the directives does not, so the mistake shows " +
			"only in the build for the device. The fix changes `.` to `->` or back. A function named in a clause " +
			"is reported too.",
		Example: "typedef struct { float *x; int n; } vec;\nvoid f(vec *p, int k) {\n" +
			"    #pragma acc enter data copyin(p.x[0:p->n])\n}",
	},
	{
		ID: "routine-global-undeclared", Severity: SeverityWarning,
		Summary: "a routine uses a global that no declare directive puts on the device",
		Doc: "A routine runs on the device, where a global variable has a copy only when a file-scope `declare` " +
			"directive gives it one (`create`, `copyin`, `device_resident` or `link`, OpenACC 3.3 §2.13); a " +
			"compute construct maps the globals it uses itself, but not those of the routines it calls. Without " +
			"the directive nvc warns that variables used in an acc routine need to be in `acc declare create()` " +
			"and the link fails, gcc reports that the variable has been referenced in offloaded code but not " +
			"marked to be included in it, and accls cannot compile the call. Const-qualified globals are not " +
			"reported (compilers fold them; accls copies constant tables initialized with literals). Each " +
			"global is reported once, at its first use in a routine. The fix inserts " +
			"`#pragma acc declare create(x)` after the definition; the host then copies the value it sets with " +
			"`#pragma acc update device(x)` (or `declare copyin(x)` copies the value the global has when the " +
			"program starts using the device).",
		Example: "float scale;\n\n#pragma acc routine seq\nfloat apply(float x) { return scale * x; }\n\n" +
			"void f(float *a, int n) {\n    #pragma acc parallel loop copy(a[0:n])\n" +
			"    for (int i = 0; i < n; i++)\n        a[i] = apply(a[i]);\n}",
	},
	{
		ID: "orphan-loop-no-routine", Severity: SeverityWarning,
		Summary: "an orphaned loop construct in a function without a routine directive",
		Doc: "A `loop` construct outside any compute construct partitions its loop only when the function is " +
			"a routine called from a compute region (§2.9, §2.15). Without a `routine` directive the function " +
			"runs on the host and gcc rejects the loop (\"loop directive must be associated with an OpenACC compute " +
			"region\"). The fix adds `#pragma acc routine` with the level of the loop (gang, worker, vector or seq).",
		Example: "void scale(float *a, int n) {\n    #pragma acc loop vector\n" +
			"    for (int i = 0; i < n; i++) a[i] *= 2;\n}",
	},
	{
		ID: "nested-compute-construct", Severity: SeverityWarning,
		Summary: "a compute construct inside another compute region",
		Doc: "OpenACC allows nested compute constructs, but gcc rejects them (\"'parallel' construct inside of " +
			"'parallel' region\") and nvc does not support them. Use `loop` constructs inside the one compute " +
			"construct instead.",
		Example: "#pragma acc parallel\n{\n    #pragma acc kernels\n    for (int i = 0; i < n; i++) a[i] = 0;\n}",
	},
	{
		ID: "data-construct-in-compute", Severity: SeverityWarning,
		Summary: "a data directive inside a compute region",
		Doc: "`data`, `host_data`, `enter data`, `exit data` and `update` move data between host and device; " +
			"inside a compute region they have no meaning (the code runs on the device) and gcc rejects them. " +
			"Move the directive before or after the compute construct.",
		Example: "#pragma acc parallel\n{\n    #pragma acc update self(a[0:n])\n}",
	},
	{
		ID: "data-without-compute", Severity: SeverityWarning,
		Summary: "a data construct whose region cannot use the device",
		Doc: "A `data` construct governs one statement, usually a block in braces. When that statement holds no " +
			"compute construct, no OpenACC directive and no call of a function of the program (or of the `acc_*` " +
			"API), the construct only moves its data to the device and back: most often braces are missing and " +
			"the compute constructs after it, meant to run inside the region, map their data again on their " +
			"own. The related information points at the next compute construct. Calls of functions declared in " +
			"the program count as uses (their bodies may hold compute constructs); library functions do not.",
		Example: "#pragma acc data copyin(a[0:n])\ns = 0;\n#pragma acc parallel loop reduction(+:s)\n" +
			"for (int i = 0; i < n; i++) s += a[i];",
	},
	{
		ID: "bad-nesting", Severity: SeverityError,
		Summary: "a directive where it may not appear",
		Doc: "`init`, `shutdown` and `set` may not appear inside a compute region (§2.14.1–§2.14.3), and an " +
			"`atomic` construct contains only its atomic statement(s), no other directive (§2.12).",
		Example: "#pragma acc parallel\n{\n    #pragma acc set device_num(0)\n}",
	},
	{
		ID: "cache-outside-loop", Severity: SeverityError,
		Summary: "a cache directive not at the top of a device loop body",
		Doc: "`cache` asks for array elements to be kept in fast memory for the iterations of a loop; it must " +
			"appear at the top of the body of a loop that runs on the device: one inside a compute region, " +
			"associated with a `loop` construct, or in a routine (§2.10). Declarations may precede it.",
		Example: "#pragma acc cache(a[0:n])",
	},
	{
		ID: "standalone-directive-placement", Severity: SeverityError,
		Summary: "a standalone directive is the whole body of an if, loop or label",
		Doc: "`update`, `enter data`, `exit data`, `wait`, `init`, `shutdown`, `set` and `cache` are not " +
			"statements: they may not be the body of an `if`, `else`, `for`, `while`, `do` or `switch`, nor " +
			"follow a label. gcc rejects it (\"may only be used in compound statements\"); a compiler that ignores " +
			"the pragma silently makes the *next* statement the body. The fix wraps the directive in braces.",
		Example: "if (n > 0)\n    #pragma acc update self(a[0:n])\ns = 1;",
	},
	{
		ID: "branch-out-of-region", Severity: SeverityError,
		Summary: "a branch leaves or enters a compute or data construct",
		Doc: "A program may not branch into or out of a compute construct (§2.5.4): no `return`, no `goto` to " +
			"a label outside, no `break` or `continue` that leaves the construct, and no `goto` into it. All " +
			"compilers apply the same rule to `data` and `host_data` constructs. A `break` out of the loop of a " +
			"`loop` or combined construct is also rejected (every iteration must run); `break` and `continue` " +
			"that stay inside a loop or `switch` of the region are fine.",
		Example: "#pragma acc parallel loop\nfor (int i = 0; i < n; i++) {\n    if (a[i] < 0) return;\n}",
	},
	{
		ID: "atomic-invalid-form", Severity: SeverityError,
		Summary: "the statement under atomic does not have an allowed form",
		Doc: "`atomic read` takes `v = x;`, `atomic write` `x = expr;`, `atomic update` (the default) `x++;`, " +
			"`x--;`, `++x;`, `--x;`, `x binop= expr;`, `x = x binop expr;` or `x = expr binop x;`, and " +
			"`atomic capture` `v = x++;`, `v = x binop= expr;`, `v = x = x binop expr;`... or a block of two " +
			"statements `{v = x; x binop= expr;}` (§2.12). `x` and `v` are scalar lvalues, `expr` may not mention " +
			"`x`, binop is one of `+ * - / & ^ | << >>`.",
		Example: "#pragma acc parallel loop\nfor (int i = 0; i < n; i++) {\n    #pragma acc atomic update\n    s = a[i];\n}",
	},
	{
		ID: "atomic-mixed-access", Severity: SeverityWarning,
		Summary: "a scalar updated atomically is also read or written without atomic",
		Doc: "Atomic constructs are safe only against each other (§2.12): where the iterations of a loop run at " +
			"once, a plain read or write of a shared scalar that they also update atomically races with those " +
			"updates. The usual form is a guard, `if (count < max)` around `atomic update count++`, which lets " +
			"more iterations through than it means to. Read the value with `atomic read` into a local, or " +
			"capture the update (`atomic capture`) and test the captured value. Private, firstprivate and " +
			"reduction variables, `serial` constructs and code no parallel loop runs are not reported.",
		Example: "void f(int n) {\n    int count = 0;\n#pragma acc parallel loop copy(count)\n    for (int i = 0; i < n; i++) {\n" +
			"        if (count < 100) {\n#pragma acc atomic update\n            count++;\n        }\n    }\n}",
	},
	{
		ID: "reduction-op-mismatch", Severity: SeverityError,
		Summary: "nested reductions of a variable use different operators",
		Doc: "When a loop inside a compute construct (or inside another loop) reduces a variable that an " +
			"enclosing construct also reduces, both must use the same operator (§2.9.11); gcc warns about " +
			"\"conflicting reduction operations\" and the result is undefined. The related information points at " +
			"the enclosing reduction.",
		Example: "#pragma acc parallel loop reduction(+:s)\nfor (int i = 0; i < n; i++) {\n" +
			"    #pragma acc loop reduction(max:s)\n    for (int j = 0; j < n; j++) s = a[j] > s ? a[j] : s;\n}",
	},
}
