/* Pointers that a compute construct dereferences with no data clause, as
 * code written for NVIDIA's compiler does: accls copies the section the
 * subscripts reach (from the loops' bounds, the conditions around the
 * subscript and the variables the construct does not change), copyin when
 * the construct only reads it, copy otherwise; data that is already
 * present (a data region, enter data) is used as it is and moves nothing.
 * exec-bytes counts exactly those sections (the last part adds the data
 * region's and enter data's own 15984 bytes). */
// exec-bytes: h2d=101552 d2h=43968
#include <stdio.h>
#include <stdlib.h>

#define N 1000
#define R 20
#define C 30

typedef struct {
	double x, y;
} point;

static int check(const char *what, double got, double want)
{
	if (got != want) {
		printf("FAIL %s: %.1f, want %.1f\n", what, got, want);
		return 1;
	}
	printf("%s %.1f\n", what, got);
	return 0;
}

int main(void)
{
	int n = N, rows = R, cols = C, bad = 0;
	double *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b), *c = malloc(N * sizeof *c);
	double *m = malloc(R * C * sizeof *m), *t = malloc(R * C * sizeof *t);
	float(*g)[C] = malloc(R * sizeof *g);
	point *p = malloc(N * sizeof *p);
	for (int i = 0; i < N; i++) {
		a[i] = i;
		b[i] = 2 * i;
		c[i] = -1;
		p[i].x = i % 7;
		p[i].y = 0;
	}
	for (int i = 0; i < R * C; i++)
		m[i] = i % 11;

	/* a, b in (8000 + 8000), c in and out (8000) */
#pragma acc parallel loop
	for (int i = 0; i < n; i++)
		c[i] = a[i] + b[i];
	double s = 0;
	for (int i = 0; i < N; i++)
		s += c[i];
	bad += check("sum", s, 1498500);

	/* a[0:n] in (8000); c[1:n-2] in and out (7984): c[0] and c[n-1] keep
	 * their values */
#pragma acc parallel loop
	for (int i = 1; i < n - 1; i++)
		c[i] = a[i - 1] + a[i + 1];
	s = 0;
	for (int i = 0; i < N; i++)
		s += c[i] * (i % 3);
	bad += check("stencil", s, 998334);

	/* the condition narrows i: b[1:n-2] (7984 in and out), c[0:n] in (8000) */
#pragma acc kernels
	for (int i = 0; i < n; i++)
		if (i > 0 && i < n - 1)
			b[i] = (c[i - 1] + c[i + 1]) / 2;
	s = 0;
	for (int i = 0; i < N; i++)
		s += b[i];
	bad += check("guarded", s, 999499.5);

	/* linearized 2-D, with a local index: m[0:rows*cols] in (4800), t out
	 * through copy (4800 in and out); the transpose writes t[j*rows + i] */
#pragma acc parallel loop collapse(2)
	for (int i = 0; i < rows; i++)
		for (int j = 0; j < cols; j++) {
			int k = i * cols + j;
			t[j * rows + i] = m[k] * 2;
		}
	s = 0;
	for (int i = 0; i < R * C; i++)
		s += t[i] * (i % 5);
	bad += check("transpose", s, 11956);

	/* a flat index split by a variable: i / cols and i % cols, m read
	 * whole (4800 in), t written whole (4800 in and out) */
#pragma acc parallel loop
	for (int i = 0; i < rows * cols; i++) {
		int r = i / cols, c = i % cols;
		t[c * rows + r] = m[i] + 1;
	}
	s = 0;
	for (int i = 0; i < R * C; i++)
		s += t[i] * (i % 3);
	bad += check("flat", s, 3594);

	/* a pointer to rows: g[0:rows] (2400, copy) */
#pragma acc parallel loop
	for (int i = rows - 1; i >= 0; i--)
		for (int j = 0; j < cols; j++)
			g[i][j] = (float)(i + j);
	s = 0;
	for (int i = 0; i < R; i++)
		for (int j = 0; j < C; j++)
			s += g[i][j];
	bad += check("rows", s, 14400);

	/* structs, through p[i].y, (p + i)->x and *(p + i): p[0:n/2] (8000, copy) */
#pragma acc parallel loop
	for (int i = 0; i < n / 2; i++)
		p[i].y = (p + i)->x * 2 + (*(p + i)).x;
	s = 0;
	for (int i = 0; i < N; i++)
		s += p[i].y;
	bad += check("structs", s, 4482);

	/* present data moves nothing: a data region maps all of a, the construct
	 * reads a section of it; enter data maps c[1:n-2], and the construct's
	 * c[0:n] is more (a != condition does not narrow i) but overlaps it */
	s = 0;
#pragma acc data copyin(a[0:n])
	{
#pragma acc enter data copyin(c[1:n - 2])
#pragma acc parallel loop reduction(+ : s)
		for (int i = 0; i < n; i++)
			if (i != 0 && i != n - 1)
				s += a[i] + c[i];
#pragma acc exit data delete(c[1:n - 2])
	}
	bad += check("present", s, 1495503);

	if (bad) {
		printf("FAIL\n");
		return 1;
	}
	printf("OK\n");
	return 0;
}
