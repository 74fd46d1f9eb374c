/* The host as the current device: `set device_type(host)` makes the compute
 * constructs run their own C code (a reduction, a private array, a data
 * region with an update), the memory API work on host memory (acc_malloc,
 * acc_memcpy_to_device, acc_deviceptr, acc_is_present), and
 * acc_get_device_type say acc_device_host; `set device_type(not_host)`
 * goes back to a device, where the same constructs run as kernels. The
 * bytes moved are the device run's alone. */
// exec-bytes: h2d=4000 d2h=6000
#include <stdio.h>
#include <stdlib.h>
#ifdef _OPENACC
#include <openacc.h>
#endif

#define N 1000

static long work(const int *a, int *b, int n)
{
	long sum = 0;
	int tmp[4];
#pragma acc data copyin(a[0:n]) copyout(b[0:n])
	{
#pragma acc parallel loop reduction(+:sum) private(tmp)
		for (int i = 0; i < n; i++) {
			for (int k = 0; k < 4; k++)
				tmp[k] = a[i] * k;
			b[i] = tmp[3] - tmp[1];
			sum += b[i];
		}
#pragma acc parallel loop
		for (int i = 0; i < n; i++)
			b[i] += 1;
#pragma acc update self(b[0:n / 2])
	}
	return sum;
}

int main(void)
{
	int *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b);
	for (int i = 0; i < N; i++)
		a[i] = i % 37;
	int bad = 0;

#pragma acc set device_type(host)
#ifdef _OPENACC
	bad += acc_get_device_type() != acc_device_host;
	/* host memory is the device's */
	int *d = acc_malloc(N * sizeof *d);
	acc_memcpy_to_device(d, a, N * sizeof *a);
	bad += d[N - 1] != a[N - 1] || acc_deviceptr(a) != (void *)a || !acc_is_present(b, N * sizeof *b);
	acc_free(d);
#endif
	long on_host = work(a, b, N);
	long host_last = b[N - 1];

	/* acc_device_t's spelling of not_host, which PGI's compilers took */
#pragma acc set device_type(acc_device_not_host)
#ifdef _OPENACC
	bad += acc_get_device_type() == acc_device_host && acc_get_num_devices(acc_device_not_host) > 0;
#endif
	long on_device = work(a, b, N);

	long want = 0;
	for (int i = 0; i < N; i++)
		want += 2 * a[i];
	bad += on_host != want || on_device != want || host_last != 2 * a[N - 1] + 1 || b[N - 1] != 2 * a[N - 1] + 1;
	printf("sum on the host %ld, on the device %ld, b[N-1] %d\n", on_host, on_device, b[N - 1]);
	if (bad) {
		printf("FAIL %d\n", bad);
		return 1;
	}
	printf("OK\n");
	return 0;
}
