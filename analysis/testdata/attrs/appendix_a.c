/* openacc-rules.md Appendix A, row by row: the attribute each construct gives each variable. */

float g[1024];
float table[256];
#pragma acc declare create(table)

struct point { float x, y; };

void rows(float *x, float *y, float *c, float *a, int n, float alpha)
{
    float sum = 0.0f, tail = 0.0f;
    struct point pt = {1.0f, 2.0f};

    /* n: loop bound; alpha: read; sum += x[i]: firstprivate (and a warning). */
#pragma acc parallel loop copyin(x[0:n])
    for (int i = 0; i < n; i++)
        sum += alpha * x[i];

    /* reduction(+:sum): reduction, implied copy. */
#pragma acc parallel loop copyin(x[0:n]) reduction(+:sum)
    for (int i = 0; i < n; i++)
        sum += x[i];

    /* kernels: a scalar is copy. */
#pragma acc kernels copyin(x[0:n])
    {
        tail = x[n - 1];
    }

    /* A global array: implicit copy with its full extent; a struct: copy. */
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
        g[i] += pt.x;

    /* default(present): aggregates present, scalars still firstprivate. */
#pragma acc data copy(g)
    {
#pragma acc parallel loop default(present)
        for (int i = 0; i < n; i++)
            g[i] *= 2.0f;
    }

    /* A pointer: firstprivate, its data unmapped; copy(y): the pointer only; copy(y[0:n]): the data. */
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
        y[i] = 0.0f;
#pragma acc parallel loop copy(y)
    for (int i = 0; i < n; i++)
        y[i] = 1.0f;
#pragma acc parallel loop copy(y[0:n])
    for (int i = 0; i < n; i++)
        y[i] = 2.0f;

    /* default(none) with an unlisted loop bound. */
#pragma acc parallel loop default(none) copyout(y[0:n])
    for (int i = 0; i < n; i++)
        y[i] = 3.0f;

    /* Inherited default(none): c unlisted. */
#pragma acc data default(none) copyin(a[0:n])
    {
#pragma acc parallel loop firstprivate(n)
        for (int i = 0; i < n; i++)
            c[i] = a[i];
    }

    /* t declared inside: private; j: the loop variable of an inner loop construct; table: declared. */
    int j;
#pragma acc parallel copyin(x[0:100]) copyout(y[0:n])
    {
        float t = x[0];
#pragma acc loop
        for (j = 0; j < n; j++)
            y[j] = t + table[j % 256];
    }
}
