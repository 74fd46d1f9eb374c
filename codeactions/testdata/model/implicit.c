/* Make the implicit data clauses explicit. Ünïcödé: ∑ a[i]. */
#define N 1024

float grid[N];

struct point { float x, y; };

void implicit(float *a, float *b, int n, float scale)
{
    float sum = 0.0f;
    struct point p = {1, 2};
    /* aggregates copy, scalars firstprivate; an existing copy clause grows */
#pragma acc parallel loop‸ copy(b[0:n]) reduction(+:sum)
    for (int i = 0; i < n; i++) {
        b[i] = grid[i] * scale + p.x; // a comment
        sum += b[i];
    }

    /* kernels: scalars copy too; clauses go before device_type */
    #pragma acc kernels present(a[0:n]) device_type(nvidia) async(1) ‸
    {
        a[0] = grid[1] + scale;
    }

    /* under default(present), aggregates are present */
#pragma acc parallel default(present)‸ \
        num_gangs(4)
    {
        grid[0] = scale;
    }

    /* nothing implicit: no action */
#pragma acc serial copyin(a[0:n]) copyout(b[0:1]) ‸
    b[0] = a[0];
}
