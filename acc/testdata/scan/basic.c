/* Directives of each association, at file scope and nested. */
#pragma acc routine seq
float sq(float x) { return x * x; }

#pragma acc declare create(table)
float table[100];

void saxpy(int n, float a, const float *x, float *y)
{
#pragma acc data copyin(x[0:n]) copy(y[0:n])
    {
#pragma acc parallel loop
        for (int i = 0; i < n; i++)
            y[i] = a * x[i] + y[i];
    }
#pragma acc enter data create(y[0:n])
#pragma acc exit data delete(y[0:n]) finalize
#pragma acc update self(y[0:n]) if_present
#pragma acc wait
#pragma acc serial loop seq
    for (int i = 0; i < n; i++) { if (i) { } }
#pragma acc kernels loop independent
    for (int i = 0; i < n; i++) ;
#pragma acc host_data use_device(y)
    { }
#pragma acc atomic update
    y[0] += 1;
}
