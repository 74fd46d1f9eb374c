/* device_type sections on compute constructs (OpenACC 3.3 §2.4): the
 * clauses after device_type(list) apply when the device's type is in the
 * list, device_type(*) applies to the types no section names, and the
 * clauses before the first device_type are the defaults. accls chooses at
 * run time from the OpenCL device type (nvidia/radeon/gpu: GPU;
 * host/multicore/cpu: CPU). The num_gangs and vector_length expressions
 * record their value when the host evaluates them (only the applied
 * section's are evaluated), so the program sees which section applied and
 * compares with what the device type implies. Results do not depend on it. */
// exec-no-host: checks which device_type section's clauses the device evaluated (the host device runs no clauses)
// exec-args: 1000
// exec-no-gcc-openacc: gcc 12 does not implement device_type
#include <stdio.h>
#include <stdlib.h>
#ifdef _OPENACC
#include <openacc.h>
#endif

static int gangs_seen, vlen_seen;

static int gangs(int v)
{
	gangs_seen = v;
	return v;
}

static int vlen(int v)
{
	vlen_seen = v;
	return v;
}

/* The value expected for the sections {gpu, cpu, other}; 0 without
 * OpenACC (the directives are ignored, nothing is evaluated). */
static int expect(int gpu, int cpu, int other)
{
#ifdef _OPENACC
	switch (acc_get_device_type()) {
	case acc_device_opencl_gpu:
		return gpu;
	case acc_device_opencl_cpu:
		return cpu;
	default:
		return other;
	}
#else
	(void)gpu;
	(void)cpu;
	(void)other;
	return 0;
#endif
}

static int check(const char *what, int got, int want)
{
	if (got != want) {
		printf("FAIL %s: %d, want %d\n", what, got, want);
		return 1;
	}
	printf("%s: the expected section applied\n", what);
	return 0;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1000;
	int fails = 0;
	(void)gangs; /* referenced only by directives without OpenACC */
	(void)vlen;
	double *a = malloc(n * sizeof *a);
	for (int i = 0; i < n; i++)
		a[i] = i;

#pragma acc data copy(a[0:n])
	{
		/* named sections for both classes */
		gangs_seen = vlen_seen = 0;
#pragma acc parallel loop num_gangs(gangs(2)) device_type(nvidia, radeon) num_gangs(gangs(50)) device_type(host, multicore) num_gangs(gangs(3))
		for (int i = 0; i < n; i++)
			a[i] += 1;
		fails += check("named sections", gangs_seen, expect(50, 3, 2));

		/* device_type(*) for the types no section names */
		gangs_seen = vlen_seen = 0;
#pragma acc parallel loop num_gangs(gangs(2)) device_type(nvidia) num_gangs(gangs(60)) device_type(*) num_gangs(gangs(7))
		for (int i = 0; i < n; i++)
			a[i] *= 2;
		fails += check("device_type(*)", gangs_seen, expect(60, 7, 7));

		/* a matching section without num_gangs keeps the default;
		 * vector_length per device type */
		gangs_seen = vlen_seen = 0;
#pragma acc parallel loop gang vector num_gangs(gangs(4)) device_type(gpu) vector_length(vlen(128)) device_type(cpu) vector_length(vlen(8))
		for (int i = 0; i < n; i++)
			a[i] -= 2;
		fails += check("default num_gangs", gangs_seen, expect(4, 4, 4));
		fails += check("vector_length", vlen_seen, expect(128, 8, 0));

		/* async per device type */
#pragma acc parallel loop device_type(host) num_gangs(3) vector_length(16) async(1) device_type(nvidia) num_gangs(64) vector_length(256) async(2)
		for (int i = 0; i < n; i++)
			a[i] *= 3;
#pragma acc wait
	}
	for (int i = 0; i < n; i++)
		if (a[i] != 6.0 * i) {
			printf("FAIL a[%d] = %g\n", i, a[i]);
			return 1;
		}
	printf("a[n-1] = %g\n", a[n - 1]);
	/* async in a section of another device type only: synchronous here, so
	 * the host reads the copied-out values without a wait */
	double *r = malloc(sizeof(double) * n);
#pragma acc parallel loop copyout(r[0:n]) device_type(accelerator) async(1)
	for (int i = 0; i < n; i++)
		r[i] = 0.5 * i;
	for (int i = 0; i < n; i++)
		if (r[i] != 0.5 * i) {
			printf("FAIL r[%d] = %g (the construct ran asynchronously)\n", i, r[i]);
			return 1;
		}
#pragma acc wait
	free(r);
	free(a);
	if (fails)
		return 1;
	printf("OK\n");
	return 0;
}
