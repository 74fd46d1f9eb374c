/* routines at each level: a vector routine called from gang loops (its
 * `loop vector` shares the row among the lanes; its other code runs
 * vector-redundantly and its atomic counts once per call), a worker routine
 * with `loop worker` + `loop vector` called from a gang loop, a gang routine
 * called from a parallel region, and seq routines called from vector loops
 * and from a vector routine. */
#include <stdio.h>

#define R 37
#define C 300

#pragma acc routine seq
static float twice(float x)
{
	return 2.0f * x;
}

#pragma acc routine vector
void scale_row(float *row, int n, float s, int *calls)
{
#pragma acc loop vector
	for (int j = 0; j < n; j++)
		row[j] = twice(row[j]) * s;
#pragma acc atomic update
	*calls += 1;
}

#pragma acc routine worker
void fill_block(float *blk, int rows, int cols, float base)
{
#pragma acc loop worker
	for (int r = 0; r < rows; r++) {
#pragma acc loop vector
		for (int c = 0; c < cols; c++)
			blk[r * cols + c] = base + (float)(r * cols + c);
	}
}

#pragma acc routine gang
void gang_square(int *v, int n)
{
#pragma acc loop gang vector
	for (int i = 0; i < n; i++)
		v[i] = v[i] * v[i];
}

static float m[R][C], m2[R][C], blocks[6][4 * 50];
static int sq[1000], odd[R * C];

int main(void)
{
	int calls = 0, calls2 = 0;
	for (int i = 0; i < R; i++)
		for (int j = 0; j < C; j++)
			m[i][j] = m2[i][j] = (float)(i + j);
	for (int i = 0; i < 1000; i++)
		sq[i] = i - 500;
	/* vector routine from a gang loop (no level: gang, the lanes are the routine's) */
#pragma acc parallel loop vector_length(32) copy(m, calls)
	for (int i = 0; i < R; i++)
		scale_row(&m[i][0], C, 0.5f, &calls);
	/* vector routine from an explicit gang loop in a parallel region, with workers */
#pragma acc parallel num_gangs(5) num_workers(2) vector_length(16) copy(m2, calls2)
	{
#pragma acc loop gang
		for (int i = 0; i < R; i++)
			scale_row(m2[i], C, 3.0f, &calls2);
	}
	/* worker routine from a gang loop */
#pragma acc parallel loop gang num_workers(4) vector_length(8) copyout(blocks)
	for (int b = 0; b < 6; b++)
		fill_block(&blocks[b][0], 4, 50, (float)(1000 * b));
	/* gang routine from gang-redundant code */
#pragma acc parallel num_gangs(7) vector_length(32) copy(sq)
	{
		gang_square(sq, 1000);
	}
	/* seq routine from a vector loop inside a gang loop */
#pragma acc parallel loop gang copyout(odd)
	for (int i = 0; i < R; i++) {
#pragma acc loop vector
		for (int j = 0; j < C; j++)
			odd[i * C + j] = (int)twice((float)(i * C + j)) + 1;
	}
	for (int i = 0; i < R; i++)
		for (int j = 0; j < C; j++) {
			if (m[i][j] != (float)(i + j) || m2[i][j] != 6.0f * (float)(i + j) || odd[i * C + j] != 2 * (i * C + j) + 1) {
				printf("FAIL m[%d][%d] = %g, m2 = %g, odd = %d\n", i, j, m[i][j], m2[i][j], odd[i * C + j]);
				return 1;
			}
		}
	for (int b = 0; b < 6; b++)
		for (int k = 0; k < 200; k++)
			if (blocks[b][k] != (float)(1000 * b + k)) {
				printf("FAIL blocks[%d][%d] = %g\n", b, k, blocks[b][k]);
				return 1;
			}
	for (int i = 0; i < 1000; i++)
		if (sq[i] != (i - 500) * (i - 500)) {
			printf("FAIL sq[%d] = %d\n", i, sq[i]);
			return 1;
		}
	if (calls != R || calls2 != R) {
		printf("FAIL calls = %d, %d (want %d)\n", calls, calls2, R);
		return 1;
	}
	printf("m[36][299] = %g, m2[1][2] = %g, calls = %d %d\n", m[36][299], m2[1][2], calls, calls2);
	printf("blocks[5][199] = %g, sq[0] = %d, odd[%d] = %d\n", blocks[5][199], sq[0], R * C - 1, odd[R * C - 1]);
	printf("OK\n");
	return 0;
}
