/* enter data copyin/create and exit data copyout/delete around compute
 * constructs in other functions (unstructured data lifetime). */
#include <stdio.h>
#include <stdlib.h>

static void setup(int n, const float *in, float *out)
{
#pragma acc enter data copyin(in[0:n]) create(out[0:n])
}

static void step(int n, const float *in, float *out, float k)
{
#pragma acc parallel loop present(in[0:n], out[0:n])
	for (int i = 0; i < n; i++)
		out[i] = out[i] * 0.5f + in[i] * k;
}

static void teardown(int n, const float *in, float *out)
{
#pragma acc exit data copyout(out[0:n]) delete(in[0:n])
}

int main(void)
{
	int n = 3000;
	float *in = malloc(n * sizeof *in), *out = malloc(n * sizeof *out);
	for (int i = 0; i < n; i++) {
		in[i] = (float)(i % 16);
		out[i] = 0.0f;
	}
	setup(n, in, out);
	/* out is created, not copied: initialize it on the device */
#pragma acc parallel loop present(out[0:n])
	for (int i = 0; i < n; i++)
		out[i] = 8.0f;
	step(n, in, out, 1.0f);
	step(n, in, out, 2.0f);
	teardown(n, in, out);
	double s = 0;
	for (int i = 0; i < n; i++) {
		float want = (8.0f * 0.5f + in[i]) * 0.5f + in[i] * 2.0f;
		if (out[i] != want) {
			printf("FAIL out[%d] = %g, want %g\n", i, out[i], want);
			return 1;
		}
		s += out[i];
	}
	printf("out[0] = %.2f out[15] = %.2f\n", out[0], out[15]);
	printf("sum = %.2f\n", s);
	free(in);
	free(out);
	printf("OK\n");
	return 0;
}
