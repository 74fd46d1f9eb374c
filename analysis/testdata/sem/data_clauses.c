/* Data clauses against the use of the data: copyin-written, copyout-unwritten, copy-readonly (§9). */

void helper(float *v, int n);

void written(float *restrict a, float *restrict b, int n)
{
    /* A directive that does not parse says nothing certain about its data. */
#pragma acc parallel loop copyin(a[0:n] // want "missing '\\)'|expected '\\)'|unclosed"
    for (int i = 0; i < n; i++)
        a[i] = 0.0f;
#pragma acc parallel loop copyin(a[0:n]) // want "'a' is written in this 'parallel loop' but only copied in: the results stay on the device and are lost; use copy \(or copyout\) \[copyin-written\]"
    for (int i = 0; i < n; i++)
        a[i] = a[i] * 2.0f;
#pragma acc parallel loop copyin(b[0:n], a[0:n]) // want "'a' is written in this 'parallel loop' but only copied in"
    for (int i = 0; i < n; i++)
        a[i] = b[i];
#pragma acc data copyin(a[0:n]) // want "'a' is written in this 'data' but only copied in"
    {
#pragma acc parallel loop present(a[0:n])
        for (int i = 0; i < n; i++)
            a[i] = 0.0f;
    }
}

void unwritten(float *restrict a, float *restrict b, float *restrict c, int n)
{
    float s = 0.0f;
#pragma acc parallel loop copyout(a[0:n]) reduction(+:s) // want "'a' is copied out but this 'parallel loop' never writes it: .*only read, so copyin was probably meant \[copyout-unwritten\]"
    for (int i = 0; i < n; i++)
        s += a[i];
#pragma acc parallel loop copyin(b[0:n]) copyout(c[0:n], a[0:n]) // want "'a' is copied out but this 'parallel loop' never writes it: the host data is overwritten with the uninitialized device copy \[copyout-unwritten\]"
    for (int i = 0; i < n; i++)
        c[i] = b[i];
}

void readonly(const float *restrict x, float *restrict y, int n)
{
#pragma acc parallel loop copy(x[0:n]) copy(y[0:n]) // want "'x' is only read in this 'parallel loop'; copyin avoids copying it back to the host \[copy-readonly\]"
    for (int i = 0; i < n; i++)
        y[i] += x[i];
#pragma acc data copy(x[0:n]) // want "'x' is only read in this 'data'"
    {
#pragma acc parallel loop copy(y[0:n])
        for (int i = 0; i < n; i++)
            y[i] += x[i];
    }
}

/* Valid: the clauses match the use; calls, updates and enclosing regions keep the checks quiet. */
void valid(float *restrict a, float *restrict b, int n)
{
#pragma acc parallel loop copyin(a[0:n]) copyout(b[0:n])
    for (int i = 0; i < n; i++)
        b[i] = a[i];
#pragma acc parallel loop copy(a[0:n])
    for (int i = 0; i < n; i++)
        a[i] += 1.0f;
#pragma acc data copyin(a[0:n])
    {
#pragma acc parallel loop
        for (int i = 0; i < n; i++)
            a[i] = 0.0f;
#pragma acc update self(a[0:n])
    }
#pragma acc data copy(a[0:n])
    {
#pragma acc parallel loop copyin(a[0:n])
        for (int i = 0; i < n; i++)
            a[i] *= 2.0f;
    }
#pragma acc data copyout(b[0:n])
    {
        helper(b, n);
    }
#pragma acc parallel copyout(zero: b[0:n])
    {
    }
#pragma acc data copy(a[0:n])
    {
        helper(a, n);
    }
}
