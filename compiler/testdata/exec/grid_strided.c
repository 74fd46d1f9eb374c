/* 2-D grid kernels whose subscripts step by rows along the innermost loop
 * (compiler/gridshape.go): they run on narrow groups (8 or 16 lanes along
 * the innermost loop, the rest along the next). syrk on a triangle, a
 * product with a transposed operand A^T B (both reads strided), a 3-D
 * nest that reads a column; sizes that are no multiple of any group. */
#include <stdio.h>

#define N 75
#define M 33
#define P 6

static float A[N][M], C[N][N], D[N][N], T[P][N][N];

int main(void)
{
	float Cr[N][N], Dr[N][N];
	for (int i = 0; i < N; i++)
		for (int k = 0; k < M; k++)
			A[i][k] = (float)((i * 7 + k * 3) % 11) - 5.0f;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			C[i][j] = Cr[i][j] = (float)((i + j) % 5);
#pragma acc parallel loop collapse(2) copyin(A) copy(C)
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			if (j <= i) {
				float s = 0.0f;
				for (int k = 0; k < M; k++)
					s += A[i][k] * A[j][k];
				C[i][j] = 0.5f * C[i][j] + s;
			}
#pragma acc parallel loop collapse(2) copyin(A) copyout(D)
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			float s = 0.0f;
			for (int k = 0; k < M; k++)
				s += A[j][k] * A[i][k] * (float)(k % 3);
			D[i][j] = s;
		}
#pragma acc parallel loop collapse(3) copyin(A) copyout(T)
	for (int p = 0; p < P; p++)
		for (int i = 0; i < N; i++)
			for (int j = 0; j < N; j++) {
				float s = 0.0f;
				for (int k = 0; k < M; k += 2)
					s += A[j][k] - (float)p * A[i][k];
				T[p][i][j] = s;
			}
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			float s = 0.0f, d = 0.0f;
			for (int k = 0; k < M; k++) {
				s += A[i][k] * A[j][k];
				d += A[j][k] * A[i][k] * (float)(k % 3);
			}
			if (j <= i)
				Cr[i][j] = 0.5f * Cr[i][j] + s;
			Dr[i][j] = d;
		}
	double sum = 0;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			if (C[i][j] != Cr[i][j] || D[i][j] != Dr[i][j]) {
				printf("FAIL [%d][%d]: C %g (want %g) D %g (want %g)\n", i, j, C[i][j], Cr[i][j], D[i][j], Dr[i][j]);
				return 1;
			}
			sum += C[i][j] + D[i][j];
		}
	for (int p = 0; p < P; p++)
		for (int i = 0; i < N; i++)
			for (int j = 0; j < N; j++) {
				float s = 0.0f;
				for (int k = 0; k < M; k += 2)
					s += A[j][k] - (float)p * A[i][k];
				if (T[p][i][j] != s) {
					printf("FAIL T[%d][%d][%d] = %g, want %g\n", p, i, j, T[p][i][j], s);
					return 1;
				}
				sum += s;
			}
	printf("sum %.1f\n", sum);
	printf("OK\n");
	return 0;
}
