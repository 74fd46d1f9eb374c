/* access-outside-section: device accesses that reach outside the section
   a data clause maps. */

#define N 100
#define M 40

double edge(int n, const double *a, double *b)
{
    double s = 0;
#pragma acc parallel loop copyin(a[0:n]) copyout(b[0:n]) reduction(+:s)
    for (int i = 0; i < n; i++) {
        b[i] = a[i] + a[i + 1]; // want "'a\[i \+ 1\]' reaches a\[n\], outside what the data clause maps \(a\[0:n\]\): the device reads memory that is not the device copy of 'a'; widen the section or bound the loop \[access-outside-section\]"
        s += b[i];
    }
#pragma acc data copyin(a[1:n-1]) create(b[0:n])
    {
#pragma acc parallel loop
        for (int i = 0; i < n - 1; i++)
            b[i] = a[i] * 2; // want "'a\[i\]' reaches a\[0\], outside what the data clause maps \(a\[1:n-1\]\)"
#pragma acc parallel loop
        for (int i = 1; i <= n; i++)
            b[i] = 1; // want "'b\[i\]' reaches b\[n\].*the device writes memory"
    }
    return s;
}

void grid(double u[N][M], double v[N][M])
{
#pragma acc parallel loop collapse(2) copyin(u[0:N][0:M]) copyout(v[0:N][0:M])
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++)
            v[i][j] = u[i][j + 1]; // want "'u\[i\]\[j \+ 1\]' reaches u\[…\]\[40\]"
}

/* Valid: guarded reads, accesses inside the section, a section the
   construct asserts present (mapped elsewhere, maybe larger), enter
   data, an index read from memory, loops whose bounds cannot be
   compared with the section */
void valid(int n, int m, const double *a, double *b, const int *idx)
{
#pragma acc parallel loop copyin(a[0:n], idx[0:n]) copyout(b[0:n])
    for (int i = 0; i < n; i++) {
        double l = i > 0 ? a[i - 1] : 0;
        double r = 0;
        if (i < n - 1)
            r = a[i + 1];
        b[i] = l + r + a[idx[i]] + (i + 1 < n && a[i + 1] > 0);
    }
#pragma acc parallel loop present(a[0:n]) copyout(b[0:n])
    for (int i = 0; i < n; i++)
        b[i] = a[i + 1];
#pragma acc enter data copyin(a[0:n + 1])
#pragma acc parallel loop copyin(a[0:n]) copyout(b[0:n])
    for (int i = 0; i < n; i++)
        b[i] = a[i + 1];
#pragma acc parallel loop copyin(a[0:m]) copyout(b[0:n])
    for (int i = 0; i < n; i++)
        b[i] = a[i];
}
