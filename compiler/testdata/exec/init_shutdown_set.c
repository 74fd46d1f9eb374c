/* init_shutdown_set: the init, shutdown and set directives (with if,
 * device_type, device_num, default_async) and the device routines
 * acc_get/set_device_type, acc_get/set_device_num, acc_get_num_devices,
 * acc_init/acc_shutdown, acc_on_device. Device choices name the device the
 * program already runs on (whatever ACCLS_DEVICE selected), so the checks
 * hold on any machine. Data is entered again after each shutdown. Without
 * OpenACC the routines are host stand-ins; device checks are skipped on the
 * host device (gcc -fopenacc, which also ignores init/shutdown/set). */
#include <stdio.h>
#include <stdlib.h>
#ifdef _OPENACC
#include <openacc.h>
#else
typedef enum { acc_device_none = 0, acc_device_default = 1, acc_device_host = 2, acc_device_not_host = 4 } acc_device_t;
static acc_device_t acc_get_device_type(void) { return acc_device_host; }
static int acc_get_num_devices(acc_device_t t) { return t == acc_device_host; }
static int acc_get_device_num(acc_device_t t) { (void)t; return 0; }
static void acc_set_device_num(int n, acc_device_t t) { (void)n; (void)t; }
static void acc_set_device_type(acc_device_t t) { (void)t; }
static void acc_init(acc_device_t t) { (void)t; }
static void acc_shutdown(acc_device_t t) { (void)t; }
static int acc_on_device(acc_device_t t) { return t == acc_device_host; }
static int acc_is_present(void *h, size_t n) { (void)h; (void)n; return 1; }
#endif
#if !defined(_OPENACC) || _OPENACC < 202011
static int acc_get_default_async(void) { return 3; } /* what `set default_async(3)` makes it */
#endif

#define N 4096

static int fails;

static void expect(int cond, const char *what)
{
	if (!cond) {
		printf("FAIL %s\n", what);
		fails++;
	}
}

/* v[i] = i * k on the device, copied back */
static long fill(int *v, int n, int k)
{
	long s = 0;
#pragma acc parallel loop copyout(v[0:n])
	for (int i = 0; i < n; i++)
		v[i] = i * k;
	for (int i = 0; i < n; i++)
		s += v[i];
	return s;
}

int main(int argc, char **argv)
{
	int n = N, *v = malloc(n * sizeof *v);
	int never = argc < 0; /* only the shutdown if() reads it */
	(void)argv;
	(void)never;
#pragma acc init
	acc_device_t t = acc_get_device_type();
	int device = t != acc_device_host;
	int num = acc_get_device_num(t), any = device ? acc_get_device_num(acc_device_not_host) : 0;
	if (device) {
		expect(acc_get_num_devices(t) >= 1, "acc_get_num_devices of the current type");
		expect(num >= 0 && num < acc_get_num_devices(t), "acc_get_device_num of the current type");
		expect(any >= 0 && any < acc_get_num_devices(acc_device_not_host), "acc_get_device_num(acc_device_not_host)");
		expect(acc_get_device_num(acc_device_host) == 0, "acc_get_device_num(acc_device_host)");
		expect(acc_get_num_devices(acc_device_host) == 1, "acc_get_num_devices(acc_device_host)");
	}
	printf("acc_on_device: host %d, not_host %d\n", acc_on_device(acc_device_host) != 0,
	       acc_on_device(acc_device_not_host) != 0);
	printf("fill 1: %ld\n", fill(v, n, 1));

	/* choosing the current device again changes nothing, data present or not */
#pragma acc enter data copyin(v[0:n])
	acc_set_device_num(num, t);
	acc_set_device_type(t);
#pragma acc set device_type(default) device_num(any)
	if (device)
		expect(acc_is_present(v, n * sizeof *v) && acc_get_device_type() == t && acc_get_device_num(t) == num,
		       "same device after choosing it again");
#pragma acc exit data delete(v[0:n])

	/* set default_async: async without argument uses queue 3 */
#pragma acc set default_async(3)
	if (device)
		expect(acc_get_default_async() == 3, "acc_get_default_async after set default_async(3)");
#pragma acc data create(v[0:n])
	{
		for (int r = 0; r < 4; r++) {
#pragma acc parallel loop present(v[0:n]) async
			for (int i = 0; i < n; i++)
				v[i] = i + r;
		}
#pragma acc update self(v[0:n]) async(3)
#pragma acc wait(3)
	}
	long s = 0;
	for (int i = 0; i < n; i++)
		s += v[i];
	printf("default_async: %ld\n", s);
#pragma acc set default_async(acc_async_noval) if(n > 0)

	/* shutdown with an if clause that is false keeps the data; a true one
	 * releases everything, and the next construct initializes again */
#pragma acc enter data copyin(v[0:n])
#pragma acc shutdown if(never)
	if (device)
		expect(acc_is_present(v, n * sizeof *v), "data present after shutdown if(false)");
#pragma acc shutdown
	if (device)
		expect(!acc_is_present(v, n * sizeof *v), "data released by shutdown");
	printf("fill 2: %ld\n", fill(v, n, 2));

	/* the routines: shutdown, init for the same type, same device */
	acc_shutdown(t);
	acc_init(t);
	if (device)
		expect(acc_get_device_type() == t && acc_get_device_num(t) == num, "same device after acc_shutdown/acc_init");
#pragma acc init device_type(default) device_num(any) if(n > 0)
	if (device)
		expect(acc_get_device_num(acc_device_not_host) == any, "init device_num");
	printf("fill 3: %ld\n", fill(v, n, 3));
#pragma acc shutdown device_type(host)
	printf("fill 4: %ld\n", fill(v, n, 4));
	free(v);
	if (fails)
		return 1;
	printf("OK\n");
	return 0;
}
