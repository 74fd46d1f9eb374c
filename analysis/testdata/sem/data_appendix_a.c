/* openacc-rules.md Appendix A, row by row: the diagnostic (or none) each row expects. */

float g[1024];

/* parallel loop: n (loop bound) and alpha (read) are firstprivate, no diagnostic. */
void row_bound_alpha(const float *restrict x, float *restrict y, int n, float alpha)
{
#pragma acc parallel loop copyin(x[0:n]) copyout(y[0:n])
    for (int i = 0; i < n; i++)
        y[i] = alpha * x[i];
}

/* parallel loop: sum += x[i] without reduction. */
float row_sum(const float *restrict x, int n)
{
    float sum = 0.0f;
#pragma acc parallel loop copyin(x[0:n])
    for (int i = 0; i < n; i++)
        sum += x[i]; // want "add reduction\(\+:sum\) \[implicit-firstprivate-write\]"
    return sum;
}

/* parallel loop reduction(+:sum): reduction and implied copy, no diagnostic. */
float row_reduction(const float *restrict x, int n)
{
    float sum = 0.0f;
#pragma acc parallel loop copyin(x[0:n]) reduction(+:sum)
    for (int i = 0; i < n; i++)
        sum += x[i];
    return sum;
}

/* kernels: tail = x[n-1] is copy, no diagnostic. */
float row_kernels(const float *restrict x, int n)
{
    float tail = 0.0f;
#pragma acc kernels copyin(x[0:n])
    tail = x[n - 1];
    return tail;
}

/* parallel loop: a global array is copy, no diagnostic. */
void row_global(int n)
{
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
        g[i] += 1.0f;
}

/* default(present): g present (mapped by the enclosing data region), n firstprivate. */
void row_present(int n)
{
#pragma acc data copy(g)
    {
#pragma acc parallel loop default(present)
        for (int i = 0; i < n; i++)
            g[i] *= 2.0f;
    }
}

/* parallel loop: y pointer, its data unmapped. */
void row_pointer(float *y, int n)
{
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
        y[i] = 1.0f; // want "'y' is a pointer: implicitly firstprivate .*add copyout\(y\[0:n\]\) \(accls and NVIDIA.s compiler copy what the subscripts reach, GCC and Clang do not\) \[implicit-firstprivate-pointer\]"
}

/* parallel loop copy(y): the pointer only. */
void row_copy_pointer(float *y, int n)
{
#pragma acc parallel loop copy(y) // want "only the pointer value of 'y' is mapped by 'copy', .*y\[0:n\] \[implicit-copy-pointer-no-bounds\]"
    for (int i = 0; i < n; i++)
        y[i] = 1.0f;
}

/* parallel loop copy(y[0:n]): mapped, no diagnostic. */
void row_copy_subarray(float *y, int n)
{
#pragma acc parallel loop copy(y[0:n])
    for (int i = 0; i < n; i++)
        y[i] += 1.0f;
}

/* parallel loop default(none) copyout(y[0:n]): n unlisted. */
void row_default_none(float *y, int n)
{
#pragma acc parallel loop default(none) copyout(y[0:n])
    for (int i = 0; i < n; i++) // want "'n' has no data attribute but default\(none\) is in effect \[default-none-unlisted\]|'n' has no data attribute"
        y[i] = 1.0f;
}

/* data default(none) copyin(a[0:n]) around parallel loop firstprivate(n): c unlisted. */
void row_inherited(const float *restrict a, float *restrict c, int n)
{
#pragma acc data default(none) copyin(a[0:n])
    {
#pragma acc parallel loop firstprivate(n)
        for (int i = 0; i < n; i++)
            c[i] = a[i]; // want "'c' has no data attribute but default\(none\) is in effect on the enclosing 'data' construct"
    }
}

/* parallel: t declared inside is private; i, the loop variable, is private even under default(none). */
void row_private(float *restrict y, int n)
{
#pragma acc parallel default(none) copyout(y[0:n]) firstprivate(n)
    {
        float t = 2.0f;
#pragma acc loop
        for (int i = 0; i < n; i++)
            y[i] = t;
    }
}
