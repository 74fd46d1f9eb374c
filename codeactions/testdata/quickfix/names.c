/* Quick fixes for misspelt and deprecated names; π ≈ 3.14159, größe in bytes. */
#include <stdio.h>
#define N 1024
#define SCALE(x) ((x) * 2.0f)

void names(float *a, float *b, int n)
{
    /* the directive name, with a comment after the directive */
#pragma acc paral‸el loop copyin(a[0:N]) /* größe: 4·N bytes */
    for (int i = 0; i < n; i++) b[i] = SCALE(a[i]);

    // a clause name on a continued line
#pragma acc parallel loop \
    copy_‸in(a[0:n]) \
    copyout(b[0:n])
    for (int i = 0; i < n; i++) b[i] = a[i];

#pragma acc data pcop‸yin(a[0:n]) /* π */ present_or_copyout(b[0:n])
    {
#pragma acc kernels default(prsent‸)
        b[0] = SCALE(a[0]);
    }

    _Pragma("acc update sl‸ef(b[0:n])")
    printf("%f\n", b[0]);
}
