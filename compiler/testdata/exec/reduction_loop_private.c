/* Worker and vector reductions on a variable that the enclosing gang loop
 * names in private(...) (declared outside the construct): each gang reduces
 * its own copy, as for a variable declared in the gang loop's body. The
 * pattern of per-row statistics: a row mean with loop worker reduction(+:),
 * then a second worker loop that uses it; a row maximum with loop vector
 * reduction(max:); a product and a bitwise or on a combined construct's
 * private clause. */
#include <stdio.h>

#define ROWS 37
#define COLS 300

static float a[ROWS][COLS], d[ROWS][COLS];
static float rowmax[ROWS];
static long prod[ROWS];
static unsigned bits[ROWS];

int main(void)
{
	for (int i = 0; i < ROWS; i++)
		for (int j = 0; j < COLS; j++)
			a[i][j] = (float)((i * 7 + j * 3) % 16);
	float avg = 0, m = 0;
	long p = 1;
	unsigned b = 0;
#pragma acc parallel loop gang private(avg) copyin(a) copyout(d)
	for (int i = 0; i < ROWS; i++) {
		avg = 0;
#pragma acc loop worker reduction(+:avg)
		for (int j = 0; j < COLS; j++)
			avg += a[i][j];
		avg = avg / 4;
#pragma acc loop worker
		for (int j = 0; j < COLS; j++)
			d[i][j] = a[i][j] * 300 - avg;
	}
#pragma acc parallel copyin(a) copyout(rowmax, prod, bits)
	{
#pragma acc loop gang private(m, p, b)
		for (int i = 0; i < ROWS; i++) {
			m = -1;
			p = 1;
			b = 0;
#pragma acc loop vector reduction(max:m)
			for (int j = 0; j < COLS; j++)
				m = a[i][j] + (float)(j % 5) > m ? a[i][j] + (float)(j % 5) : m;
#pragma acc loop vector reduction(*:p)
			for (int j = 0; j < 20; j++)
				p *= 1 + (i + j) % 3;
#pragma acc loop worker vector reduction(|:b)
			for (int j = 0; j < COLS; j++)
				b |= 1u << ((i + j) % 13);
			rowmax[i] = m;
			prod[i] = p;
			bits[i] = b;
		}
	}
	int bad = 0;
	double sd = 0, sm = 0;
	long sp = 0;
	unsigned sb = 0;
	for (int i = 0; i < ROWS; i++) {
		float s = 0, mx = -1;
		long pp = 1;
		unsigned bb = 0;
		for (int j = 0; j < COLS; j++) {
			s += a[i][j];
			float v = a[i][j] + (float)(j % 5);
			mx = v > mx ? v : mx;
			bb |= 1u << ((i + j) % 13);
		}
		for (int j = 0; j < 20; j++)
			pp *= 1 + (i + j) % 3;
		for (int j = 0; j < COLS; j++) {
			if (d[i][j] != a[i][j] * 300 - s / 4)
				bad++;
			sd += d[i][j];
		}
		bad += rowmax[i] != mx;
		bad += prod[i] != pp;
		bad += bits[i] != bb;
		sm += rowmax[i];
		sp += prod[i] % 1000;
		sb ^= bits[i];
	}
	printf("d %.1f max %.1f prod %ld bits %u\n", sd, sm, sp, sb);
	if (bad) {
		printf("FAIL %d wrong\n", bad);
		return 1;
	}
	printf("OK\n");
	return 0;
}
