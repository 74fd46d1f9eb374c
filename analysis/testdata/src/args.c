/* Argument rules that need no C semantics. */
void args(float *a, float *b, int n, float s, int m)
{
    /* clauses without arguments */
#pragma acc loop seq() // want "'seq' takes no arguments \\[clause-arg-invalid\\]"
    for (int i = 0; i < n; i++) a[i] = 0;
#pragma acc exit data delete(a[0:n]) finalize(1) // want "'finalize' takes no arguments"

    /* required arguments */
#pragma acc parallel if // want "'if' requires a condition in parentheses"
    { }
#pragma acc parallel copyin // want "'copyin' requires a var-list in parentheses"
    { }
#pragma acc parallel copyin() // want "'copyin' requires a var-list"
    { }
#pragma acc parallel num_workers // want "'num_workers' requires an integer expression in parentheses"
    { }
#pragma acc parallel num_workers(4, 8) // want "'num_workers' takes an integer expression, found 2 arguments"
    { }
#pragma acc parallel async() // want "empty parentheses after 'async'"
    { }
#pragma acc parallel self(n > 2) async wait
    { }
#pragma acc update self // want "'self' requires a var-list in parentheses"
#pragma acc update self(a[0:n])

    /* num_gangs */
#pragma acc parallel num_gangs(4, 8, 2)
    { }
#pragma acc parallel num_gangs(4, 8, 2, 2) // want "'num_gangs' takes at most 3 arguments, found 4"
    { }
#pragma acc kernels num_gangs(4, 8) // want "'num_gangs' takes one integer expression, found 2 arguments"
    { }
#pragma acc kernels loop num_gangs((n + 1) / 2) num_workers(m * 2) vector_length(32)
    for (int i = 0; i < n; i++) a[i] = 0;
#pragma acc parallel num_gangs(0) vector_length(-32) num_workers(0x0) // want "'num_gangs' value must be positive, found 0" "'vector_length' value must be positive, found -32" "'num_workers' value must be positive"
    { }

    /* collapse and tile */
#pragma acc loop collapse(0) // want "'collapse' argument must be a positive integer constant, found '0'"
    for (int i = 0; i < n; i++) a[i] = 0;
#pragma acc loop collapse(n) /* a name may be a macro: the semantic check judges it (sem/const_args.c) */
    for (int i = 0; i < n; i++) a[i] = 0;
#pragma acc loop collapse(2*1) tile(8, *, 4)
    for (int i = 0; i < n; i++) a[i] = 0;
#pragma acc loop collapse(force:2) // want "'force:' modifier of 'collapse' is OpenACC 3.4"
    for (int i = 0; i < n; i++) a[i] = 0;
#pragma acc loop tile(0, m) // want "'tile' sizes must be positive integer constants or '\\*', found '0'"
    for (int i = 0; i < n; i++) a[i] = 0;

    /* default */
#pragma acc parallel default(shared) // want "invalid value 'shared' for 'default'; expected 'none' or 'present'"
    { }
#pragma acc parallel default(None) // want "invalid value 'None'"
    { }
#pragma acc data default(none) copy(a[0:n])
    { }

    /* gang, worker, vector */
#pragma acc loop gang(num:4, dim:2) // want "the gang 'num:' argument is not allowed together with 'dim:'"
    for (int i = 0; i < n; i++) a[i] = 0;
#pragma acc loop gang(dim:4) // want "gang 'dim:' must be the constant 1, 2 or 3"
    for (int i = 0; i < n; i++) a[i] = 0;
#pragma acc loop gang(static:*) worker(num:4) vector(length:32)
    for (int i = 0; i < n; i++) a[i] = 0;
#pragma acc loop gang(static:2, static:4) // want "the gang argument 'static:' may appear only once"
    for (int i = 0; i < n; i++) a[i] = 0;
#pragma acc loop gang(size:4) // want "unknown gang argument 'size:'"
    for (int i = 0; i < n; i++) a[i] = 0;
#pragma acc loop worker(length:4) vector(num:2) // want "'worker' takes only a 'num:' argument, not 'length:'" "'vector' takes only a 'length:' argument, not 'num:'"
    for (int i = 0; i < n; i++) a[i] = 0;

    /* modifiers */
#pragma acc parallel copyin(readonly: a[0:n]) copyout(zero: b[0:n]) create(zero: s)
    { }
#pragma acc parallel copyin(zero: a[0:n]) // want "modifier 'zero:' is not allowed on 'copyin' \\(allowed: readonly\\)"
    { }
#pragma acc parallel copy(readonly: a[0:n]) // want "'copy' takes no 'readonly:' modifier"
    { }
#pragma acc enter data copyin(readonly: a[0:n]) // want "modifier 'readonly:' on 'enter data' is not portable"

    /* device_type */
#pragma acc parallel device_type(*, nvidia) // want "'\\*' must be the only argument of 'device_type'"
    { }
#pragma acc set device_type(nvidia, radeon) // want "'device_type' on 'set' takes exactly one device type"
#pragma acc set device_num(0) device_type(nvidia)
#pragma acc init device_type(nvidia) device_num(1)
#pragma acc shutdown

    /* var-lists and sub-arrays */
#pragma acc parallel copy(a[0:n], b[:n], s) present(m) // no diagnostic
    { }
#pragma acc parallel present(a[2:n-2]) copyin(b[1+1:]) // no diagnostic
    { }
#pragma acc parallel copy(a[0:-1]) copyin(b[-2:4]) // want "sub-array length of 'a' is negative \\(-1\\) \\[subarray-invalid\\]" "sub-array lower bound of 'b' is negative"
    { }
#pragma acc parallel copy(a + 1) // want "'a \\+ 1' is not a variable, array element, sub-array or member"
    { }

    /* reduction operators */
#pragma acc parallel loop reduction(max:s) reduction(&&:m)
    for (int i = 0; i < n; i++) s = a[i];
#pragma acc parallel loop reduction(-:s) // want "'-' is not a reduction operator .*removed in OpenACC 2.7, use '\\+'"
    for (int i = 0; i < n; i++) s -= a[i];
#pragma acc parallel loop reduction(s) // want "'reduction' requires an operator"
    for (int i = 0; i < n; i++) s += a[i];

    /* cache, wait, bind */
    for (int i = 0; i < n; i++) {
#pragma acc cache(readonly: a[i:4])
        s += a[i];
    }
#pragma acc cache // want "'cache' requires a parenthesized argument"
#pragma acc wait(devnum: 0: queues: 1, 2) async(3)
#pragma acc wait(1) if(n > 0)
#pragma acc parallel(4) // want "'parallel' takes no parenthesized argument"
    { }
}

#pragma acc routine worker(4) // want "'worker' on 'routine' takes no argument"
void r4(void);
#pragma acc routine gang(num:4) // want "'gang' on 'routine' takes only a 'dim:' argument"
void r5(void);
#pragma acc routine gang(dim:2) bind("r6_device")
void r6(void);
#pragma acc routine(r6 + 1) seq // want "'r6 \\+ 1' is not a function name"
#pragma acc routine seq bind(1) // want "'bind' takes an identifier or a string literal, found '1'"
void r7(void);
