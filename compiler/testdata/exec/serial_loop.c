/* serial loop (combined form) and a serial region with loop seq:
 * everything runs on one device thread, in order. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	int n = 500;
	int *fib = malloc(n * sizeof *fib);
	double *w = malloc(n * sizeof *w);
	for (int i = 0; i < n; i++)
		w[i] = i;
#pragma acc serial loop copy(w[0:n])
	for (int i = 0; i < n; i++)
		w[i] = w[i] * 2.0 + 0.5;
	/* recurrence: only correct because the loop is sequential */
#pragma acc serial copyout(fib[0:n])
	{
		fib[0] = 0;
		fib[1] = 1;
#pragma acc loop seq
		for (int i = 2; i < n; i++)
			fib[i] = (fib[i - 1] + fib[i - 2]) % 1000003;
	}
	int a = 0, b = 1;
	for (int i = 2; i < n; i++) {
		int c = (a + b) % 1000003;
		a = b;
		b = c;
		if (fib[i] != c) {
			printf("FAIL fib[%d] = %d, want %d\n", i, fib[i], c);
			return 1;
		}
	}
	for (int i = 0; i < n; i++)
		if (w[i] != i * 2.0 + 0.5) {
			printf("FAIL w[%d] = %g\n", i, w[i]);
			return 1;
		}
	printf("fib[%d] mod 1000003 = %d\n", n - 1, fib[n - 1]);
	printf("w[%d] = %.1f\n", n - 1, w[n - 1]);
	free(fib);
	free(w);
	printf("OK\n");
	return 0;
}
