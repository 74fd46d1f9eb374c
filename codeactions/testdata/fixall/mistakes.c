/*
 * The mistakes accls catches while you type. `accls check examples/mistakes.c`
 * reports each of them; none of them stops gcc.
 */
#include <stdio.h>

void mistakes(float *a, float *b, int n)
{
    float s = 0.0f;
#pragma acc paralel loop copyin(a[0:n])
    for (int i = 0; i < n; i++) b[i] = a[i];

#pragma acc parallel loop pcopyin(a[0:n]) copyout(b[0:n]) if(n > 100) if(n > 1000)
    for (int i = 0; i < n; i++) b[i] = 2 * a[i];

#pragma acc parallel loop reduction(+:s) private(s) collapse(0)
    for (int i = 0; i < n; i++) s += a[i];

#pragma acc kernels loop gang seq copy_out(b[0:n]) default(shared)
    for (int i = 0; i < n; i++) b[i] = s;

#pragma acc update if(n > 0)
    printf("%f\n", s);
}
