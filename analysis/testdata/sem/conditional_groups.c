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

/* Conditions that only the macros' expansion decides: a function-like
   macro, an object-like one that expands to it, variadic arguments. */
#define VERSION(major, minor) ((major) * 100 + (minor))
#define USE_ASYNC VERSION(2, 5)
#define FIRST(a, ...) a

void expanded(float *a, int n)
{
#if USE_ASYNC >= 205
#pragma acc parallel loop copy(a[0:n]) async(1)
#else
#pragma acc parallel loop copy(a[0:n])
#endif
    for (int i = 0; i < n; i++)
        a[i] += 1;
#pragma acc wait
#if VERSION(1, 0) > USE_ASYNC || FIRST(0, 1, 2)
#pragma acc parallel loop tile(0)
#elif defined(VERSION) && VERSION(3, 1) == 301
#pragma acc parallel loop copy(a[0:n]) collapse(2) // want "collapse\\(2\\)"
#endif
    for (int i = 0; i < n; i++)
        a[i] *= 2;
}
