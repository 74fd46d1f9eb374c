/* Static variables declared in compute constructs that only read them:
 * lookup tables with constant initializers (a cellular automaton's rule,
 * the pattern of a real program), a static scalar, a static array without
 * initializer (zeros, as C gives it), in a parallel loop, a kernels loop
 * and a serial construct. Each thread reads the initial values. */
#include <stdio.h>

#define W 64
#define STEPS 20

static int fails;

static void expect(int cond, const char *what)
{
	if (!cond) {
		printf("FAIL %s\n", what);
		fails++;
	}
}

int main(void)
{
	int from[W + 2], to[W + 2];
	for (int x = 0; x < W + 2; x++)
		from[x] = (x * 7 + 3) % 5 == 0;
	/* a one-dimensional automaton: the new state from the sum of three cells */
#pragma acc data copy(from) create(to)
	for (int s = 0; s < STEPS; s++) {
#pragma acc parallel loop present(from, to)
		for (int x = 1; x <= W; x++) {
			static const int rule[4] = {0, 1, 1, 0};
			to[x] = rule[from[x - 1] + from[x] + from[x + 1]];
		}
#pragma acc parallel loop present(from, to)
		for (int x = 1; x <= W; x++)
			from[x] = to[x];
	}
	int alive = 0;
	for (int x = 1; x <= W; x++)
		alive += from[x];
	printf("alive after %d steps: %d\n", STEPS, alive);

	double v[100];
	long w[100];
	for (int i = 0; i < 100; i++)
		v[i] = i;
#pragma acc kernels loop copy(v) copyout(w)
	for (int i = 0; i < 100; i++) {
		static double scale = 0.5;
		static int zeros[3];
		static const char digits[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
		v[i] = v[i] * scale + zeros[i % 3];
		w[i] = digits[i % 10];
	}
	double sv = 0;
	long sw = 0;
	for (int i = 0; i < 100; i++) {
		sv += v[i];
		sw += w[i] * (i % 7);
	}
	printf("scaled: %.1f, digits: %ld\n", sv, sw);
	expect(sv == 2475, "the static scalar");

	int out = 0;
#pragma acc serial copy(out)
	{
		static const short primes[5] = {2, 3, 5, 7, 11};
		for (int k = 0; k < 5; k++)
			out += primes[k] * (k + 1);
	}
	printf("primes: %d\n", out);
	expect(out == 2 + 6 + 15 + 28 + 55, "the serial construct's table");
	if (fails)
		return 1;
	printf("OK\n");
	return 0;
}
