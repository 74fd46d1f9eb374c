/* host_data use_device (OpenACC 3.3 §2.8): inside the construct, a pointer
 * or array stands for the device address of its present data; user
 * functions (using it through a deviceptr clause or declare deviceptr) and
 * the acc_* API receive it. if_present
 * keeps the host address for absent data, and if(false) keeps host
 * addresses. */
// exec-args: 500
#include <stdio.h>
#include <stdlib.h>
#ifdef _OPENACC
#include <openacc.h>
#endif

#define M 64

static double table[M];

/* A user function that gets device addresses: a CUDA-library-like API. */
static void device_axpy(int n, double f, const double *x, double *y)
{
#pragma acc parallel loop deviceptr(x, y)
	for (int i = 0; i < n; i++)
		y[i] += f * x[i];
}

/* The same through declare deviceptr: d holds a device address for the
 * whole function, so compute constructs use it without a clause. */
static void device_scale(int n, double f, double *d)
{
#pragma acc declare deviceptr(d)
#pragma acc parallel loop
	for (int i = 0; i < n; i++)
		d[i] *= f;
}

/* Whether p (inside host_data) is the device address of host address h;
 * always yes when there is no separate device. */
static int is_device_copy(void *p, void *h)
{
#ifdef _OPENACC
	if (acc_get_device_type() == acc_device_host)
		return 1;
	return p != h && acc_deviceptr(h) == p && acc_hostptr(p) == h;
#else
	(void)p;
	(void)h;
	return 1;
#endif
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 500;
	double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
	double *hx = x, *hy = y, *htable = table;
	int fails = 0;
	for (int i = 0; i < n; i++) {
		x[i] = i;
		y[i] = 1;
	}
	for (int i = 0; i < M; i++)
		table[i] = i % 3;
#pragma acc data copyin(x[0:n]) copy(y[0:n], table)
	{
#pragma acc host_data use_device(x, y)
		{
			if (!is_device_copy(x, hx) || !is_device_copy(y, hy)) {
				printf("FAIL use_device addresses\n");
				fails++;
			}
			device_axpy(n, 2.0, x, y);
			device_axpy(n, 1.0, y, y); /* y *= 2 */
			device_scale(n, 0.5, y);
			device_scale(n, 2.0, y);
		}
		/* an array: its device address, passed on as a pointer */
#pragma acc host_data use_device(table)
		{
			if (!is_device_copy(table, htable)) {
				printf("FAIL use_device(table)\n");
				fails++;
			}
			device_axpy(M, 1.0, table, table);
		}
	}
	for (int i = 0; i < n; i++)
		if (y[i] != 2 * (1 + 2.0 * i)) {
			printf("FAIL y[%d] = %g\n", i, y[i]);
			return 1;
		}
	for (int i = 0; i < M; i++)
		if (table[i] != 2 * (i % 3)) {
			printf("FAIL table[%d] = %g\n", i, table[i]);
			return 1;
		}
	/* absent data with if_present, and if(false): the host addresses */
	int on = n < 0;
#pragma acc host_data use_device(x) if_present
	{
		if (x != hx) {
			printf("FAIL if_present changed an absent pointer\n");
			fails++;
		}
	}
#pragma acc data copy(y[0:n])
	{
#pragma acc host_data use_device(y) if(on)
		{
			if (y != hy) {
				printf("FAIL if(false) changed the pointer\n");
				fails++;
			}
		}
	}
	/* the if expression runs once for all the items: both pointers change
	 * together, and its side effect happens once */
	int evals = 0;
#pragma acc data copy(x[0:n], y[0:n])
	{
#pragma acc host_data use_device(x, y) if(evals++ >= 0)
		{
#ifdef _OPENACC
			if ((x == hx) != (y == hy)) {
				printf("FAIL host_data if: one pointer changed and not the other\n");
				fails++;
			}
#endif
		}
	}
	int want_evals = 0; /* the plain C build ignores the directive */
#ifdef _OPENACC
	want_evals = 1;
#endif
	if (evals != want_evals) {
		printf("FAIL host_data if evaluated %d times\n", evals);
		fails++;
	}
	printf("y[1] = %g, y[n-1] = %g, table[2] = %g\n", y[1], y[n - 1], table[2]);
	free(x);
	free(y);
	if (fails)
		return 1;
	printf("OK\n");
	return 0;
}
