/* update device / update self on sub-ranges of present data. */
#include "common.h"

#define N 256
static int a[N];

int main(void)
{
	int i;
	accrt_dev d;
	for (i = 0; i < N; i++)
		a[i] = i;
	d = accrt_enter(ACCRT_COPYIN, a, sizeof a, ACCRT_DYNAMIC, "a", "update.c:10");
	/* host changes a[10:20] and pushes only a[10:5] */
	for (i = 10; i < 30; i++)
		a[i] += 1000;
	accrt_update_device(a + 10, 5 * sizeof(int), 0, "a[10:5]", "update.c:14");
	dev_inc(d, N, 1); /* device: i+1, except [10,15): i+1001 */
	/* pull back only a[12:40] */
	accrt_update_self(a + 12, 40 * sizeof(int), 0, "a[12:40]", "update.c:17");
	CHECK(all_eq(a, 0, 10, 0));
	CHECK(all_eq(a, 10, 12, 1000));       /* untouched host values */
	CHECK(all_eq(a, 12, 15, 1001));       /* pushed, incremented, pulled */
	CHECK(all_eq(a, 15, 30, 1));          /* device never saw +1000 here */
	CHECK(all_eq(a, 30, 52, 1));
	CHECK(all_eq(a, 52, N, 0));
	/* update self of the whole array, then a 1-element range at the end */
	accrt_update_self(a, sizeof a, 0, "a", "update.c:26");
	CHECK(all_eq(a, 0, 10, 1) && all_eq(a, 10, 15, 1001) && all_eq(a, 15, N, 1));
	a[N - 1] = -5;
	accrt_update_device(a + N - 1, sizeof(int), 0, "a[255]", "update.c:29");
	a[N - 1] = 0;
	accrt_update_self(a + N - 1, sizeof(int), 0, "a[255]", "update.c:31");
	CHECK(a[N - 1] == -5);
	/* if_present on absent data: nothing happens */
	accrt_exit(ACCRT_DELETE, a, sizeof a, ACCRT_DYNAMIC, "a", "update.c:34");
	a[0] = 77;
	accrt_update_self(a, sizeof a, ACCRT_IF_PRESENT, "a", "update.c:36");
	accrt_update_device(a, sizeof a, ACCRT_IF_PRESENT, "a", "update.c:37");
	CHECK(a[0] == 77);
	return finish("update");
}
