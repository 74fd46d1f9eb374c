/* subarray-invalid against the declared extents (§4, §9). */

float a[100];
float m[10][20];

void ranges(float *p, int n)
{
#pragma acc parallel loop copyin(a[50:100]) copyout(p[0:n]) // want "sub-array \[50:100\] would be out of the range of 'a', which has 100 elements \[subarray-invalid\]"
    for (int i = 0; i < n; i++)
        p[i] = a[i]; // want "'a\[i\]' reaches a\[0\], outside what the data clause maps \(a\[50:100\]\).*\[access-outside-section\]"
#pragma acc parallel loop copyin(a[100:1]) copyout(p[0:n]) // want "sub-array lower bound 100 is out of range of 'a', which has 100 elements \[subarray-invalid\]"
    for (int i = 0; i < n; i++)
        p[i] = a[i]; // want "'a\[i\]' reaches a\[0\], outside what the data clause maps \(a\[100:1\]\).*\[access-outside-section\]"
#pragma acc parallel loop copyin(a[0:101]) copyout(p[0:n]) // want "sub-array length 101 exceeds the 100 elements of 'a'"
    for (int i = 0; i < n; i++)
        p[i] = a[i];
#pragma acc parallel loop copyin(m[0:10][5:16]) copyout(p[0:n]) // want "sub-array \[5:16\] would be out of the range of 'm', which has 20 elements"
    for (int i = 0; i < n; i++)
        p[i] = m[i % 10][i % 20];
#pragma acc parallel loop copyin(a[0:n]) copyout(p[2:]) // want "sub-array of pointer 'p' needs an explicit length"
    for (int i = 0; i < n; i++)
        p[i + 2] = a[i];
#pragma acc update self(p[:]) // want "sub-array of pointer 'p' needs an explicit length"
}

/* Valid: in range, lengths inferred from known arrays, non-constant bounds. */
void in_range(float *p, int n, int lo)
{
#pragma acc parallel loop copyin(a[0:100], m[0:10][0:20]) copyout(p[0:n])
    for (int i = 0; i < n; i++)
        p[i] = a[i % 100] + m[i % 10][0];
#pragma acc parallel loop copyin(a[10:]) copyout(p[0:n])
    for (int i = 0; i < n; i++)
        p[i] = a[i % 90 + 10];
#pragma acc parallel loop copyin(a[lo:n]) copyout(p[0:n])
    for (int i = 0; i < n; i++)
        p[i] = a[lo + i];
#pragma acc update device(a[99:1], m[9][0:20])
}

/* declare takes whole variables. */
void declared(int n, double *p, double q[8])
{
#pragma acc declare copyin(p[0:n]) create(q[2]) // want "'declare' takes whole variables and arrays, not sub-arrays, elements or members \('p\[0:n\]'\)" "'declare' takes whole variables.*\('q\[2\]'\)"
    p[0] = q[0];
}

/* The extents written as indexes: the element after the last, where the
   whole array was meant. */
void extents(int n, int v[n][n], float *p)
{
#pragma acc parallel loop present(v[n][n]) copyin(a[100]) copyout(p[0:n]) // want "'v\[n\]\[n\]' names one element, after the last of 'v' \(index n of a dimension of n elements\); to map the whole array write v\[0:n\]\[0:n\]" "'a\[100\]' names one element, after the last of 'a'"
    for (int i = 0; i < n; i++)
        p[i] = v[i][i] + a[i % 100];
}
