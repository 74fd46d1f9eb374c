/* Wrap compute constructs in one data region. */
#include <stdlib.h>
#define N 1024

void wrap(float *a, float *b, float *c, int n, int iters)
{
    float tmp[N];
    /* a host loop around two compute constructs: the cursor on its line */
    for (int it = 0; it < iters; it++) { ‸
#pragma acc parallel loop copyin(a[0:n]) copyout(b[0:n]) /* π */
        for (int i = 0; i < n; i++)
            b[i] = a[i] + 1;
#pragma acc parallel loop copyin(b[0:n]) copy(c[0:n]) create(tmp)
        for (int i = 0; i < n; i++) {
            tmp[i] = b[i];
            c[i] += tmp[i];
        }
    }

    /* a selection of statements: the host reads c in between, so c stays */
    «#pragma acc kernels copyin(a[0:n]) copy(c[0:n])
    for (int i = 0; i < n; i++) c[i] = a[i];
    c[0] = 0;
    #pragma acc parallel loop copyin(a[0:n], c[0:n]) copyout(b[0:n])
    for (int i = 0; i < n; i++) b[i] = a[i] + c[i];»

    /* different bounds for a: a stays, only b moves */
    «#pragma acc parallel loop copyin(a[0:n]) copyout(b[0:n])
    for (int i = 0; i < n; i++) b[i] = a[i];
    #pragma acc parallel loop copyin(a[1:n-1]) copyin(b[0:n])
    for (int i = 1; i < n; i++) c[i] = a[i] + b[i];»

    /* only one compute construct: not offered */
    for (int it = 0; it < iters; it++) ‸
#pragma acc parallel loop copy(a[0:n])
        for (int i = 0; i < n; i++) a[i] *= 2;
}
