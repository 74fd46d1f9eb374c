/* unsynchronized-gang-loops: gang loops of one parallel construct that use
   elements another gang may handle (OpenACC 3.3 §1.2: no synchronization
   between gangs). */

void neighbours(float *restrict a, float *restrict b, int n)
{
#pragma acc parallel copy(a[0:n], b[0:n])
    {
#pragma acc loop gang
        for (int i = 0; i < n; i++)
            a[i] = i;
#pragma acc loop gang
        for (int i = 0; i < n; i++)
            b[i] = a[i + 1] - a[i]; // want "'a\[i \+ 1\]' reads 'a', which the gang loop at line 9 writes as 'a\[i\]': 'a\[i \+ 1\]' is an element that another iteration of the first loop handles, maybe on another gang\. Gangs do not wait for each other between the loops of a 'parallel' construct \(OpenACC 3\.3 §1\.2\); split the loops into separate compute constructs \[unsynchronized-gang-loops\]" "'a\[i \+ 1\]' reaches a\[n\], outside what the data clause maps \(a\[0:n\]\).*\[access-outside-section\]"
    }
}

void divisions(int *restrict cnt, float *restrict a, float *restrict b, int n, int chunk)
{
#pragma acc parallel num_gangs(3) copy(cnt[0:n])
    {
#pragma acc loop gang(static:chunk)
        for (int i = 0; i < n; i++)
            cnt[i] += 400;
#pragma acc loop gang(static:chunk * 2)
        for (int i = 0; i < n; i++)
            cnt[i] += 600; // want "'cnt\[i\]' reads 'cnt', which the gang loop at line 22 writes as 'cnt\[i\]': the two loops divide their iterations among the gangs differently"
    }
#pragma acc parallel copy(a[0:n], b[0:n])
    {
#pragma acc loop gang
        for (int i = 0; i < n; i++)
            a[i] = i;
#pragma acc loop gang vector
        for (int i = 0; i < n; i++)
            b[i] = a[i]; // want "which the gang loop at line 31 writes as 'a\[i\]': the two loops divide"
#pragma acc loop gang
        for (int i = 1; i < n; i++)
            a[i] = 0; // want "'a\[i\]' writes 'a', which the gang loop at line 31 writes as 'a\[i\]'"
    }
}

void rounds(float *restrict a, float *restrict b, int n)
{
#pragma acc parallel copy(a[0:n], b[0:n])
    for (int t = 0; t < 10; t++) {
#pragma acc loop gang
        for (int i = 1; i < n - 1; i++)
            b[i] = a[i - 1] + a[i + 1]; // want "'a\[i - 1\]' reads 'a', which the gang loop at line 50 writes as 'a\[i\]' in the next round of the loop at line 46" "'a\[i \+ 1\]' reads 'a'"
#pragma acc loop gang
        for (int i = 1; i < n - 1; i++)
            a[i] = b[i]; // want "'a\[i\]' writes 'a', which the gang loop at line 47 reads as 'a\[i - 1\]'"
    }
}

/* Valid: the same division and subscripts (each gang meets its own
   elements), renamed loop variables, atomics on both sides, private data,
   indirect subscripts, a kernels construct, a serial one, separate
   constructs, and loops nested in one gang loop (workers and lanes of a
   gang synchronize). */
void valid(float *restrict a, float *restrict b, int *restrict idx, int *restrict cnt, int n)
{
    float t[64];
#pragma acc parallel copy(a[0:n], b[0:n], cnt[0:n]) copyin(idx[0:n]) private(t)
    {
#pragma acc loop gang
        for (int i = 0; i < n; i++)
            a[i] = i;
#pragma acc loop gang
        for (int k = 0; k < n; k++)
            b[k] = a[k] * 2;
#pragma acc loop gang(static:4)
        for (int i = 0; i < n; i++) {
#pragma acc atomic update
            cnt[i] += 1;
        }
#pragma acc loop gang(static:8)
        for (int i = 0; i < n; i++) {
#pragma acc atomic update
            cnt[i] += 2;
        }
#pragma acc loop gang
        for (int i = 0; i < 64; i++)
            t[i] = i;
#pragma acc loop gang vector
        for (int i = 0; i < 64; i++)
            t[63 - i] += 1;
#pragma acc loop gang
        for (int i = 0; i < n; i++)
            b[idx[i]] = a[idx[i]];
    }
#pragma acc kernels copy(a[0:n], b[0:n])
    {
        for (int i = 0; i < n; i++)
            a[i] = i;
        for (int i = 0; i < n - 1; i++)
            b[i] = a[i + 1];
    }
#pragma acc serial copy(a[0:n], b[0:n])
    {
#pragma acc loop gang
        for (int i = 0; i < n; i++)
            a[i] = i;
#pragma acc loop gang
        for (int i = 0; i < n - 1; i++)
            b[i] = a[i + 1];
    }
#pragma acc parallel loop gang copy(a[0:n])
    for (int i = 0; i < n; i++)
        a[i] = i;
#pragma acc parallel loop gang copyin(a[0:n]) copy(b[0:n])
    for (int i = 0; i < n - 1; i++)
        b[i] = a[i + 1];
#pragma acc parallel copy(a[0:n], b[0:n])
    {
#pragma acc loop gang
        for (int i = 0; i < n; i++) {
#pragma acc loop vector
            for (int j = 0; j < 4; j++)
                a[i] += j; // want "every iteration of this 'loop' updates 'a\\[i\\]', which does not change with 'j'.*\\[loop-invariant-update\\]"
#pragma acc loop vector
            for (int j = 0; j < 4; j++)
                b[i] = a[i] + j;
        }
    }
}

/* One gang loop repeated by a loop of the construct: the rounds of
   Floyd-Warshall, where every gang reads row k, which the gang of row k
   writes in the round before. */
#define IDX(i, j, n) ((i) * (n) + (j))
void floyd_warshall(int *restrict adj, int *restrict next, int n, int *restrict c, int *restrict s)
{
#pragma acc parallel copy(adj[0:n*n], next[0:n*n])
    for (int k = 0; k < n; k++) {
#pragma acc loop gang
        for (int i = 0; i < n; i++) {
#pragma acc loop vector
            for (int j = 0; j < n; j++)
                if (adj[IDX(i, j, n)] > adj[IDX(i, k, n)] + adj[IDX(k, j, n)]) { // want "'adj\[IDX\(k, j, n\)\]' reads 'adj', which the gang loop at line 136 writes as 'adj\[IDX\(i, j, n\)\]', in a round of the loop at line 135: every gang uses this element"
                    adj[IDX(i, j, n)] = adj[IDX(i, k, n)] + adj[IDX(k, j, n)];
                    next[IDX(i, j, n)] = k;
                }
        }
    }
    /* valid: each round reads what the same gang wrote in the round before */
#pragma acc parallel copy(c[0:n*n])
    for (int t = 1; t < n; t++) {
#pragma acc loop gang
        for (int i = 0; i < n; i++)
            c[t * n + i] = c[(t - 1) * n + i] + 1;
    }
    /* valid: a round's own data, not written by the gang loop */
#pragma acc parallel copy(c[0:n*n]) copyin(s[0:n])
    for (int t = 0; t < n; t++) {
        int r = s[t];
#pragma acc loop gang
        for (int i = 0; i < n; i++)
            c[i] += r;
    }
}
