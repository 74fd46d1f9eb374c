/* Pointers to pointers (accrt.h section 9): the rows in one buffer seen
 * through the view of A[0][0] and the row pitch, the section's and each
 * row's counters, a sub-section found present, a row found present on its
 * own, updates of whole rows and of a part of each (a rectangle), copyout
 * of the rows whose counters reach zero, a jagged array (NULL rows, rows
 * attached one by one with their own lengths, a changed row pointer), rows
 * attached to pointers mapped as plain data, and the error paths. */
#include "common.h"

#define R 6
#define C 10

static const char rinc_src[] =
	"#line 1 \"rinc.c\"\n"
	"__kernel void rinc(__global int *a_base, ulong a_off, ulong pitch, int r0, int nr, int c0, int nc, int v) {\n"
	"  __global int *a = (__global int *)((__global char *)a_base + a_off);\n"
	"  int k = get_global_id(0);\n"
	"  if (k < nr * nc) a[(r0 + k / nc) * (long)pitch + c0 + k % nc] += v;\n"
	"}\n";

/* Add v to rows [r0, r0+nr), columns [c0, c0+nc) of the rows view d. */
static void rows_inc(accrt_dev d, size_t pitch_bytes, int r0, int nr, int c0, int nc, int v)
{
	accrt_kernel_t *k = accrt_kernel(accrt_program(rinc_src, "rinc.c"), "rinc");
	cl_ulong pitch = pitch_bytes / sizeof(int);
	size_t g[3] = {accrt_round_up((size_t)(nr * nc), 16), 1, 1}, l[3] = {16, 1, 1};
	accrt_arg_dev(k, 0, d);
	accrt_arg(k, 2, sizeof pitch, &pitch);
	accrt_arg(k, 3, sizeof r0, &r0);
	accrt_arg(k, 4, sizeof nr, &nr);
	accrt_arg(k, 5, sizeof c0, &c0);
	accrt_arg(k, 6, sizeof nc, &nc);
	accrt_arg(k, 7, sizeof v, &v);
	accrt_launch(k, 1, g, l, ACCRT_SYNC);
}

static int *A[R];

static void reset(void)
{
	for (int i = 0; i < R; i++)
		for (int j = 0; j < C; j++)
			A[i][j] = 100 * i + j;
}

/* 1 when A[i][j] == 100*i + j + add exactly inside rows [r0,r1) x columns [c0,c1) */
static int rect_eq(int r0, int r1, int c0, int c1, int add)
{
	for (int i = 0; i < R; i++)
		for (int j = 0; j < C; j++) {
			int in = i >= r0 && i < r1 && j >= c0 && j < c1;
			if (A[i][j] != 100 * i + j + (in ? add : 0))
				return 0;
		}
	return 1;
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";
	void *const *base = (void *const *)A;
	size_t pitch = 0;
	accrt_dev d;

	for (int i = 0; i < R; i++)
		A[i] = malloc(C * sizeof(int));
	if (strcmp(mode, "same-row") == 0) {
		A[4] = A[1];
		accrt_enter_rows_async(ACCRT_COPYIN, base, 0, R, 0, C * sizeof(int), 0, ACCRT_SYNC, "A[0:6][0:10]", "rows.c:2", NULL);
		return 0;
	}
	if (strcmp(mode, "row-first") == 0) {
		accrt_enter(ACCRT_COPYIN, A[3], C * sizeof(int), ACCRT_DYNAMIC, "A[3][0:10]", "rows.c:3");
		accrt_enter_rows_async(ACCRT_COPYIN, base, 0, R, 0, C * sizeof(int), 0, ACCRT_SYNC, "A[0:6][0:10]", "rows.c:4", NULL);
		return 0;
	}
	if (strcmp(mode, "pointers-only") == 0) {
		accrt_enter(ACCRT_COPYIN, A, sizeof A, ACCRT_DYNAMIC, "A", "rows.c:5");
		accrt_lookup_rows(base, "A", "rows.c:6", &pitch);
		return 0;
	}
	if (strcmp(mode, "absent") == 0) {
		accrt_lookup_rows(base, "A", "rows.c:7", &pitch);
		return 0;
	}
	if (strcmp(mode, "row-first-dynamic") == 0) { /* attached to data present on its own: fine until a kernel */
		accrt_enter(ACCRT_COPYIN, A[3], C * sizeof(int), ACCRT_DYNAMIC, "A[3][0:10]", "rows.c:10");
		accrt_enter_rows_async(ACCRT_COPYIN, base, 0, R, 0, C * sizeof(int), ACCRT_DYNAMIC, ACCRT_SYNC, "A[0:6][0:10]", "rows.c:11", NULL);
		CHECK(dref(A[3]) == 2);
		accrt_lookup_rows(base, "A", "rows.c:12", &pitch);
		return 0;
	}
	if (strcmp(mode, "changed-row") == 0) {
		accrt_enter_rows_async(ACCRT_COPYIN, base, 0, R, 0, C * sizeof(int), ACCRT_DYNAMIC, ACCRT_SYNC, "A[0:6][0:10]", "rows.c:8", NULL);
		A[2] = malloc(C * sizeof(int));
		accrt_enter_rows_async(ACCRT_PRESENT, base, 0, R, 0, C * sizeof(int), 0, ACCRT_SYNC, "A[0:6][0:10]", "rows.c:9", NULL);
		return 0;
	}

	/* 1. copy: in, a kernel through the view, out; counters per row */
	reset();
	d = accrt_enter_rows_async(ACCRT_COPY, base, 0, R, 0, C * sizeof(int), 0, ACCRT_SYNC, "A[0:6][0:10]", "rows.c:100", &pitch);
	CHECK(d.mem != NULL && pitch == C * sizeof(int));
	CHECK(sref(A) == 1 && sref(A[0]) == 1 && sref(A[R - 1] + C - 1) == 1 && dref(A[3]) == 0);
	rows_inc(d, pitch, 0, R, 0, C, 5);
	accrt_exit_rows_async(ACCRT_COPY, base, 0, R, 0, C * sizeof(int), 0, ACCRT_SYNC, "A[0:6][0:10]", "rows.c:100");
	CHECK(!accrt_present_counts(A, NULL, NULL) && !accrt_present_counts(A[2], NULL, NULL));
	CHECK(rect_eq(0, R, 0, C, 5));

	/* 2. a sub-section of rows and columns: the view still addresses A[i][j] */
	reset();
	d = accrt_enter_rows_async(ACCRT_COPY, base, 1, 4, 2 * sizeof(int), 5 * sizeof(int), 0, ACCRT_SYNC, "A[1:4][2:5]", "rows.c:200", &pitch);
	CHECK(pitch == 5 * sizeof(int));
	CHECK(!accrt_present_counts(A[0], NULL, NULL) && !accrt_present_counts(A[1], NULL, NULL));
	CHECK(sref(A[1] + 2) == 1 && sref(A[4] + 6) == 1 && !accrt_present_counts(A[4] + 7, NULL, NULL));
	rows_inc(d, pitch, 1, 4, 2, 5, 7);
	accrt_exit_rows_async(ACCRT_COPY, base, 1, 4, 2 * sizeof(int), 5 * sizeof(int), 0, ACCRT_SYNC, "A[1:4][2:5]", "rows.c:200");
	CHECK(rect_eq(1, 5, 2, 7, 7));

	/* 3. enter data, then a construct finds the rows present (and a
	 * sub-section of them, and one row as plain data); lookup; updates */
	reset();
	accrt_enter_rows_async(ACCRT_COPYIN, base, 0, R, 0, C * sizeof(int), ACCRT_DYNAMIC, ACCRT_SYNC, "A[0:6][0:10]", "rows.c:300", NULL);
	d = accrt_enter_rows_async(ACCRT_PRESENT, base, 2, 3, sizeof(int), 4 * sizeof(int), 0, ACCRT_SYNC, "A[2:3][1:4]", "rows.c:301", &pitch);
	CHECK(pitch == C * sizeof(int) && sref(A[3]) == 1 && dref(A[3]) == 1 && sref(A[1]) == 0 && sref(A) == 1);
	rows_inc(d, pitch, 0, R, 0, C, 1);
	accrt_exit_rows_async(ACCRT_PRESENT, base, 2, 3, sizeof(int), 4 * sizeof(int), 0, ACCRT_SYNC, "A[2:3][1:4]", "rows.c:301");
	CHECK(sref(A[3]) == 0 && dref(A[3]) == 1 && rect_eq(0, 0, 0, 0, 0));
	accrt_enter(ACCRT_COPY, A[4], C * sizeof(int), 0, "A[4][0:10]", "rows.c:302");
	CHECK(sref(A[4]) == 1 && sref(A[3]) == 0);
	accrt_exit(ACCRT_COPY, A[4], C * sizeof(int), 0, "A[4][0:10]", "rows.c:302");
	CHECK(sref(A[4]) == 0 && dref(A[4]) == 1 && rect_eq(0, 0, 0, 0, 0));
	d = accrt_lookup_rows(base, "A", "rows.c:303", &pitch);
	rows_inc(d, pitch, 0, R, 0, C, 2); /* now +3 on the device */
	accrt_update_rows_self_async(base, 1, 3, 2 * sizeof(int), 4 * sizeof(int), 0, ACCRT_SYNC, "A[1:3][2:4]", "rows.c:304");
	CHECK(rect_eq(1, 4, 2, 6, 3));
	accrt_update_self(A[5], C * sizeof(int), 0, "A[5][0:10]", "rows.c:305");
	for (int j = 0; j < C; j++)
		CHECK(A[5][j] == 500 + j + 3);
	reset();
	accrt_update_rows_device_async(base, 0, R, 0, C * sizeof(int), 0, ACCRT_SYNC, "A[0:6][0:10]", "rows.c:306");
	accrt_exit_rows_async(ACCRT_COPYOUT, base, 0, R, 0, C * sizeof(int), ACCRT_DYNAMIC, ACCRT_SYNC, "A[0:6][0:10]", "rows.c:307");
	CHECK(!accrt_present_counts(A, NULL, NULL) && !accrt_present_counts(A[0], NULL, NULL));
	CHECK(rect_eq(0, 0, 0, 0, 0));

	/* 4. exit of a part of the rows: only the rows whose counters reach
	 * zero are copied out; the others stay present */
	reset();
	accrt_enter_rows_async(ACCRT_COPYIN, base, 0, R, 0, C * sizeof(int), 0, ACCRT_SYNC, "A[0:6][0:10]", "rows.c:400", &pitch);
	d = accrt_enter_rows_async(ACCRT_COPY, base, 0, 2, 0, C * sizeof(int), ACCRT_DYNAMIC, ACCRT_SYNC, "A[0:2][0:10]", "rows.c:401", &pitch);
	rows_inc(d, pitch, 0, R, 0, C, 9);
	accrt_exit_rows_async(ACCRT_COPYOUT, base, 0, R, 0, C * sizeof(int), 0, ACCRT_SYNC, "A[0:6][0:10]", "rows.c:402");
	CHECK(rect_eq(2, R, 0, C, 9) && dref(A[0]) == 1 && dref(A[1]) == 1 && !accrt_present_counts(A[2], NULL, NULL));
	accrt_exit_rows_async(ACCRT_DELETE, base, 0, 2, 0, C * sizeof(int), ACCRT_DYNAMIC, ACCRT_SYNC, "A[0:2][0:10]", "rows.c:403");
	CHECK(!accrt_present_counts(A[0], NULL, NULL) && rect_eq(2, R, 0, C, 9));

	/* 5. no_create of absent rows: nothing */
	d = accrt_enter_rows_async(ACCRT_NO_CREATE, base, 0, R, 0, C * sizeof(int), 0, ACCRT_SYNC, "A", "rows.c:500", &pitch);
	CHECK(d.mem == NULL && pitch == 0 && !accrt_present_counts(A[0], NULL, NULL));

	/* 6. a jagged array: the pointers mapped while the rows are NULL (no
	 * action for them), then each row attached with its own length, i + 5
	 * (the pitch grows, the rows attached before move with their data); a
	 * kernel through the view, updates of single rows; a changed row
	 * pointer (the new data attached, the old present on its own); the
	 * rows' exits, then the pointers' with what they point to */
	{
		int *saved[R], *old;
		reset();
		for (int i = 0; i < R; i++)
			saved[i] = A[i], A[i] = NULL;
		accrt_enter_rows_async(ACCRT_CREATE, base, 0, R, 0, sizeof(int), ACCRT_DYNAMIC, ACCRT_SYNC, "A[0:6][0:1]", "rows.c:600", NULL);
		CHECK(dref(A) == 1);
		for (int i = 0; i < R; i++) {
			A[i] = saved[i];
			accrt_enter_rows_async(ACCRT_COPYIN, base, (size_t)i, 1, 0, (size_t)(i + 5) * sizeof(int), ACCRT_DYNAMIC, ACCRT_SYNC, "A[i:1][0:i+5]", "rows.c:601", NULL);
			CHECK(dref(A[i]) == 1 && dref(A[i] + i + 4) == 1 && !accrt_present_counts(A[i] + i + 5, NULL, NULL));
		}
		CHECK(dref(A) == 1 + R);
		d = accrt_lookup_rows(base, "A", "rows.c:602", &pitch);
		CHECK(pitch >= (R + 4) * sizeof(int) && pitch % sizeof(int) == 0);
		rows_inc(d, pitch, 0, R, 0, 5, 1);
		for (int i = 0; i < R; i++)
			accrt_update_rows_self_async(base, (size_t)i, 1, 0, (size_t)(i + 5) * sizeof(int), 0, ACCRT_SYNC, "A[i:1][0:i+5]", "rows.c:603");
		CHECK(rect_eq(0, R, 0, 5, 1));
		old = A[2];
		A[2] = malloc(C * sizeof(int));
		for (int j = 0; j < C; j++)
			A[2][j] = 200 + j;
		accrt_enter_rows_async(ACCRT_COPYIN, base, 2, 1, 0, C * sizeof(int), ACCRT_DYNAMIC, ACCRT_SYNC, "A[2:1][0:10]", "rows.c:604", NULL);
		CHECK(dref(old) == 1 && dref(A[2]) == 1 && dref(A) == 2 + R);
		d = accrt_lookup_rows(base, "A", "rows.c:605", &pitch);
		rows_inc(d, pitch, 2, 1, 0, C, 3);
		memset(old, 0, C * sizeof(int));
		accrt_update_self(old, 7 * sizeof(int), 0, "old[0:7]", "rows.c:606");
		for (int j = 0; j < 7; j++)
			CHECK(old[j] == 200 + j + (j < 5));
		for (int i = 0; i < R; i++)
			accrt_exit_rows_async(ACCRT_COPYOUT, base, (size_t)i, 1, 0, (size_t)(i == 2 ? C : i + 5) * sizeof(int), ACCRT_DYNAMIC, ACCRT_SYNC, "A[i:1][0:len]", "rows.c:607");
		for (int i = 0; i < R; i++)
			for (int j = 0; j < (i == 2 ? C : i + 5); j++)
				CHECK(A[i][j] == (i == 2 ? 203 + j : 100 * i + j + (j < 5)));
		CHECK(!accrt_present_counts(A[0], NULL, NULL) && dref(A) == 2);
		accrt_exit(ACCRT_DELETE, (void *)A, 0, ACCRT_DYNAMIC | ACCRT_POINTEE, "A", "rows.c:608");
		CHECK(dref(A) == 1);
		accrt_exit(ACCRT_DELETE, (void *)A, 0, ACCRT_DYNAMIC | ACCRT_POINTEE, "A", "rows.c:609");
		CHECK(!accrt_present_counts(A, NULL, NULL) && dref(old) == 1);
		accrt_exit(ACCRT_DELETE, old, 7 * sizeof(int), ACCRT_DYNAMIC, "old", "rows.c:610");
		free(old);
	}

	/* 7. the row pointers mapped as plain data, then each row attached to
	 * them (accrt_enter_row_async): the mapping becomes their section; the
	 * pointers keep their own counters; a row whose pointer is not present
	 * is plain data */
	{
		int *lone = malloc(C * sizeof(int));
		reset();
		accrt_enter(ACCRT_COPYIN, A, sizeof A, ACCRT_DYNAMIC, "A[0:6]", "rows.c:700");
		for (int i = 0; i < R; i++)
			accrt_enter_row_async(ACCRT_COPYIN, base + i, 0, (size_t)(i + 4) * sizeof(int), ACCRT_DYNAMIC, ACCRT_SYNC, "A[i][0:i+4]", "rows.c:701");
		CHECK(dref(A) == 1 && dref(A[2]) == 1 && dref(A[5] + 8) == 1);
		d = accrt_lookup_rows(base, "A", "rows.c:702", &pitch);
		rows_inc(d, pitch, 0, R, 0, 4, 5);
		for (int i = 0; i < R; i++)
			accrt_exit(ACCRT_COPYOUT, A[i], (size_t)(i + 4) * sizeof(int), ACCRT_DYNAMIC, "A[i][0:i+4]", "rows.c:703");
		CHECK(rect_eq(0, R, 0, 4, 5) && dref(A) == 1 && !accrt_present_counts(A[0], NULL, NULL));
		accrt_exit(ACCRT_DELETE, A, sizeof A, ACCRT_DYNAMIC, "A[0:6]", "rows.c:704");
		CHECK(!accrt_present_counts(A, NULL, NULL));
		accrt_enter_row_async(ACCRT_COPYIN, (void *const *)&lone, 0, C * sizeof(int), ACCRT_DYNAMIC, ACCRT_SYNC, "lone[0:10]", "rows.c:705");
		CHECK(dref(lone) == 1 && !accrt_present_counts(&lone, NULL, NULL));
		accrt_exit(ACCRT_DELETE, lone, C * sizeof(int), ACCRT_DYNAMIC, "lone[0:10]", "rows.c:706");
		free(lone);
	}

	for (int i = 0; i < R; i++)
		free(A[i]);
	return finish("rows");
}
