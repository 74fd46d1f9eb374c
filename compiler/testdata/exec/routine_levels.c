/* routines at each level: a vector routine called from gang loops (its
 * `loop vector` shares the row among the lanes; its other code runs
 * vector-redundantly and its atomic counts once per call), a worker routine
 * with `loop worker` + `loop vector` called from a gang loop, a gang routine
 * called from a parallel region, seq routines called from vector loops
 * and from a vector routine, and loop reductions in routines (a vector dot
 * product, a worker-vector max) called from gang loops and a serial region. */
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

#pragma acc routine vector
static double rowdot(const double *x, const double *y, int n)
{
	double s = 0;
#pragma acc loop vector reduction(+:s)
	for (int j = 0; j < n; j++)
		s += x[j] * y[j];
	return s;
}

#pragma acc routine worker
static int rowmax(const int *v, int n)
{
	int mx = -1;
#pragma acc loop worker vector reduction(max:mx)
	for (int j = 0; j < n; j++)
		mx = v[j] > mx ? v[j] : mx;
	return mx;
}

static float m[R][C], m2[R][C], blocks[6][4 * 50];
static double dx[R][C], dy[R][C], dots[R], dot1;
static int iv[R][C], maxes[R];
static int sq[1000], odd[R * C];

int main(void)
{
	int calls = 0, calls2 = 0;
	for (int i = 0; i < R; i++)
		for (int j = 0; j < C; j++)
			m[i][j] = m2[i][j] = (float)(i + j);
	for (int i = 0; i < 1000; i++)
		sq[i] = i - 500;
	for (int i = 0; i < R; i++)
		for (int j = 0; j < C; j++) {
			dx[i][j] = (double)(j % 5);
			dy[i][j] = (double)(i % 3);
			iv[i][j] = (i * 31 + j * 17) % 1000;
		}
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
	/* routines with loop reductions: from gang loops and from a serial region */
#pragma acc parallel loop gang vector_length(32) copyin(dx, dy) copyout(dots)
	for (int i = 0; i < R; i++)
		dots[i] = rowdot(dx[i], dy[i], C);
#pragma acc parallel loop gang num_workers(4) vector_length(8) copyin(iv) copyout(maxes)
	for (int i = 0; i < R; i++)
		maxes[i] = rowmax(iv[i], C);
#pragma acc serial copyin(dx, dy) copy(dot1)
	{
		dot1 = rowdot(dx[1], dy[1], C);
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
	for (int i = 0; i < R; i++) {
		double want = 0;
		int wmax = -1;
		for (int j = 0; j < C; j++) {
			want += dx[i][j] * dy[i][j];
			wmax = iv[i][j] > wmax ? iv[i][j] : wmax;
		}
		if (dots[i] != want || maxes[i] != wmax || (i == 1 && dot1 != want)) {
			printf("FAIL row %d: dot %g max %d (want %g %d), dot1 %g\n", i, dots[i], maxes[i], want, wmax, dot1);
			return 1;
		}
	}
	if (calls != R || calls2 != R) {
		printf("FAIL calls = %d, %d (want %d)\n", calls, calls2, R);
		return 1;
	}
	printf("m[36][299] = %g, m2[1][2] = %g, calls = %d %d\n", m[36][299], m2[1][2], calls, calls2);
	printf("blocks[5][199] = %g, sq[0] = %d, odd[%d] = %d\n", blocks[5][199], sq[0], R * C - 1, odd[R * C - 1]);
	printf("dots[2] = %g, maxes[7] = %d, dot1 = %g\n", dots[2], maxes[7], dot1);
	printf("OK\n");
	return 0;
}
