/* loop-carried-dependence: simple dependences in loops whose iterations run in parallel (§7, §2.9.6). */

void carried(float *restrict a, float *restrict b, float c[64][64], int n)
{
#pragma acc parallel loop copy(a[0:n])
    for (int i = 1; i < n; i++)
        a[i] = a[i - 1] + 1.0f; // want "loop-carried dependence on 'a': 'a\[i - 1\]' reads the element that iteration i-1 writes as 'a\[i\]', but this 'parallel loop' runs its iterations in parallel; add 'seq' or restructure the loop \[loop-carried-dependence\]"
#pragma acc parallel loop copy(a[0:n])
    for (int i = 0; i < n - 1; i++)
        a[i + 1] = 2.0f * a[i]; // want "'a\[i\]' reads the element that iteration i-1 writes as 'a\[i \+ 1\]'"
#pragma acc kernels loop independent copy(a[0:n])
    for (int i = 0; i < n - 1; i++)
        a[i] = a[i + 1]; // want "'a\[i \+ 1\]' reads the element that iteration i\+1 writes as 'a\[i\]', but this 'kernels loop'"
#pragma acc parallel copy(c[0:64][0:64])
    {
#pragma acc loop gang
        for (int i = 1; i < 64; i++)
#pragma acc loop seq
            for (int j = 0; j < 64; j++)
                c[i][j] = c[i - 1][j] * 0.5f; // want "'c\[i - 1\]\[j\]' reads the element that iteration i-1 writes as 'c\[i\]\[j\]', but this 'loop'"
    }
}

/* Valid: seq, kernels without independent, serial, no offset, other arrays, a step of 2,
   the sequential inner loop, indirect indices. */
void independent(float *restrict a, float *restrict b, float c[64][64], int *restrict idx, int n)
{
#pragma acc parallel loop seq copy(a[0:n])
    for (int i = 1; i < n; i++)
        a[i] = a[i - 1] + 1.0f;
#pragma acc kernels loop copy(a[0:n])
    for (int i = 1; i < n; i++)
        a[i] = a[i - 1] + 1.0f;
#pragma acc serial loop copy(a[0:n])
    for (int i = 1; i < n; i++)
        a[i] = a[i - 1] + 1.0f;
#pragma acc parallel loop copy(a[0:n]) copyin(b[0:n])
    for (int i = 1; i < n; i++)
        a[i] = a[i] + b[i - 1];
#pragma acc parallel loop copy(a[0:n])
    for (int i = 0; i < n - 1; i += 2)
        a[i] = a[i + 1];
#pragma acc parallel loop copy(c[0:64][0:64])
    for (int i = 0; i < 64; i++)
        for (int j = 1; j < 64; j++)
            c[i][j] = c[i][j - 1];
#pragma acc parallel loop copy(a[0:n]) copyin(idx[0:n])
    for (int i = 0; i < n; i++)
        a[idx[i]] = a[i];
}
