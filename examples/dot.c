/*
 * saxpy and a dot product: y = a*x + y, then x . y with a sum reduction.
 * The enter/exit data directives keep x and y on the device across both kernels.
 */
#include <stdio.h>
#include <stdlib.h>

static void saxpy(int n, float a, const float *restrict x, float *restrict y)
{
#pragma acc parallel loop gang vector vector_length(128) present(x[0:n], y[0:n])
    for (int i = 0; i < n; i++)
        y[i] = a * x[i] + y[i];
}

static double dot(int n, const float *restrict x, const float *restrict y)
{
    double sum = 0.0;
#pragma acc parallel loop reduction(+:sum) present(x[0:n], y[0:n])
    for (int i = 0; i < n; i++)
        sum += (double)x[i] * y[i];
    return sum;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1 << 20;
    float *x = malloc(sizeof(float) * n);
    float *y = malloc(sizeof(float) * n);
    for (int i = 0; i < n; i++) {
        x[i] = (float)(i % 100) / 100.0f;
        y[i] = 1.0f;
    }

#pragma acc enter data copyin(x[0:n], y[0:n])
    saxpy(n, 2.0f, x, y);
    double d = dot(n, x, y);
#pragma acc exit data copyout(y[0:n]) delete(x[0:n])

    printf("n: %d\n", n);
    printf("y[1]: %.2f\n", y[1]);
    printf("dot: %.2f\n", d);
    free(x);
    free(y);
    return 0;
}
