/* goto and declare (OpenACC 3.3 §2.13): a goto that leaves the scope of a
 * declare in a function runs its exit actions before jumping, forward or
 * backward, also to a label before the directive in the same block (the
 * directive then enters again). A missed exit would leave a mapping behind
 * that the next entry (same stack slot) finds present, with stale device
 * data. */
// exec-bytes: h2d=1280 d2h=2560
#include <stdio.h>

/* gotos out of the block that holds the declares: backward to loop again,
 * forward to stop early; the end of the block exits too. */
static long rounds(int n, int stop)
{
	long total = 0;
	int r = 0;
again:
	if (r < n) {
		int v[16];
		int w[16];
		for (int i = 0; i < 16; i++) {
			v[i] = r * 16 + i;
			w[i] = 0;
		}
#pragma acc declare copyin(v)
#pragma acc declare copyout(w)
#pragma acc parallel loop
		for (int i = 0; i < 16; i++)
			w[i] = 2 * v[i];
#pragma acc update self(w)
		for (int i = 0; i < 16; i++)
			total += w[i];
		r++;
		if (r == stop)
			goto finished;
		if (r % 3 == 0)
			goto again;
	}
	if (r < n)
		goto again;
finished:
	return total * 1000 + r;
}

/* a backward goto to a label before the directive, in the declare's own
 * block: copy runs its copy-back on the jump, the directive copies in the
 * host's new values. */
static long retries(void)
{
	long total = 0;
	{
		int tries = 0;
		int buf[16];
	retry:
		for (int i = 0; i < 16; i++)
			buf[i] = tries * 100 + i;
#pragma acc declare copy(buf)
#pragma acc parallel loop
		for (int i = 0; i < 16; i++)
			buf[i] += 1;
#pragma acc update self(buf)
		for (int i = 0; i < 16; i++)
			total += buf[i];
		if (++tries < 3)
			goto retry;
	}
	return total;
}

int main(void)
{
	long a = rounds(10, 100), b = rounds(10, 7), c = retries();
	printf("rounds %ld %ld retries %ld\n", a, b, c);
	long wa = 0, wb = 0, wc = 0;
	for (int r = 0; r < 10; r++)
		for (int i = 0; i < 16; i++) {
			wa += 2 * (r * 16 + i);
			if (r < 7)
				wb += 2 * (r * 16 + i);
		}
	for (int t = 0; t < 3; t++)
		for (int i = 0; i < 16; i++)
			wc += t * 100 + i + 1;
	wa = wa * 1000 + 10;
	wb = wb * 1000 + 7;
	if (a != wa || b != wb || c != wc) {
		printf("FAIL rounds %ld/%ld %ld/%ld retries %ld/%ld\n", a, wa, b, wb, c, wc);
		return 1;
	}
	printf("OK\n");
	return 0;
}
