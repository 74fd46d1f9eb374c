/* Data reached through pointers declared in the construct (aliases.go):
 * their accesses are the data's, for copyin-written, copyout-unwritten and
 * copy-readonly. */
void consume(float *p);

void through_pointers(float *restrict a, float *restrict b, float *restrict c, int n, int m)
{
#pragma acc parallel loop copyin(a[0:n]) // want "'a' is written in this 'parallel loop' but only copied in: the results stay on the device and are lost; use copy \(or copyout\) \[copyin-written\]"
    for (int i = 0; i < n; i++) {
        float *p = &a[i];
        *p = 0.0f;
    }
    /* written only through q: not "never writes it" */
#pragma acc parallel loop copyout(b[0:n])
    for (int i = 0; i < n; i++) {
        float *q = b + i;
        q[0] = 1.0f;
    }
    /* read only, through a pointer that walks a row */
#pragma acc parallel loop copy(c[0:n*m]) copyout(b[0:n]) // want "'c' is only read in this 'parallel loop'; copyin avoids copying it back to the host \[copy-readonly\]"
    for (int i = 0; i < n; i++) {
        float s = 0.0f;
        for (const float *r = c + i * m, *end = r + m; r < end; r++)
            s += *r;
        b[i] = s;
    }
    /* through a chain of pointers */
#pragma acc parallel loop copyin(c[0:n*m]) // want "'c' is written in this 'parallel loop' but only copied in"
    for (int i = 0; i < n; i++) {
        float *row = &c[i * m];
        float *x = row;
        x[1] = 2.0f;
    }
    /* the pointer goes to a function: nothing certain */
#pragma acc parallel loop copyin(a[0:n])
    for (int i = 0; i < n; i++) {
        float *p = &a[i];
        consume(p);
    }
}

void rows(float g[8][16])
{
    /* a row of a 2-D array written through a pointer */
#pragma acc parallel loop copyin(g[0:8][0:16]) // want "'g' is written in this 'parallel loop' but only copied in"
    for (int i = 0; i < 8; i++) {
        float *r = g[i];
        r[0] = 1.0f;
    }
}

void unmapped(float *restrict b, int n)
{
    /* dereferenced only through q, and no clause names b (a clause deleted
       while editing: this once crashed the check) */
#pragma acc parallel loop
    for (int i = 0; i < n; i++) {
        float *q = b + i; // want "'b' is a pointer: implicitly firstprivate in 'parallel loop', only its value is copied"
        q[0] = 1.0f;
    }
}
