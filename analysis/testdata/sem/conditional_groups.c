/* Directives in #if branches that the preprocessor skips are not the
   program's: no diagnostics from them, and the kept variant is checked. */
#ifndef LEVEL
#define LEVEL 0
#endif

void variants(float *a, int n)
{
#pragma acc data copy(a[0:n])
    {
#ifdef NEVER_DEFINED
#pragma acc kernels loop collapse(3)
#elif LEVEL > 0
#pragma acc parallel loop tile(0)
#else
#pragma acc parallel loop
#endif
        for (int i = 0; i < n; i++)
            a[i] += 1;
#if 0
#pragma acc loop gang
        for (int i = 0; i < n; i++)
            a[i] = 0;
#endif
#if LEVEL == 0
#pragma acc parallel loop collapse(2) // want "collapse\\(2\\)"
        for (int i = 0; i < n; i++)
            a[i] *= 2;
#endif
    }
}
