/* Globals that a file-scope declare puts on the device, used in routines
 * (OpenACC 3.3 §2.13): a table filled on the host and copied with update
 * device, a 2-D copyin table with its initial values, a scalar parameter,
 * a scalar a routine updates atomically, and a 2-D array a vector routine
 * writes (in its vector loop and, once per call, outside it). Reached
 * directly, through a routine calling a routine (one whose parameter has
 * the name of the global its callee uses), from an implicit routine,
 * from a kernels construct, and beside the construct's own use of the same
 * global. */
#include <stdio.h>

#define NT 64
#define ROWS 48
#define COLS 96

float table[NT];
double coef[3][4] = {{1, 2, 3, 4}, {0.5, 0.25, 0.125, 1}, {-1, -2, 8, 16}};
int nsteps;
long counter;
float grid[ROWS][COLS];
int stamp[ROWS];
#pragma acc declare create(table, nsteps, counter)
#pragma acc declare copyin(coef)
#pragma acc declare create(grid, stamp)

#pragma acc routine seq
static float lookup(int k)
{
	if (k < 0)
		k = 0;
	if (k > NT - 1)
		k = NT - 1;
	return table[k];
}

/* reaches table through lookup, and coef and nsteps itself */
#pragma acc routine seq
static double smooth(int i)
{
	double s = 0;
	for (int r = 0; r < nsteps; r++)
		s += coef[r % 3][i % 4] * lookup(i + r);
#pragma acc atomic update
	counter += 1;
	return s;
}

/* its parameter has the name of the global its callee uses */
#pragma acc routine seq
static float via(int table)
{
	return lookup(table) * 2;
}

/* no routine directive: an implicit routine seq */
static int scaled(int i)
{
	return (int)(lookup(i) * 4) + nsteps;
}

#pragma acc routine vector
static void fill_row(int r)
{
#pragma acc loop vector
	for (int j = 0; j < COLS; j++)
		grid[r][j] = table[(r + j) % NT] + (float)coef[1][j % 4];
	stamp[r] = r * nsteps; /* one lane writes it */
}

int main(void)
{
	static double out[500];
	static int sc[NT];
	for (int k = 0; k < NT; k++)
		table[k] = k * 0.5f;
	nsteps = 5;
	counter = 0;
#pragma acc update device(table, nsteps, counter)

#pragma acc parallel loop copyout(out)
	for (int i = 0; i < 500; i++)
		out[i] = smooth(i) + via(i);

#pragma acc kernels copyout(sc)
	for (int i = 0; i < NT; i++)
		sc[i] = scaled(i) + (int)table[i]; /* the construct's own use too */

#pragma acc parallel loop gang
	for (int r = 0; r < ROWS; r++)
		fill_row(r);

#pragma acc update self(counter, grid, stamp)

	double s = 0;
	for (int i = 0; i < 500; i++)
		s += out[i];
	long t = 0;
	for (int i = 0; i < NT; i++)
		t += sc[i];
	double g = 0;
	long st = 0;
	for (int r = 0; r < ROWS; r++) {
		st += stamp[r];
		for (int j = 0; j < COLS; j++)
			g += grid[r][j];
	}
	printf("smooth: %.4f %.4f %.4f\n", s, out[0], out[499]);
	printf("scaled: %ld %d %d\n", t, sc[0], sc[NT - 1]);
	printf("grid: %.3f %.3f stamp %ld\n", g, grid[ROWS - 1][COLS - 1], st);
	printf("counter: %ld\n", counter);
	if (counter != 500 || st != 5L * ROWS * (ROWS - 1) / 2) {
		printf("FAIL counter %ld stamp %ld\n", counter, st);
		return 1;
	}
	printf("OK\n");
	return 0;
}
