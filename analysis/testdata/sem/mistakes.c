/* Constructs that do not do what they look like: data-without-compute (a
   data construct whose region cannot use the device), reduction-unused. */
#include <stdio.h>

double f(double x) { return x * x; }
void on_device(float *a, int n);
void scale(float *a, int n)
{
#pragma acc parallel loop present(a[0:n])
    for (int i = 0; i < n; i++)
        a[i] *= 2.0f;
}
void calls_scale(float *a, int n) { scale(a, n); }

double braces_missing(float *a, int n)
{
    double s = 0.0;
#pragma acc data copyin(a[0:n]) // want "governs only the statement after it, which has no compute construct.*put braces around.*\[data-without-compute\]"
    s = f(1.0);
#pragma acc parallel loop reduction(+:s)
    for (int i = 0; i < n; i++)
        s += a[i]; // want "'a' is a pointer: implicitly firstprivate in 'parallel loop'.*\[implicit-firstprivate-pointer\]"
#pragma acc data copy(s) // want "governs only the statement after it"
    printf("%f\n", s);
#pragma acc data copyin(a[0:n]) // want "governs a block with no compute construct, no OpenACC directive"
    {
    }
    return s;
}

/* Valid: the region holds a compute construct, a directive, or calls that may use the data. */
void uses(float *a, int n)
{
#pragma acc data copy(a[0:n])
    {
        printf("start\n");
#pragma acc parallel loop
        for (int i = 0; i < n; i++)
            a[i] += 1.0f;
    }
#pragma acc data copy(a[0:n])
    {
#pragma acc update self(a[0:1])
        printf("%f\n", a[0]);
    }
#pragma acc data copy(a[0:n])
    scale(a, n);
#pragma acc data copy(a[0:n])
    calls_scale(a, n);
#pragma acc data copy(a[0:n])
    on_device(a, n);
#pragma acc data copy(a[0:n])
    printf("%p\n", acc_deviceptr(a));
}

/* reduction-unused: the reduction names a variable the loop does not use. */
int knapsack(const int *w, int n)
{
    int best = 0, sum = 0, cnt = 0;
#pragma acc parallel loop reduction(max:best) copyin(w[0:n]) // want "'best' is not used in the code of this 'parallel loop'.*\[reduction-unused\]"
    for (int k = 0; k < n; k++)
        sum = sum + w[k]; // want "implicitly firstprivate"
#pragma acc parallel loop reduction(+:cnt, best) copyin(w[0:n]) // want "'best' is not used"
    for (int k = 0; k < n; k++)
        cnt += w[k] > 0;
    return best + sum + cnt;
}

