/* Arrays used without a data clause while an enter data put only a section
   of them on the device: the domain decomposition of NVIDIA's multi-GPU
   Jacobi, where each device holds its rows (with halos) and the compute
   constructs name no clause. OpenACC makes such an array partly present
   (a runtime error); NVIDIA's compiler, and accls, use the mapping that
   holds what the loops reach. */
#include <stdio.h>

#define N 64
#define M 16

float grid[N][M], next[N][M];
int v[N];
int first[2], last[2]; /* each domain's rows */

/* Domain d's rows of a 2-D stencil, with halo rows first[d] - 1 and
   last[d] (the bounds come from tables, as in the multi-GPU Jacobi). */
static void sweep(int d)
{
#pragma acc parallel loop
    for (int i = first[d]; i < last[d]; i++)
        for (int j = 1; j < M - 1; j++)
            next[i][j] = (grid[i - 1][j] + grid[i + 1][j] + grid[i][j - 1] + grid[i][j + 1]) / 4;
#pragma acc parallel loop
    for (int i = first[d]; i < last[d]; i++)
        for (int j = 1; j < M - 1; j++)
            grid[i][j] = next[i][j];
}

int main(void)
{
    float ref[N][M];
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++)
            ref[i][j] = grid[i][j] = next[i][j] = (float)((i * 7 + j * 3) % 16);
    /* the host's computation */
    for (int s = 0; s < 2; s++) {
        float t[N][M];
        for (int i = 1; i < N - 1; i++)
            for (int j = 1; j < M - 1; j++)
                t[i][j] = (ref[i - 1][j] + ref[i + 1][j] + ref[i][j - 1] + ref[i][j + 1]) / 4;
        for (int i = 1; i < N - 1; i++)
            for (int j = 1; j < M - 1; j++)
                ref[i][j] = t[i][j];
    }
    /* one step: the first half of the rows on the host, into next; the
       second half, with its halo rows, on the device */
    int lo = N / 2, hi = N - 1;
    first[0] = lo, last[0] = hi;
    first[1] = 1, last[1] = N - 1;
    for (int i = 1; i < lo; i++)
        for (int j = 1; j < M - 1; j++)
            next[i][j] = (grid[i - 1][j] + grid[i + 1][j] + grid[i][j - 1] + grid[i][j + 1]) / 4;
#pragma acc enter data copyin(grid[lo - 1:hi - lo + 2][0:M], next[lo:hi - lo][0:M])
    sweep(0);
#pragma acc exit data copyout(grid[lo:hi - lo][0:M]) delete(next[lo:hi - lo][0:M])
    for (int i = 1; i < lo; i++)
        for (int j = 1; j < M - 1; j++)
            grid[i][j] = next[i][j];
    /* the second step: the whole array on the device (nothing present) */
    sweep(1);
    int bad = 0;
    double sum = 0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++) {
            bad += grid[i][j] != ref[i][j];
            sum += grid[i][j];
        }
    printf("grid: %d wrong, sum %.4f\n", bad, sum);

    /* a 1-D array and a local one: a section present, the loop within it */
    int w[N];
    for (int i = 0; i < N; i++)
        v[i] = w[i] = i;
#pragma acc enter data copyin(v[8:16], w[8:16])
#pragma acc parallel loop
    for (int i = 8; i < 24; i++) {
        v[i] = v[i] * 3;
        w[i] = w[i] + v[i];
    }
#pragma acc exit data copyout(v[8:16], w[8:16])
    int vs = 0, ws = 0;
    for (int i = 0; i < N; i++) {
        vs += v[i];
        ws += w[i];
    }
    printf("v %d w %d\n", vs, ws);
    if (bad || vs != 2512 || ws != 2760) {
        printf("FAIL\n");
        return 1;
    }
    printf("OK\n");
    return 0;
}
