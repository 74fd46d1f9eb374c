/* present(arr) on a pointer to pointers, without bounds, in functions
 * that a data region's create(u[0:R][0:C]) calls (the CSC OpenACC
 * course's Jacobi exercise): each construct finds the rows the region
 * mapped; two sweeps of a 4-point stencil swap the arrays and a max
 * reduction measures the change; update self brings the result back. */
// exec-bytes: h2d=0 d2h=3536
// exec-no-gcc-openacc: gcc 12 rejects sub-arrays of pointers to pointers ("array section is not contiguous"), which OpenACC 3.3 §2.7.1 allows
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define R 34
#define C 26

static float **malloc_2d(int nx, int ny)
{
	float **array = malloc(nx * sizeof(float *));
	array[0] = malloc(nx * ny * sizeof(float));
	for (int i = 1; i < nx; i++)
		array[i] = array[0] + i * ny;
	return array;
}

static void init(float **arr, int nx, int ny)
{
#pragma acc parallel loop present(arr)
	for (int i = 0; i < nx; i++)
		for (int j = 0; j < ny; j++)
			arr[i][j] = 0;
#pragma acc parallel loop present(arr)
	for (int i = 0; i < nx; i++)
		arr[i][ny - 1] = 8;
}

static float sweep(float **newarr, float **oldarr, int nx, int ny)
{
	float change = 0;
#pragma acc parallel loop present(newarr, oldarr) collapse(2) reduction(max:change)
	for (int i = 1; i < nx - 1; i++)
		for (int j = 1; j < ny - 1; j++) {
			newarr[i][j] = 0.25f * (oldarr[i - 1][j] + oldarr[i + 1][j] + oldarr[i][j - 1] + oldarr[i][j + 1]);
			change = fmaxf(change, fabsf(newarr[i][j] - oldarr[i][j]));
		}
	return change;
}

int main(void)
{
	float **u = malloc_2d(R, C), **v = malloc_2d(R, C);
	float c1, c2;
#pragma acc data create(u[0:R][0:C], v[0:R][0:C])
	{
		init(u, R, C);
		init(v, R, C);
		c1 = sweep(v, u, R, C);
		c2 = sweep(u, v, R, C);
#pragma acc update self(u[0:R][0:C])
	}
	/* the same on the host */
	float **hu = malloc_2d(R, C), **hv = malloc_2d(R, C);
	for (int i = 0; i < R; i++)
		for (int j = 0; j < C; j++)
			hu[i][j] = hv[i][j] = j == C - 1 ? 8 : 0;
	float h1 = 0, h2 = 0;
	for (int i = 1; i < R - 1; i++)
		for (int j = 1; j < C - 1; j++) {
			hv[i][j] = 0.25f * (hu[i - 1][j] + hu[i + 1][j] + hu[i][j - 1] + hu[i][j + 1]);
			h1 = fmaxf(h1, fabsf(hv[i][j] - hu[i][j]));
		}
	for (int i = 1; i < R - 1; i++)
		for (int j = 1; j < C - 1; j++) {
			hu[i][j] = 0.25f * (hv[i - 1][j] + hv[i + 1][j] + hv[i][j - 1] + hv[i][j + 1]);
			h2 = fmaxf(h2, fabsf(hu[i][j] - hv[i][j]));
		}
	int bad = c1 != h1 || c2 != h2;
	for (int i = 0; i < R; i++)
		for (int j = 0; j < C; j++)
			bad += u[i][j] != hu[i][j];
	printf("changes %g %g, u[5][C-2] = %g\n", c1, c2, u[5][C - 2]);
	if (bad) {
		printf("FAIL %d\n", bad);
		return 1;
	}
	printf("OK\n");
	return 0;
}
