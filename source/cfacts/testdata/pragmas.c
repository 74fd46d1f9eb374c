#define LOOP _Pragma("acc loop")

void saxpy(int n, float a, const float *restrict x, float *restrict y)
{
#pragma acc data copyin(x[0:n]) \
                 copy(y[0:n])
    {
#pragma acc parallel loop \
        gang vector
        for (int i = 0; i < n; i++)
            y[i] = a * x[i] + y[i];
        _Pragma("acc parallel loop") for (int i = 0; i < n; i++) y[i] *= 2;
    }
#pragma acc wait
    int done = 1;
    (void)done;
#pragma omp parallel for
    for (int i = 0; i < n; i++)
        y[i] = 0;
}
