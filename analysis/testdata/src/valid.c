/* A valid program exercising most directives: no diagnostics expected. */
#include <stdlib.h>
#include <math.h>

#define N 1024
float g[N];
#pragma acc declare create(g)

#pragma acc routine seq
static float sq(float x) { return x * x; }

#pragma acc routine vector
void scale(float *restrict v, int n, float f)
{
#pragma acc loop vector
    for (int i = 0; i < n; i++) v[i] *= f;
}

float dot(const float *restrict x, const float *restrict y, int n)
{
    float sum = 0.0f;
#pragma acc parallel loop gang vector_length(128) reduction(+:sum) copyin(x[0:n], y[0:n])
    for (int i = 0; i < n; i++)
        sum += x[i] * y[i];
    return sum;
}

void jacobi(float *restrict A, float *restrict Anew, int n, int m, int iters)
{
    float err = 1.0f;
#pragma acc data copy(A[0:n*m]) create(Anew[0:n*m]) default(present)
    {
        for (int it = 0; it < iters && err > 1e-6f; it++) {
            err = 0.0f;
#pragma acc parallel loop collapse(2) reduction(max:err) \
                          async(1) wait(0)
            for (int j = 1; j < n - 1; j++)
                for (int i = 1; i < m - 1; i++) {
                    Anew[j*m + i] = 0.25f * (A[j*m + i+1] + A[j*m + i-1]
                                           + A[(j-1)*m + i] + A[(j+1)*m + i]);
                    err = fmaxf(err, fabsf(Anew[j*m + i] - A[j*m + i]));
                }
#pragma acc parallel loop collapse(2) async(1)
            for (int j = 1; j < n - 1; j++)
                for (int i = 1; i < m - 1; i++)
                    A[j*m + i] = Anew[j*m + i];
#pragma acc wait(1)
        }
#pragma acc update self(A[0:n*m]) if(iters > 0)
    }
}

void misc(float *a, int n)
{
    float *d = (float *)malloc(sizeof(float) * n);
    int counter = 0, v;
#pragma acc enter data copyin(a[0:n]) create(d[0:n]) async
#pragma acc wait
#pragma acc kernels loop independent present(a[0:n], d[0:n])
    for (int i = 0; i < n; i++) d[i] = sq(a[i]);
#pragma acc serial present(a[0:n]) self
    { a[0] = 1.0f; }
#pragma acc parallel num_gangs(4) num_workers(4) vector_length(32) present(a[0:n], d[0:n]) copy(counter) private(v)
    {
#pragma acc loop gang worker
        for (int i = 0; i < n; i++) {
#pragma acc atomic update
            counter++;
        }
#pragma acc loop seq
        for (int i = 0; i < n; i++) {
#pragma acc atomic capture
            v = counter++;
        }
    }
#pragma acc host_data use_device(d) if_present
    {
        (void)d;
    }
#pragma acc update device(a[0:n]) async(2) wait(1, 2)
#pragma acc exit data copyout(d[0:n]) delete(a[0:n]) finalize
#pragma acc set device_type(host)
    _Pragma("acc update self(g[0:N])")
#pragma acc parallel loop gang(static:*) worker vector /* comment */ , private(v) \
    device_type(nvidia) vector_length(256) device_type(*) vector_length(128)
    for (int i = 0; i < n; i++) { v = i; a[i] = v; }
    free(d);
}
