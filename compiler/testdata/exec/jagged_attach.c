/* Rows of a pointer to pointers attached one by one to the row pointers,
 * the form OpenACC's attach semantics give (and GCC takes): enter data
 * copyin(A[0:n]) maps the pointers, then enter data copyin(A[i][0:len])
 * each row, which attaches it; kernels use present(A[0:n]); rows leave with
 * exit data copyout(A[i][0:len]), then the pointers. accls puts the rows
 * into one buffer, the pointers' mapping becoming their section at the
 * first row. */
#include <stdio.h>
#include <stdlib.h>
#ifdef _OPENACC
#include <openacc.h>
#define ON_DEVICE() (acc_get_device_type() != acc_device_host)
#define PRESENT(p, n) acc_is_present((p), (n))
#else
#define ON_DEVICE() 0
#define PRESENT(p, n) ((void)(p), (void)(n), 0)
#endif

#define N 50

static int len(int i) { return 1 + (i * 13) % 31; }

int main(void)
{
	double **a = malloc(N * sizeof *a);
	int *lens = malloc(N * sizeof *lens), bad = 0;
	for (int i = 0; i < N; i++) {
		lens[i] = len(i);
		a[i] = malloc(lens[i] * sizeof **a);
		for (int j = 0; j < lens[i]; j++)
			a[i][j] = i + 0.25 * j;
	}
#pragma acc enter data copyin(a[0:N], lens[0:N])
	for (int i = 0; i < N; i++) {
#pragma acc enter data copyin(a[i][0:lens[i]])
	}
#pragma acc parallel loop gang present(a[0:N], lens[0:N])
	for (int i = 0; i < N; i++) {
#pragma acc loop vector
		for (int j = 0; j < lens[i]; j++)
			a[i][j] = 3 * a[i][j] + lens[i];
	}
	/* one row back early, changed on the host and sent again */
#pragma acc update self(a[7][0:lens[7]])
	a[7][0] = -1;
#pragma acc update device(a[7][0:lens[7]])
#pragma acc parallel loop present(a[0:N], lens[0:N])
	for (int i = 0; i < N; i++)
		a[i][lens[i] - 1] += 1;
	for (int i = 0; i < N; i++) {
#pragma acc exit data copyout(a[i][0:lens[i]])
	}
#pragma acc exit data delete(a[0:N], lens[0:N])
	if (ON_DEVICE() && (PRESENT(a, N * sizeof *a) || PRESENT(a[3], lens[3] * sizeof **a)))
		printf("FAIL still present after the exits\n"), bad++;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < lens[i]; j++) {
			double want = 3 * (i + 0.25 * j) + lens[i] + (j == lens[i] - 1);
			if (i == 7 && j == 0)
				want = -1 + (j == lens[i] - 1);
			if (a[i][j] != want && bad++ < 5)
				printf("a[%d][%d] = %g, want %g\n", i, j, a[i][j], want);
		}
	for (int i = 0; i < N; i++)
		free(a[i]);
	free(a);
	free(lens);
	if (bad) {
		printf("%d wrong\n", bad);
		return 1;
	}
	printf("OK\n");
	return 0;
}
