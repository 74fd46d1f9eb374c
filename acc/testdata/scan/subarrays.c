/* Sub-arrays of several dimensions. */
void f(float *a, float **m, int n, int k)
{
#pragma acc parallel copy(m[0:n][0:k]) copyin(a[:n]) copyout(a[2:]) create(a[:])
    { }
#pragma acc parallel copy(t[1][2:3][4]) present(a[b[i]:n]) copy(a[f(x, y):n])
    { }
#pragma acc parallel copy(a[c ? 1 : 2 : n]) copy(a[ lo : len ]) copy(a[i + 1])
    { }
#pragma acc parallel copy(a[0:n], m[0:n][0:k], x)
    { }
}
