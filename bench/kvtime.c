/* kvtime: times variants of one stencil sweep kernel on the same buffers,
 * interleaved (round after round, each variant in turn), and prints the
 * median time per launch: the quiet way to compare two forms of a kernel,
 * where whole benchmark runs move by ±10 % between calls.
 *
 *   cc -O2 -o kvtime bench/kvtime.c -lOpenCL
 *   [ACCLS_DEVICE=gpu|cpu] [KVTIME_DIMS=3|2] kvtime N ROUNDS LAUNCHES SPEC...
 *   (the device as the twins pick it, bench/ocl.h: the first GPU, else CPU)
 *   SPEC = FILE.cl:KERNEL:KIND:LX,LY,LZ
 *
 * KVTIME_DIMS=3 (default): heat-3d's sweep, an N^3 float grid; 2: jacobi-2d's,
 * an N^2 double grid. The NDRange covers the (N-2)^dims interior points,
 * rounded up to the local size. KIND says the kernel's parameters: t, the
 * twin's (int n, A, B); a, accls's translation of bench/heat3d.c or
 * bench/jacobi2d.c (n, B, B_off[, B_stride0], A, A_off[, A_stride0],
 * _nworkers, _vlen). Each launch reads one grid and writes the other, in
 * turn. Variants are made with `accls translate` (two versions of accls, or
 * a hand edit of the .cl); bench/README.md (fifteenth session) has the
 * commands. */
#include "ocl.h" /* CK, now_ms, the device (ACCLS_DEVICE), the queue, ocl_kernel, ocl_buffer */

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		perror(path);
		exit(2);
	}
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	rewind(f);
	char *b = malloc(n + 1);
	if (fread(b, 1, n, f) != (size_t)n) {
		perror(path);
		exit(2);
	}
	b[n] = 0;
	fclose(f);
	return b;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

typedef struct {
	const char *spec;
	cl_kernel k;
	char kind;
	size_t local[3], global[3];
} variant;

int main(int argc, char **argv)
{
	if (argc < 5) {
		fprintf(stderr, "usage: kvtime N ROUNDS LAUNCHES FILE.cl:KERNEL:t|a:LX,LY,LZ...\n");
		return 2;
	}
	int n = atoi(argv[1]), rounds = atoi(argv[2]), launches = atoi(argv[3]), nv = argc - 4;
	int dims = getenv("KVTIME_DIMS") ? atoi(getenv("KVTIME_DIMS")) : 3;
	ocl_init();

	size_t cells = dims == 3 ? (size_t)n * n * n : (size_t)n * n;
	size_t bytes = cells * (dims == 3 ? sizeof(float) : sizeof(double));
	char *h = malloc(bytes);
	for (size_t i = 0; i < cells; i++) {
		if (dims == 3)
			((float *)h)[i] = (float)(i % 10) * 0.1f;
		else
			((double *)h)[i] = (double)(i % 10) * 0.1;
	}
	cl_mem A = ocl_buffer(bytes, h), B = ocl_buffer(bytes, h);

	variant *vs = calloc(nv, sizeof *vs);
	double *t = calloc((size_t)nv * rounds, sizeof *t);
	for (int v = 0; v < nv; v++) {
		char *spec = strdup(argv[4 + v]);
		char *file = strtok(spec, ":"), *name = strtok(NULL, ":"), *kind = strtok(NULL, ":"), *ls = strtok(NULL, ":");
		if (!ls || sscanf(ls, "%zu,%zu,%zu", &vs[v].local[0], &vs[v].local[1], &vs[v].local[2]) != 3 ||
		    (kind[0] != 't' && kind[0] != 'a')) {
			fprintf(stderr, "kvtime: bad variant %s\n", argv[4 + v]);
			return 2;
		}
		vs[v].spec = argv[4 + v];
		vs[v].kind = kind[0];
		for (int d = 0; d < 3; d++)
			vs[v].global[d] = (n - 2 + vs[v].local[d] - 1) / vs[v].local[d] * vs[v].local[d];
		if (dims == 2)
			vs[v].global[2] = vs[v].local[2] = 1;
		vs[v].k = ocl_kernel(slurp(file), name);
	}

	for (int r = -1; r < rounds; r++) /* round -1: warm-up (PoCL compiles at the first launch) */
		for (int v = 0; v < nv; v++) {
			cl_kernel k = vs[v].k;
			double t0 = now_ms();
			for (int l = 0; l < launches; l++) {
				cl_mem in = l % 2 ? B : A, out = l % 2 ? A : B;
				cl_ulong off = 0, stride = (cl_ulong)n;
				cl_uint one = 1, vlen = (cl_uint)(vs[v].local[0] * vs[v].local[1]);
				int a = 0;
				CK(clSetKernelArg(k, a++, sizeof n, &n));
				if (vs[v].kind == 't') {
					CK(clSetKernelArg(k, a++, sizeof in, &in));
					CK(clSetKernelArg(k, a++, sizeof out, &out));
				} else {
					CK(clSetKernelArg(k, a++, sizeof out, &out));
					CK(clSetKernelArg(k, a++, sizeof off, &off));
					if (dims == 2)
						CK(clSetKernelArg(k, a++, sizeof stride, &stride));
					CK(clSetKernelArg(k, a++, sizeof in, &in));
					CK(clSetKernelArg(k, a++, sizeof off, &off));
					if (dims == 2)
						CK(clSetKernelArg(k, a++, sizeof stride, &stride));
					CK(clSetKernelArg(k, a++, sizeof one, &one));
					CK(clSetKernelArg(k, a++, sizeof vlen, &vlen));
				}
				CK(clEnqueueNDRangeKernel(q, k, dims, NULL, vs[v].global, vs[v].local, 0, NULL, NULL));
			}
			CK(clFinish(q));
			if (r >= 0)
				t[(size_t)v * rounds + r] = (now_ms() - t0) * 1e3 / launches;
		}
	for (int v = 0; v < nv; v++) {
		double *tv = t + (size_t)v * rounds;
		qsort(tv, rounds, sizeof *tv, cmp_double);
		printf("%-44s median %9.2f us/launch (min %.2f, max %.2f)\n", vs[v].spec, tv[rounds / 2], tv[0], tv[rounds - 1]);
	}
	return 0;
}
