/* A function being typed does not parse: it gets no semantic diagnostics
   (the bad nesting inside it stays silent), directive-level diagnostics
   still come, and the functions around it are checked as usual. */

void before(float *restrict a, int n)
{
#pragma acc parallel loop vector copy(a[0:n*n])
    for (int i = 0; i < n; i++) {
#pragma acc loop gang // want "'gang' loop inside a 'vector' loop.*\[loop-level-order\]"
        for (int j = 0; j < n; j++)
            a[i * n + j] = 0.0f;
    }
}

void typing(float *restrict a, int n)
{
#pragma acc parallel loop vector copy(a[0:n*n]) num_gangs( // want "syntax"
    for (int i = 0; i < n; i++) {
#pragma acc loop gang
        for (int j = 0; j < n; j++)
            a[i * n + j] = a[i * n + j] * ;
    }
}

void after(float *restrict a, int n)
{
#pragma acc parallel copy(a[0:n])
    {
        if (n > 1)
            return; // want "'return' leaves the 'parallel' construct"
    }
}
