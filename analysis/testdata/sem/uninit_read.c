/* uninitialized-device-read: updates of data whose device copy copyout or
   create has just allocated. */

void accumulate(float *a, float *b, float *c, int *h, int n)
{
#pragma acc parallel loop copyout(a[0:n]) // want "'a' is copyout in this 'parallel loop', so its device copy starts uninitialized, but the update of 'a\\[i\\]' reads the element before anything writes it; use copy \\(or copyout\\(zero: ...\\) for zeros\\) \\[uninitialized-device-read\\]"
    for (int i = 0; i < n; i++)
        a[i] += 1.0f;
#pragma acc parallel loop create(h[0:n]) copyout(c[0:n]) // want "'h' is create in this 'parallel loop'.*use copyin"
    for (int i = 0; i < n; i++) {
        h[i]++;
        c[i] = h[i];
    }
#pragma acc data copyout(b[0:n]) // want "'b' is copyout in this 'data'"
    {
#pragma acc parallel loop
        for (int i = 0; i < n; i++)
            b[i] = b[i] * 2.0f;
    }
}

/* A scalar counted in a reduction or with atomics: the device copy that
   copyout gives starts uninitialized, and the count adds to it. */
void counts(float *c, int n, int m)
{
    int bad = 0, hits = 0;
#pragma acc data copyin(c[0:n]) copyout(bad) // want "'bad' is copyout in this 'data', so its device copy starts uninitialized, but the update of 'bad \+= \(c\[i\] != m\)' reads the variable before anything writes it; use copy"
    {
#pragma acc parallel loop reduction(+:bad)
        for (int i = 0; i < n; i++)
            bad += (c[i] != m);
    }
#pragma acc parallel loop copyin(c[0:n]) copyout(hits) // want "'hits' is copyout in this 'parallel loop'.*'hits\+\+' reads the variable"
    for (int i = 0; i < n; i++) {
        if (c[i] > 0) {
#pragma acc atomic update
            hits++;
        }
    }
}

/* create of data the host reads after the construct: the results are
   lost. Not reported: a scratch array, rows freed after, data the host
   writes first. */
int printf(const char *, ...);
void free(void *);
void created(float *a, float *c, float *t, double **r, int n)
{
#pragma acc data copyin(a[0:n]) create(c[0:n], t[0:n], r[0:n][0:n]) // want "'c' is written in this 'data' but only created: the results stay on the device and are lost at its end, yet the host reads 'c' afterwards; use copyout \[create-written-read\]"
    {
#pragma acc parallel loop
        for (int i = 0; i < n; i++) {
            t[i] = a[i] * 2;
            r[i][0] = t[i];
            c[i] = t[i] + 1;
        }
    }
    printf("%f\n", c[0]);
    t[0] = 1;
    printf("%f\n", t[0]);
    for (int i = 0; i < n; i++)
        free(r[i]);
}

/* Not reported: zeroed copies, a write first, another clause that copies
   in, data an enclosing region holds. */
void fine(float *a, float *b, float *c, int n)
{
#pragma acc parallel loop copyout(zero: a[0:n])
    for (int i = 0; i < n; i++)
        a[i] += 1.0f;
#pragma acc parallel loop copyout(b[0:n])
    for (int i = 0; i < n; i++) {
        b[i] = 0;
        b[i] += i;
    }
#pragma acc parallel loop copyin(c[0:n]) copyout(c[0:n]) // want "'c' already appears in 'copyin'"
    for (int i = 0; i < n; i++)
        c[i] += 1.0f;
#pragma acc data copy(a[0:n])
    {
#pragma acc parallel loop copyout(a[0:n])
        for (int i = 0; i < n; i++)
            a[i] += 1.0f;
    }
}
