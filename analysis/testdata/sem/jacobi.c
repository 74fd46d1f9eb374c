/* Jacobi iteration: a data region around the time loop, updates to the host
   every few steps, a max reduction. Realistic, valid code: no diagnostics. */

#pragma acc routine seq
static float fmaxf_(float a, float b)
{
    return a > b ? a : b;
}

float jacobi(float *restrict A, float *restrict Anew, int n, int m, int iters, int every)
{
    float err = 1.0f;
#pragma acc data copy(A[0:n*m]) create(Anew[0:n*m])
    {
        for (int it = 0; it < iters && err > 1e-6f; it++) {
            err = 0.0f;
#pragma acc parallel loop gang reduction(max:err) present(A[0:n*m], Anew[0:n*m])
            for (int j = 1; j < n - 1; j++) {
#pragma acc loop vector reduction(max:err)
                for (int i = 1; i < m - 1; i++) {
                    Anew[j * m + i] = 0.25f * (A[j * m + i + 1] + A[j * m + i - 1] +
                                               A[(j - 1) * m + i] + A[(j + 1) * m + i]);
                    err = fmaxf_(err, Anew[j * m + i] - A[j * m + i]);
                }
            }
#pragma acc parallel loop collapse(2) present(A[0:n*m], Anew[0:n*m])
            for (int j = 1; j < n - 1; j++)
                for (int i = 1; i < m - 1; i++)
                    A[j * m + i] = Anew[j * m + i];
            if (it % every == 0) {
#pragma acc update self(A[0:m])
            }
        }
    }
    return err;
}
