/* tile + cache = work-group tiling with __local memory: a matrix product
 * whose tile(16, 16) loops name the rows of A and the columns of B that a
 * tile reads (cache(A[i][0:K], B[0:K][j])): the group loads the tile's
 * 16 rows of A and 16 columns of B into __local memory once and its
 * work-items read them K times each. The sizes are not multiples of the
 * tile (partial edge tiles), and a second product with tile(8, 4) runs
 * over a sub-range of the rows with a stride-2 column loop. */
// accls-flags: --cache-stage
// exec-no-gcc-openacc: gcc 12 rejects cache sub-arrays that are not contiguous (2-D windows), which OpenACC allows
#include <stdio.h>

#define N 70
#define M 45
#define K 40

static float A[N][K], B[K][M], C[N][M], D[N][M];

int main(void)
{
	for (int i = 0; i < N; i++)
		for (int k = 0; k < K; k++)
			A[i][k] = (float)((i + 2 * k) % 7 - 3);
	for (int k = 0; k < K; k++)
		for (int j = 0; j < M; j++)
			B[k][j] = (float)((3 * k + j) % 5 - 2);
#pragma acc data copyin(A, B) copyout(C) copy(D)
	{
#pragma acc parallel loop tile(16, 16)
		for (int i = 0; i < N; i++)
			for (int j = 0; j < M; j++) {
#pragma acc cache(A[i][0:K], B[0:K][j])
				float s = 0;
				for (int k = 0; k < K; k++)
					s += A[i][k] * B[k][j];
				C[i][j] = s;
			}
#pragma acc parallel loop tile(8, 4)
		for (int i = 3; i < N - 5; i++)
			for (int j = 1; j < M; j += 2) {
#pragma acc cache(A[i][0:K], B[0:K][j])
				float s = 0;
				for (int k = 0; k < K; k++)
					s += A[i][k] * B[k][j];
				D[i][j] = s;
			}
	}
	double sum = 0;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < M; j++) {
			float s = 0;
			for (int k = 0; k < K; k++)
				s += A[i][k] * B[k][j];
			if (C[i][j] != s) {
				printf("FAIL C[%d][%d] = %g, want %g\n", i, j, C[i][j], s);
				return 1;
			}
			float want = i >= 3 && i < N - 5 && j % 2 == 1 ? s : 0;
			if (D[i][j] != want) {
				printf("FAIL D[%d][%d] = %g, want %g\n", i, j, D[i][j], want);
				return 1;
			}
			sum += C[i][j] + D[i][j];
		}
	printf("sum %g, C[69][44] = %g\n", sum, C[N - 1][M - 1]);
	printf("OK\n");
	return 0;
}
