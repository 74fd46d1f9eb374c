/* dynamic reference counts: entering the same data twice, exiting once keeps
 * it present (no copy back yet); exit data finalize drops it at once. The
 * presence checks use the runtime API and are skipped on the host device. */
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

int main(void)
{
	int n = 1200;
	int *v = malloc(n * sizeof *v), *w = malloc(n * sizeof *w);
	size_t bytes = n * sizeof *v;
	for (int i = 0; i < n; i++) {
		v[i] = i;
		w[i] = 1;
	}
#pragma acc enter data copyin(v[0:n])
#pragma acc enter data copyin(v[0:n])
#pragma acc parallel loop present(v[0:n])
	for (int i = 0; i < n; i++)
		v[i] *= 2;
#pragma acc exit data copyout(v[0:n])
	if (ON_DEVICE() && !PRESENT(v, bytes)) {
		printf("FAIL v not present after one of two exits\n");
		return 1;
	}
#pragma acc parallel loop present(v[0:n])
	for (int i = 0; i < n; i++)
		v[i] += 1;
#pragma acc exit data copyout(v[0:n]) finalize
	if (ON_DEVICE() && PRESENT(v, bytes)) {
		printf("FAIL v still present after finalize\n");
		return 1;
	}
	/* three creates, one delete with finalize */
#pragma acc enter data create(w[0:n])
#pragma acc enter data create(w[0:n])
#pragma acc enter data create(w[0:n])
#pragma acc exit data delete(w[0:n]) finalize
	if (ON_DEVICE() && PRESENT(w, bytes)) {
		printf("FAIL w still present after delete finalize\n");
		return 1;
	}
	/* mapped afresh by the next construct */
#pragma acc parallel loop copy(w[0:n])
	for (int i = 0; i < n; i++)
		w[i] += i;
	long sv = 0, sw = 0;
	for (int i = 0; i < n; i++) {
		if (v[i] != 2 * i + 1 || w[i] != i + 1) {
			printf("FAIL at %d: v %d w %d\n", i, v[i], w[i]);
			return 1;
		}
		sv += v[i];
		sw += w[i];
	}
	printf("sum v = %ld sum w = %ld\n", sv, sw);
	free(v);
	free(w);
	printf("OK\n");
	return 0;
}
