/* Large copies, staged through pinned chunks when ACCLS_PINNED=1 (several
 * 8 MiB chunks, a tail, a sub-range at an offset) or plain: same results. */
#include "common.h"

#define N (5 * 1024 * 1024 + 123) /* 20 MiB + 492 bytes of int */

int main(void)
{
	int i, *a = malloc(N * sizeof *a);
	accrt_dev d;
	for (i = 0; i < N; i++)
		a[i] = i;
	d = accrt_enter(ACCRT_COPYIN, a, (size_t)N * sizeof *a, ACCRT_DYNAMIC, "a", "pinned.c:12");
	dev_inc(d, N, 1);
	/* pull back a 9 MiB sub-range at an odd offset, then push a 3 MiB one */
	accrt_update_self(a + 1001, (size_t)(9 << 18) * sizeof *a, 0, "a[1001:9<<18]", "pinned.c:15");
	CHECK(all_eq(a, 0, 1001, 0));
	CHECK(all_eq(a, 1001, 1001 + (9 << 18), 1));
	CHECK(all_eq(a, 1001 + (9 << 18), N, 0));
	for (i = 7; i < 7 + (3 << 18); i++)
		a[i] = i + 100;
	accrt_update_device(a + 7, (size_t)(3 << 18) * sizeof *a, 0, "a[7:3<<18]", "pinned.c:21");
	dev_inc(d, N, 1);
	accrt_exit(ACCRT_COPYOUT, a, (size_t)N * sizeof *a, ACCRT_DYNAMIC, "a", "pinned.c:23");
	CHECK(all_eq(a, 0, 7, 2));
	CHECK(all_eq(a, 7, 7 + (3 << 18), 101));
	CHECK(all_eq(a, 7 + (3 << 18), N, 2));
	free(a);
	return finish("pinned");
}
