/* Hovers on the OpenACC keywords and on text that is not OpenACC. */
#include <stdio.h>

void saxpy(int n, float a, float *x, float *y)
{
‸#pragma acc parallel loop
    for (int i = 0; i < n; i++)
        y[i] = a * x[i] + y[i];
#pragma ac‸c kernels
    { }
#  prag‸ma  acc‸ data copy(x[0:n])
    { }
    _Pragma‸("acc parallel")
    { }
    _Pragma("a‸cc serial")
    { }
#pragma omp para‸llel
    { }
    in‸t k = 0; // a comment about acc par‸allel
}
