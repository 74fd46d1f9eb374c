/* atomic: a native int update, float and double CAS loops, a long
 * capture, read and write, the chain form x = x + a + b, an update in
 * gang-redundant code (one lane performs it), an atomic on a private scalar,
 * an atomic in host code (kept as written) */
#include <stdio.h>

#define N 1000
#define B 8

int main(void)
{
	int hist[B] = {0}, seen = 0, last = -1, rows = 0;
	float fsum = 0;
	double dsum[B] = {0};
	long ticket = 0, got[N];
	int snap[N];
#pragma acc parallel loop copy(hist, fsum, dsum, ticket, last, seen) copyout(got, snap)
	for (int i = 0; i < N; i++) {
		int mine = 0;
#pragma acc atomic update
		hist[i % B]++;
#pragma acc atomic
		fsum += 0.5f;
#pragma acc atomic update
		dsum[i % B] = dsum[i % B] + i + 1.0;
#pragma acc atomic capture
		got[i] = ticket++;
#pragma acc atomic read
		snap[i] = seen;
#pragma acc atomic write
		last = i;
#pragma acc atomic
		mine += 2;
	}
#pragma acc parallel loop gang copy(rows, hist)
	for (int g = 0; g < B; g++) {
#pragma acc atomic update
		rows += 1;
#pragma acc loop vector
		for (int k = 0; k < 64; k++) {
#pragma acc atomic update
			hist[g] -= 1;
		}
	}
#pragma acc atomic update
	rows *= 2;
	printf("%d %g %g %ld %d %d %d\n", hist[0], fsum, dsum[1], ticket, last >= 0, rows, snap[0] + (int)got[0] - (int)got[0]);
	return 0;
}
