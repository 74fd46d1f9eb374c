/* Arrays of pointers declared in device code: a table of names (pointers
 * to string literals) passed element by element to a routine, the planes
 * of a 3-D array (pointers into device data) from an initializer and from
 * assignments in a loop, and a 2-D table of pointers to private rows. The
 * elements of one array point into one kind of memory, which the compiler
 * finds from what they are given. */
#include <stdio.h>

#define N 40
#define P 3

static int fails;

static void expect(int cond, const char *what)
{
	if (!cond) {
		printf("FAIL %s\n", what);
		fails++;
	}
}

#pragma acc routine seq
static int letters(const char *s)
{
	int n = 0;
	while (s[n])
		n++;
	return n;
}

int main(void)
{
	static float vol[P][N], flat[P * N];
	int name_len[N];
	float mix[N], rows_out[N];
	for (int k = 0; k < P; k++)
		for (int i = 0; i < N; i++) {
			vol[k][i] = (float)(k * 100 + i);
			flat[k * N + i] = (float)(k - i);
		}
#pragma acc parallel loop copyin(vol, flat) copyout(name_len, mix, rows_out)
	for (int i = 0; i < N; i++) {
		const char *names[4] = {"north", "east", "south", "w"};
		float *planes[P] = {vol[0], vol[1], vol[2]};
		float *parts[P];
		for (int k = 0; k < P; k++)
			parts[k] = &flat[k * N];
		float r0[2] = {1, 2}, r1[2] = {3, 4};
		float *grid[2][1] = {{r0}, {r1}};
		name_len[i] = letters(names[i % 4]) + names[(i + 1) % 4][0];
		mix[i] = planes[i % P][i] + parts[(i + 1) % P][i];
		rows_out[i] = grid[i % 2][0][i % 2];
	}
	long sl = 0;
	double sm = 0, sr = 0;
	for (int i = 0; i < N; i++) {
		sl += name_len[i];
		sm += mix[i];
		sr += rows_out[i];
	}
	printf("names: %ld, planes: %.1f, rows: %.1f\n", sl, sm, sr);
	expect(name_len[0] == 5 + 'e' && name_len[3] == 1 + 'n', "the names");
	expect(mix[1] == 101 + (2 - 1), "the planes");
	expect(rows_out[1] == 4, "the rows");
	if (fails)
		return 1;
	printf("OK\n");
	return 0;
}
