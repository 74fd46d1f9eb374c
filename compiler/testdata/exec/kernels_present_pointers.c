/* The shape of the OpenACC user group's Game of Life example: a function
 * takes pointers to data a caller's data region holds and names them in
 * present(grid, next) without bounds (accls, like NVIDIA's compiler, looks
 * up the data they point to); its kernels construct declares `int i, j;`
 * once and counts several loop nests with them (each kernel gets its own
 * counters). */
#include <stdio.h>
#include <stdlib.h>

#define DIM 62
#define W (DIM + 2)

static void step(int *grid, int *next)
{
#pragma acc kernels present(grid, next)
	{
		int i, j;
		/* ghost rows and columns: a torus */
#pragma acc loop independent
		for (i = 1; i <= DIM; i++) {
			grid[(DIM + 1) * W + i] = grid[W + i];
			grid[i] = grid[DIM * W + i];
		}
#pragma acc loop independent
		for (i = 0; i <= DIM + 1; i++) {
			grid[i * W + DIM + 1] = grid[i * W + 1];
			grid[i * W] = grid[i * W + DIM];
		}
#pragma acc loop independent
		for (i = 1; i <= DIM; i++)
#pragma acc loop independent
			for (j = 1; j <= DIM; j++) {
				int id = i * W + j;
				int n = grid[id + W] + grid[id - W] + grid[id + 1] + grid[id - 1] + grid[id + W + 1] +
					grid[id - W - 1] + grid[id - W + 1] + grid[id + W - 1];
				next[id] = n == 3 || (n == 2 && grid[id]);
			}
#pragma acc loop independent
		for (i = 1; i <= DIM; i++)
#pragma acc loop independent
			for (j = 1; j <= DIM; j++)
				grid[i * W + j] = next[i * W + j];
	}
}

int main(void)
{
	int *grid = calloc(W * W, sizeof *grid), *next = calloc(W * W, sizeof *next);
	srand(1985);
	for (int i = 1; i <= DIM; i++)
		for (int j = 1; j <= DIM; j++)
			grid[i * W + j] = rand() % 2;
#pragma acc data copy(grid[0:W * W]) create(next[0:W * W])
	{
		for (int it = 0; it < 40; it++)
			step(grid, next);
	}
	int alive = 0;
	long weighted = 0;
	for (int i = 1; i <= DIM; i++)
		for (int j = 1; j <= DIM; j++) {
			alive += grid[i * W + j];
			weighted += (long)grid[i * W + j] * (i * 7 + j);
		}
	printf("alive %d weighted %ld\n", alive, weighted);
	printf("OK\n");
	return 0;
}
