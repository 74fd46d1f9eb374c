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
