/* Loop levels: loop-level-order, level-arg-invalid, reduction-num-gangs-conflict, reduction-op-mismatch. */

/* The usual gang / worker / vector nest. Valid. */
void stencil(const float *restrict in, float *restrict out, int n, int m, int l)
{
#pragma acc parallel num_gangs(64) num_workers(4) vector_length(128) copyin(in[0:n*m*l]) copyout(out[0:n*m*l])
    {
#pragma acc loop gang
        for (int i = 0; i < n; i++) {
#pragma acc loop worker
            for (int j = 0; j < m; j++) {
#pragma acc loop vector
                for (int k = 0; k < l; k++)
                    out[(i * m + j) * l + k] = 2.0f * in[(i * m + j) * l + k];
            }
        }
    }
    /* One loop may carry all three levels; a seq loop may sit above a gang loop. */
#pragma acc parallel copyin(in[0:n*m]) copyout(out[0:n*m])
    {
#pragma acc loop seq
        for (int j = 0; j < m; j++) {
#pragma acc loop gang worker vector
            for (int i = 0; i < n; i++)
                out[j * n + i] = in[j * n + i];
        }
    }
    /* Gang dimensions: an inner gang loop of a smaller dim. */
#pragma acc parallel num_gangs(8, 8) copyin(in[0:n*m]) copyout(out[0:n*m])
    {
#pragma acc loop gang(dim:2)
        for (int i = 0; i < n; i++) {
#pragma acc loop gang(dim:1)
            for (int j = 0; j < m; j++)
                out[i * m + j] = in[i * m + j];
        }
    }
    /* A nested compute construct starts afresh (but is reported on its own). */
}

void bad_order(float *restrict a, int n)
{
#pragma acc parallel loop vector copy(a[0:n*n])
    for (int i = 0; i < n; i++) {
#pragma acc loop gang // want "'gang' loop inside a 'vector' loop.*\[loop-level-order\]"
        for (int j = 0; j < n; j++)
            a[i * n + j] += 1.0f;
    }
#pragma acc parallel copy(a[0:n*n])
    {
#pragma acc loop worker
        for (int i = 0; i < n; i++) {
#pragma acc loop worker // want "'worker' loop inside another 'worker' loop"
            for (int j = 0; j < n; j++)
                a[i * n + j] += 1.0f;
        }
    }
#pragma acc kernels copy(a[0:n*n])
    {
#pragma acc loop gang
        for (int i = 0; i < n; i++) {
#pragma acc loop seq
            for (int j = 0; j < n; j++) {
#pragma acc loop gang vector // want "'gang' loop inside another 'gang' loop; an inner loop cannot use the same parallelism"
                for (int k = 0; k < n; k++)
                    a[j * n + k] += 1.0f;
            }
        }
    }
#pragma acc parallel loop gang copy(a[0:n*n])
    for (int i = 0; i < n; i++) {
#pragma acc loop gang // want "'gang' loop inside another 'gang' loop; an inner gang loop needs a smaller 'dim:'"
        for (int j = 0; j < n; j++)
            a[i * n + j] += 1.0f;
    }
}

/* The grids of PGI's compilers: levels repeated on tightly nested loops of a
   kernels construct. The fix partitions the nest with collapse; not where
   code comes between the loops or the bounds are not rectangular. */
void pgi_grids(float *restrict a, const float *restrict b, int n, int m, int l)
{
#pragma acc kernels copyin(b[0:n*m*l]) copy(a[0:n*m*l])
    {
#pragma acc loop independent gang(64) vector(4) private(m)
        for (int j = 0; j < n; j++) {
#pragma acc loop independent vector(32) // want "'vector' loop inside another 'vector' loop"
            for (int i = 0; i < m; i++)
                a[j * m + i] = 2.0f * b[j * m + i];
        }
#pragma acc loop independent vector(2)
        for (int k = 1; k < l - 1; k++)
#pragma acc loop independent gang(1) vector(128) // want "'gang' loop inside a 'vector' loop" "'vector' loop inside another 'vector' loop"
            for (int j = 1; j < m - 1; j++)
#pragma acc loop independent gang(126) // want "'gang' loop inside another 'gang' loop"
                for (int i = 1; i < n - 1; i++)
                    a[(k * m + j) * n + i] += b[(k * m + j) * n + i - 1];
#pragma acc loop gang
        for (int i = 0; i < n; i++) {
            a[i] = 0.0f;
#pragma acc loop gang vector // want "'gang' loop inside another 'gang' loop"
            for (int j = 0; j < m; j++)
                a[i * m + j] += b[j];
        }
#pragma acc loop gang
        for (int i = 0; i < n; i++)
#pragma acc loop gang vector // want "'gang' loop inside another 'gang' loop"
            for (int j = i; j < m; j++)
                a[i * m + j] += b[j];
    }
}

void level_args(float *restrict a, int n)
{
    /* Inside kernels without num_gangs/num_workers/vector_length: all fine. */
#pragma acc kernels copy(a[0:n])
    {
#pragma acc loop gang(32) worker(4) vector(64)
        for (int i = 0; i < n; i++)
            a[i] += 1.0f;
    }
#pragma acc kernels loop gang(num:32) copy(a[0:n])
    for (int i = 0; i < n; i++)
        a[i] += 1.0f;
#pragma acc parallel copy(a[0:n])
    {
#pragma acc loop gang(num:8) // want "the number of gangs may be given on 'gang' only inside a 'kernels' construct.*\[level-arg-invalid\]"
        for (int i = 0; i < n; i++)
            a[i] += 1.0f;
#pragma acc loop worker(4) // want "the number of workers may be given on 'worker' only inside a 'kernels' construct"
        for (int i = 0; i < n; i++)
            a[i] += 1.0f;
#pragma acc loop vector(32) // want "a vector length on 'vector' inside a 'parallel' construct is rejected by gcc"
        for (int i = 0; i < n; i++)
            a[i] += 1.0f;
#pragma acc loop gang(static:4)
        for (int i = 0; i < n; i++)
            a[i] += 1.0f; // want "\[unsynchronized-gang-loops\]"
    }
#pragma acc kernels num_gangs(16) vector_length(64) copy(a[0:n])
    {
#pragma acc loop gang(8) vector(32) // want "'gang' when the enclosing 'kernels' has 'num_gangs'" "'vector' when the enclosing 'kernels' has 'vector_length'"
        for (int i = 0; i < n; i++)
            a[i] += 1.0f;
#pragma acc loop gang(dim:1) // want "gang 'dim:' is not allowed on a loop in a 'kernels' construct"
        for (int i = 0; i < n; i++)
            a[i] += 1.0f;
    }
#pragma acc serial loop vector(8) copy(a[0:n]) // want "a vector length on 'vector' is not allowed on a loop in a 'serial' construct"
    for (int i = 0; i < n; i++)
        a[i] += 1.0f;
}

float reductions(const float *restrict a, int n)
{
    float s = 0.0f, t = 0.0f;
#pragma acc parallel loop gang reduction(+:s) copyin(a[0:n*n])
    for (int i = 0; i < n; i++) {
#pragma acc loop vector reduction(+:s)
        for (int j = 0; j < n; j++)
            s += a[i * n + j];
    }
#pragma acc parallel loop gang reduction(+:t) copyin(a[0:n*n])
    for (int i = 0; i < n; i++) {
#pragma acc loop vector reduction(max:t) // want "reduction of 't' with 'max' inside a reduction of it with '\+'.*\[reduction-op-mismatch\]"
        for (int j = 0; j < n; j++)
            t = a[i * n + j] > t ? a[i * n + j] : t;
    }
#pragma acc parallel num_gangs(4, 4) copyin(a[0:n]) copy(s)
    {
#pragma acc loop gang reduction(+:s) // want "'reduction' may not appear on a 'gang' loop inside a 'parallel' construct whose 'num_gangs' has more than one argument.*\[reduction-num-gangs-conflict\]"
        for (int i = 0; i < n; i++)
            s += a[i];
    }
#pragma acc parallel copyin(a[0:n]) copy(s)
    {
#pragma acc loop gang(dim:2) reduction(+:s) // want "'reduction' may not appear on a loop with 'gang\(dim:2\)'"
        for (int i = 0; i < n; i++)
            s += a[i];
    }
    return s + t;
}
