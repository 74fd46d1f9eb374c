/* The present table: structured and dynamic reference counters (OpenACC 3.3
 * 2.6.7), copyout at the right moment, sub-arrays, and the error paths. */
#include "common.h"
#include "openacc.h"

#define N 1024
static int a[N], b[N];
#define ALL (N * sizeof(int))

static void reset(void)
{
	int i;
	for (i = 0; i < N; i++)
		a[i] = i;
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";
	accrt_dev d, d2, s;

	if (strcmp(mode, "absent") == 0) {
		accrt_enter(ACCRT_PRESENT, a, ALL, 0, "a", "present.c:12");
		return 0;
	}
	if (strcmp(mode, "pointer-absent") == 0) {
		/* a pointer a construct uses with no clause for its data */
		accrt_lookup(a, 0, "p", "present.c:17");
		return 0;
	}
	if (strcmp(mode, "partial") == 0) {
		accrt_enter(ACCRT_COPYIN, a, 10 * sizeof(int), ACCRT_DYNAMIC, "a[0:10]", "present.c:3");
		accrt_enter(ACCRT_COPYIN, a + 5, 10 * sizeof(int), 0, "a[5:10]", "present.c:7");
		return 0;
	}
	if (strcmp(mode, "contains") == 0) {
		accrt_enter(ACCRT_CREATE, a + 10, 10 * sizeof(int), ACCRT_DYNAMIC, "a[10:10]", "present.c:3");
		accrt_exit(ACCRT_COPYOUT, a, 30 * sizeof(int), ACCRT_DYNAMIC, "a[0:30]", "present.c:9");
		return 0;
	}
	if (strcmp(mode, "update-absent") == 0) {
		accrt_update_self(a, ALL, ACCRT_IF_PRESENT, "a", "present.c:4"); /* fine */
		accrt_update_self(a, ALL, 0, "a", "present.c:5");
		return 0;
	}
	if (strcmp(mode, "rect-absent") == 0) {
		/* a column of a 32 x 32 view of a[]: rows 0..31 of column 31, the
		 * mapping a[0:512] holds only half of its rectangle */
		accrt_enter(ACCRT_COPYIN, a, 512 * sizeof(int), ACCRT_DYNAMIC, "a[0:512]", "present.c:3");
		accrt_update_rect_self_async(a + 31, sizeof(int), 32, 32 * sizeof(int), 1, 0, ACCRT_IF_PRESENT, ACCRT_SYNC,
		                             "u[0:32][31:1]", "present.c:13");
		return 0;
	}
	if (strcmp(mode, "rect-negative") == 0) {
		/* u[0:n][1:m-2] with m = 1: a length of -1 */
		accrt_enter(ACCRT_COPYIN, a, ALL, ACCRT_DYNAMIC, "a", "present.c:3");
		accrt_update_rect_device_async(a + 1, (size_t)-1 * sizeof(int), 32, 32 * sizeof(int), 1, 0, 0, ACCRT_SYNC,
		                               "u[0:32][1:m-2]", "present.c:14");
		return 0;
	}
	if (strcmp(mode, "negative") == 0) {
		/* copy(a[0:n]) with n = -5: the length in bytes, converted to size_t */
		accrt_enter(ACCRT_COPY, a, (size_t)-5 * sizeof(int), 0, "a[0:n]", "present.c:15");
		return 0;
	}
	if (strcmp(mode, "delete-entry") == 0) {
		accrt_enter(ACCRT_DELETE, a, ALL, 0, "a", "present.c:6");
		return 0;
	}

	/* 1. nested structured regions: copy inside copy */
	reset();
	d = accrt_enter(ACCRT_COPY, a, ALL, 0, "a", "present.c:100");
	CHECK(d.mem != NULL && d.offset == 0);
	CHECK(sref(a) == 1 && dref(a) == 0);
	dev_inc(d, N, 1);
	d2 = accrt_enter(ACCRT_COPY, a, ALL, 0, "a", "present.c:101");
	CHECK(d2.mem == d.mem && d2.offset == 0);
	CHECK(sref(a) == 2);
	accrt_exit(ACCRT_COPY, a, ALL, 0, "a", "present.c:101");
	CHECK(sref(a) == 1);
	CHECK(all_eq(a, 0, N, 0)); /* inner exit: counter 1, no copyout */
	accrt_exit(ACCRT_COPY, a, ALL, 0, "a", "present.c:100");
	CHECK(!accrt_present_counts(a, NULL, NULL));
	CHECK(all_eq(a, 0, N, 1)); /* outer exit: copied out */

	/* 2. a structured region inside enter/exit data */
	reset();
	accrt_enter(ACCRT_COPYIN, a, ALL, ACCRT_DYNAMIC, "a", "present.c:200");
	CHECK(sref(a) == 0 && dref(a) == 1);
	d = accrt_enter(ACCRT_COPY, a, ALL, 0, "a", "present.c:201");
	CHECK(sref(a) == 1 && dref(a) == 1);
	dev_inc(d, N, 2);
	accrt_exit(ACCRT_COPY, a, ALL, 0, "a", "present.c:201");
	CHECK(sref(a) == 0 && dref(a) == 1);
	CHECK(all_eq(a, 0, N, 0)); /* dynamic counter 1: no copyout */
	accrt_enter(ACCRT_COPYIN, a, ALL, ACCRT_DYNAMIC, "a", "present.c:202");
	CHECK(dref(a) == 2);
	accrt_exit(ACCRT_COPYOUT, a, ALL, ACCRT_DYNAMIC, "a", "present.c:203");
	CHECK(dref(a) == 1 && all_eq(a, 0, N, 0));
	accrt_exit(ACCRT_COPYOUT, a, ALL, ACCRT_DYNAMIC, "a", "present.c:204");
	CHECK(!accrt_present_counts(a, NULL, NULL));
	CHECK(all_eq(a, 0, N, 2));
	/* exit of absent data: no action */
	accrt_exit(ACCRT_COPYOUT, a, ALL, ACCRT_DYNAMIC, "a", "present.c:205");
	accrt_exit(ACCRT_COPY, a, ALL, 0, "a", "present.c:206");
	CHECK(all_eq(a, 0, N, 2));

	/* 3. finalize */
	reset();
	accrt_enter(ACCRT_COPYIN, a, ALL, ACCRT_DYNAMIC, "a", "present.c:300");
	accrt_enter(ACCRT_COPYIN, a, ALL, ACCRT_DYNAMIC, "a", "present.c:300");
	d = accrt_enter(ACCRT_CREATE, a, ALL, ACCRT_DYNAMIC, "a", "present.c:300");
	CHECK(dref(a) == 3);
	dev_inc(d, N, 5);
	accrt_exit(ACCRT_DELETE, a, ALL, ACCRT_DYNAMIC | ACCRT_FINALIZE, "a", "present.c:301");
	CHECK(!accrt_present_counts(a, NULL, NULL));
	CHECK(all_eq(a, 0, N, 0)); /* delete: nothing copied */
	/* finalize with a structured reference outstanding: data stays */
	d = accrt_enter(ACCRT_COPY, a, ALL, 0, "a", "present.c:302");
	accrt_enter(ACCRT_COPYIN, a, ALL, ACCRT_DYNAMIC, "a", "present.c:303");
	accrt_enter(ACCRT_COPYIN, a, ALL, ACCRT_DYNAMIC, "a", "present.c:303");
	dev_inc(d, N, 3);
	accrt_exit(ACCRT_COPYOUT, a, ALL, ACCRT_DYNAMIC | ACCRT_FINALIZE, "a", "present.c:304");
	CHECK(sref(a) == 1 && dref(a) == 0);
	CHECK(all_eq(a, 0, N, 0));
	accrt_exit(ACCRT_COPY, a, ALL, 0, "a", "present.c:302");
	CHECK(!accrt_present_counts(a, NULL, NULL));
	CHECK(all_eq(a, 0, N, 3));

	/* 4. a sub-array of a present array: same buffer, byte offset */
	reset();
	d = accrt_enter(ACCRT_COPYIN, a, ALL, ACCRT_DYNAMIC, "a", "present.c:400");
	s = accrt_enter(ACCRT_PRESENT, a + 10, 20 * sizeof(int), 0, "a[10:20]", "present.c:401");
	CHECK(s.mem == d.mem && s.offset == 10 * sizeof(int));
	CHECK(sref(a) == 1 && dref(a) == 1 && sref(a + 29) == 1);
	dev_inc(s, 20, 100);
	accrt_exit(ACCRT_PRESENT, a + 10, 20 * sizeof(int), 0, "a[10:20]", "present.c:401");
	CHECK(sref(a) == 0 && dref(a) == 1);
	CHECK(all_eq(a, 0, N, 0));
	accrt_update_self(a, ALL, 0, "a", "present.c:402");
	CHECK(all_eq(a, 0, 10, 0) && all_eq(a, 10, 30, 100) && all_eq(a, 30, N, 0));
	/* copyout of a sub-array when the counters reach zero copies that range only */
	dev_inc(d, N, 1);
	s = accrt_enter(ACCRT_COPYOUT, a + 100, 50 * sizeof(int), 0, "a[100:50]", "present.c:403");
	CHECK(s.mem == d.mem && s.offset == 100 * sizeof(int));
	accrt_exit(ACCRT_COPYOUT, a + 100, 50 * sizeof(int), 0, "a[100:50]", "present.c:403");
	CHECK(all_eq(a, 100, 150, 0)); /* dynamic counter still 1 */
	accrt_exit(ACCRT_COPYOUT, a + 100, 50 * sizeof(int), ACCRT_DYNAMIC, "a[100:50]", "present.c:404");
	CHECK(!accrt_present_counts(a, NULL, NULL));
	CHECK(all_eq(a, 0, 10, 0) && all_eq(a, 10, 30, 100) && all_eq(a, 30, 100, 0));
	CHECK(all_eq(a, 100, 150, 1) && all_eq(a, 150, N, 0));

	/* 5. no_create, zero length, NULL */
	s = accrt_enter(ACCRT_NO_CREATE, a, ALL, 0, "a", "present.c:500");
	CHECK(s.mem == NULL && s.offset == 0 && !accrt_present_counts(a, NULL, NULL));
	accrt_exit(ACCRT_NO_CREATE, a, ALL, 0, "a", "present.c:500");
	d = accrt_enter(ACCRT_CREATE, a, ALL, ACCRT_DYNAMIC, "a", "present.c:501");
	s = accrt_enter(ACCRT_NO_CREATE, a + 1, 4, 0, "a[1]", "present.c:502");
	CHECK(s.mem == d.mem && s.offset == 4 && sref(a) == 1);
	accrt_exit(ACCRT_NO_CREATE, a + 1, 4, 0, "a[1]", "present.c:502");
	CHECK(sref(a) == 0 && dref(a) == 1);
	s = accrt_enter(ACCRT_COPYIN, a + 3, 0, 0, "a[3:0]", "present.c:503");
	CHECK(s.mem == d.mem && s.offset == 12 && sref(a) == 0 && dref(a) == 1);
	accrt_exit(ACCRT_COPYIN, a + 3, 0, 0, "a[3:0]", "present.c:503");
	CHECK(sref(a) == 0 && dref(a) == 1);
	accrt_exit(ACCRT_DELETE, a, ALL, ACCRT_DYNAMIC, "a", "present.c:504");
	s = accrt_enter(ACCRT_COPYIN, a, 0, 0, "a[0:0]", "present.c:505");
	CHECK(s.mem == NULL && !accrt_present_counts(a, NULL, NULL));
	s = accrt_enter(ACCRT_COPYIN, NULL, 64, 0, "p", "present.c:506");
	CHECK(s.mem == NULL);
	accrt_exit(ACCRT_COPYIN, NULL, 64, 0, "p", "present.c:506");

	/* 6. two disjoint mappings side by side */
	reset();
	d = accrt_enter(ACCRT_COPYIN, a, 512 * sizeof(int), ACCRT_DYNAMIC, "a[0:512]", "present.c:600");
	d2 = accrt_enter(ACCRT_COPYIN, a + 512, 512 * sizeof(int), ACCRT_DYNAMIC, "a[512:512]", "present.c:601");
	CHECK(d.mem != d2.mem);
	s = accrt_lookup(a + 600, 4, "a[600]", "present.c:602");
	CHECK(s.mem == d2.mem && s.offset == 88 * sizeof(int));
	s = accrt_lookup(a + 511, 4, "a[511]", "present.c:603");
	CHECK(s.mem == d.mem && s.offset == 511 * sizeof(int));
	accrt_exit(ACCRT_DELETE, a, 512 * sizeof(int), ACCRT_DYNAMIC, "a[0:512]", "present.c:604");
	CHECK(!accrt_present_counts(a, NULL, NULL) && accrt_present_counts(a + 512, NULL, NULL));
	accrt_exit(ACCRT_DELETE, a + 512, 512 * sizeof(int), ACCRT_DYNAMIC, "a[512:512]", "present.c:605");
	CHECK(!accrt_present_counts(a + 512, NULL, NULL));

	/* 7. recycled buffers: a freed mapping's buffer serves the next one of
	 * its size (up to twice it); a larger mapping gets a new one, and
	 * acc_map_data's borrowed block stays out of the pool. A buffer freed
	 * while an async queue may still use it waits for that work (which
	 * this test cannot hold back for certain) and then serves too. */
	reset();
	d = accrt_enter(ACCRT_COPYIN, a, ALL, ACCRT_DYNAMIC, "a", "present.c:700");
	accrt_exit(ACCRT_DELETE, a, ALL, ACCRT_DYNAMIC, "a", "present.c:701");
	d2 = accrt_enter(ACCRT_CREATE, b, ALL - 64, ACCRT_DYNAMIC, "b", "present.c:702");
	CHECK(d2.mem == d.mem);
	accrt_update_self(b, ALL - 64, 0, "b", "present.c:703"); /* create's memory: the earlier owner's data */
	CHECK(b[0] == 0 && b[N - 17] == N - 17);
	accrt_exit(ACCRT_DELETE, b, ALL - 64, ACCRT_DYNAMIC, "b", "present.c:704");
	s = accrt_enter(ACCRT_CREATE, b, 2 * ALL + 8192, ACCRT_DYNAMIC, "b", "present.c:705"); /* over twice: a new one */
	CHECK(s.mem != d.mem);
	accrt_exit(ACCRT_DELETE, b, 2 * ALL + 8192, ACCRT_DYNAMIC, "b", "present.c:706");
	{
		void *blk = acc_malloc(ALL);
		accrt_dev bd = accrt_devptr(blk, "blk", "present.c:711");
		acc_map_data(b, blk, ALL);
		acc_unmap_data(b);
		s = accrt_enter(ACCRT_CREATE, a, ALL, ACCRT_DYNAMIC, "a", "present.c:712");
		CHECK(s.mem != bd.mem); /* the block is acc_malloc's still */
		accrt_exit(ACCRT_DELETE, a, ALL, ACCRT_DYNAMIC, "a", "present.c:713");
		acc_free(blk);
	}
	{
		/* (a size no buffer kept so far can serve) */
		size_t big = 8 * ALL;
		int *x = calloc(8 * N, sizeof(int)), *y = calloc(8 * N, sizeof(int));
		d = accrt_enter(ACCRT_COPYIN, x, big, ACCRT_DYNAMIC, "x", "present.c:720");
		dev_inc_async(d, 8 * N, 7, 1); /* a launch without an event: queue 1 counts as busy */
		accrt_exit(ACCRT_DELETE, x, big, ACCRT_DYNAMIC, "x", "present.c:721");
		accrt_wait(1);
		d2 = accrt_enter(ACCRT_CREATE, y, big, ACCRT_DYNAMIC, "y", "present.c:722");
		CHECK(d2.mem == d.mem);
		accrt_update_self(y, big, 0, "y", "present.c:723"); /* what the async kernel left there */
		CHECK(y[0] == 7 && y[8 * N - 1] == 7);
		accrt_exit(ACCRT_DELETE, y, big, ACCRT_DYNAMIC, "y", "present.c:724");
		free(x);
		free(y);
	}

	return finish("present");
}
