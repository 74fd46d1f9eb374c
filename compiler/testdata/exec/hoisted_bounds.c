// exec-bytes: h2d=2580 d2h=2308
/* Loop bounds taken from host tables and struct members, as NVIDIA's
   multi-GPU examples write them (iy < iy_end[dn]): the host evaluates them
   at the launch and the tables are not mapped. Where the device may hold a
   copy of its own (a data clause names the table, the construct writes it,
   the function lets its address go), the kernel reads the device's. */
#include <stdio.h>

#define N 64

struct range {
    int lo, hi;
};

static float a[N], b[N];
static float g[16][16];

/* a struct passed by value bounds the loop */
static void scale(struct range r, float f)
{
#pragma acc parallel loop copy(a[0:N])
    for (int i = r.lo; i < r.hi; i++)
        a[i] = a[i] * f;
}

static int sum_of(const int *t, int n)
{
    int s = 0;
    for (int i = 0; i < n; i++)
        s += t[i];
    return s;
}

int main(void)
{
    int start[2], end[2];
    for (int i = 0; i < N; i++)
        a[i] = b[i] = (float)(i % 8);
    start[0] = 1, end[0] = N / 2;
    start[1] = N / 2, end[1] = N - 1;

    /* two domains, their bounds from the tables, on an async queue */
#pragma acc data copy(a[0:N]) copyin(b[0:N])
    for (int it = 0; it < 3; it++) {
        for (int d = 0; d < 2; d++) {
#pragma acc kernels async
            for (int i = start[d]; i < end[d]; i++)
                a[i] = a[i] + b[i - 1] + b[i + 1];
        }
#pragma acc wait
    }
    /* a nest the compiler collapses, its rows from the tables */
    int top[2] = {1, 8}, bottom[2] = {8, 15};
#pragma acc data copy(g)
    for (int d = 0; d < 2; d++) {
#pragma acc kernels async
        for (int i = top[d]; i < bottom[d]; i++)
            for (int j = 1; j < 15; j++)
                g[i][j] = i * 16 + j;
#pragma acc wait
    }
    float s1 = 0;
    for (int i = 0; i < N; i++)
        s1 += a[i];
    for (int i = 0; i < 16; i++)
        for (int j = 0; j < 16; j++)
            s1 += g[i][j];
    printf("domains: %.1f\n", s1);

    /* a table a data clause names, which the device changes: the loop's
       bound is the device's value */
    int lim[2] = {0, 0};
    float out[N];
    for (int i = 0; i < N; i++)
        out[i] = 0;
#pragma acc data copyin(lim) copy(out)
    {
#pragma acc serial
        lim[0] = 10;
#pragma acc parallel loop
        for (int i = 0; i < lim[0]; i++)
            out[i] = 1;
    }
    float s2 = 0;
    for (int i = 0; i < N; i++)
        s2 += out[i];
    printf("device's bound: %.1f\n", s2);

    /* a table the construct writes before its loop */
    int hi[1] = {N};
#pragma acc kernels copy(out)
    {
        hi[0] = 20;
        for (int i = 0; i < hi[0]; i++)
            out[i] = out[i] + 2;
    }
    /* a table whose address a call takes */
    int cut[2] = {5, 9};
    int c = sum_of(cut, 2);
#pragma acc parallel loop copy(out)
    for (int i = cut[0]; i < cut[1]; i++)
        out[i] = out[i] + c;
    float s3 = 0;
    for (int i = 0; i < N; i++)
        s3 += out[i];
    printf("written and escaping tables: %.1f\n", s3);

    struct range r = {8, 24};
    scale(r, 0.5f);
    float s4 = 0;
    for (int i = 0; i < N; i++)
        s4 += a[i];
    printf("struct bounds: %.1f\n", s4);

    if (s2 != 10 || s3 != 106) {
        printf("FAIL\n");
        return 1;
    }
    printf("OK\n");
    return 0;
}
