/* private on a loop that runs sequentially (loop seq) names scalars the
 * work-item already has its own copies of: the loop goes on from their
 * values (a Mandelbrot of a course: x1 = x; then a loop with
 * private(x1, y1) iterates from it). OpenACC leaves a private copy's value
 * unspecified; the course's program relies on NVIDIA's compiler keeping
 * it. */
// exec-no-gcc-openacc: gcc 12 gives the seq loop fresh private copies without a value
#include <stdio.h>

#define M 64
#define N 48
#define MAXIT 200

int main(void)
{
	static int count[M][N];
	double x1, y1, x2, y2;
	int bad = 0;
#pragma acc parallel loop collapse(2) private(x1, y1, x2, y2) copyout(count)
	for (int i = 0; i < M; i++)
		for (int j = 0; j < N; j++) {
			double x = -2.0 + 2.5 * j / N, y = -1.25 + 2.5 * i / M;
			count[i][j] = 0;
			x1 = x;
			y1 = y;
#pragma acc loop seq private(x1, y1, x2, y2)
			for (int k = 1; k <= MAXIT; k++) {
				if (count[i][j] != 0)
					continue;
				x2 = x1 * x1 - y1 * y1 + x;
				y2 = 2 * x1 * y1 + y;
				if (x2 < -2.0 || 2.0 < x2 || y2 < -2.0 || 2.0 < y2) {
					count[i][j] = k;
				} else {
					x1 = x2;
					y1 = y2;
				}
			}
		}
	long inside = 0, sum = 0;
	for (int i = 0; i < M; i++)
		for (int j = 0; j < N; j++) {
			double x = -2.0 + 2.5 * j / N, y = -1.25 + 2.5 * i / M, a = x, b = y;
			int want = 0;
			for (int k = 1; k <= MAXIT; k++) {
				double c = a * a - b * b + x, d = 2 * a * b + y;
				if (c < -2.0 || 2.0 < c || d < -2.0 || 2.0 < d) {
					want = k;
					break;
				}
				a = c;
				b = d;
			}
			if (count[i][j] != want && bad++ < 5)
				printf("count[%d][%d] = %d, want %d\n", i, j, count[i][j], want);
			inside += want == 0;
			sum += want;
		}
	if (bad) {
		printf("%d wrong\n", bad);
		return 1;
	}
	printf("OK\n");
	return 0;
}
