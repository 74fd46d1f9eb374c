/* copyout-partly-written: data copied out whose elements the device
   writes only in part, and that the host then reads where nothing wrote:
   the host's values there become the uninitialized device copy's. */

int printf(const char *, ...);

#define N 100
#define M 50

void smooth(int n, const double *a, double *b)
{
#pragma acc parallel loop copyin(a[0:n]) copyout(b[0:n]) // want "'b' is copied out, but this 'parallel loop' writes only part of it: b\[0\], which no compute construct writes \(the writes start at b\[1\]\), goes back to the host with the uninitialized device copy's value; use copy to keep the host's values there \[copyout-partly-written\]"
    for (int i = 1; i < n - 1; i++)
        b[i] = (a[i - 1] + a[i + 1]) / 2;
    for (int i = 0; i < n; i++)
        printf("%g\n", b[i]);
}

void laplace(double u[N][M], double v[N][M])
{
#pragma acc data copyin(u[0:N][0:M]) copyout(v[0:N][0:M]) // want "'v' is copied out, but this 'data' writes only part of it: v\[…\]\[49\], which no compute construct writes \(the writes end at v\[…\]\[48\]\)"
    {
#pragma acc parallel loop collapse(2)
        for (int i = 0; i < N; i++)
            for (int j = 0; j < M - 1; j++)
                v[i][j] = u[i][j + 1] - u[i][j];
    }
    printf("%g\n", v[3][M - 1]);
}

/* The caller's data, handed back whole: the function never looks at it
   again, its caller gets the border's garbage (a Sobel filter). */
void edges(int n, const double *src, double *dst)
{
#pragma acc parallel loop copyin(src[0:n]) copyout(dst[0:n]) // want "'dst' is copied out, but this 'parallel loop' writes only part of it: dst\[0\], which no compute construct writes"
    for (int i = 1; i < n - 1; i++)
        dst[i] = src[i + 1] - src[i - 1];
}

/* Valid: the host reads only what the device wrote, writes the rest
   first, reads under a condition; the writes cover the section; a write
   of another form; copy */
void valid(int n, const double *a, double *b, double *c, double *d, double *e, double *f, double *g, const int *idx)
{
#pragma acc parallel loop copyin(a[0:n]) copyout(b[0:n])
    for (int i = 1; i < n - 1; i++)
        b[i] = a[i];
    for (int i = 1; i < n - 1; i++)
        printf("%g\n", b[i]);
#pragma acc parallel loop copyin(a[0:n]) copyout(c[0:n])
    for (int i = 1; i < n; i++)
        c[i] = a[i];
    c[0] = 0;
    for (int i = 0; i < n; i++)
        printf("%g\n", c[i]);
#pragma acc parallel loop copyin(a[0:n]) copyout(d[0:n])
    for (int i = 1; i < n - 1; i++)
        d[i] = a[i];
    for (int i = 0; i < n; i++)
        if (i > 0 && i < n - 1)
            printf("%g\n", d[i]);
#pragma acc parallel loop copyin(a[0:n], idx[0:n]) copyout(e[0:n], f[1:n-2])
    for (int i = 1; i < n - 1; i++) {
        e[idx[i]] = a[i];
        f[i] = a[i];
    }
    for (int i = 0; i < n; i++)
        printf("%g %g\n", e[i], f[i]);
#pragma acc parallel loop copyin(a[0:n]) copy(g[0:n])
    for (int i = 1; i < n - 1; i++)
        g[i] = a[i];
    for (int i = 0; i < n; i++)
        printf("%g\n", g[i]);
}
