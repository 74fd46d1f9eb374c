/* gang(static:n) and gang(static:*) (OpenACC 3.3 §2.9.2): the iterations
 * are dealt to the gangs in chunks of n, round-robin (static:*: the
 * compiler chooses; accls gives each gang one contiguous block; a size
 * known at run time: the host evaluates it; two such loops over one
 * variable in a construct). The
 * worker and vector levels of the loop share a chunk's iterations. Every
 * iteration runs exactly once, whatever the chunk size, the number of gangs
 * or the trip count: the counts below are atomic increments. */
#include <stdio.h>

#define N 1003
#define R 37
#define C 29

static int a[N], cnt[N], b[N];
static int m[R][C], mc[R][C];

int main(void)
{
	int bad = 0;
	for (int i = 0; i < N; i++) {
		a[i] = b[i] = cnt[i] = 0;
	}
	for (int i = 0; i < R; i++)
		for (int j = 0; j < C; j++)
			m[i][j] = mc[i][j] = 0;
	/* chunks of 4 over 7 gangs: 251 chunks, the last one short */
#pragma acc parallel loop gang(static:4) num_gangs(7) copy(a, cnt)
	for (int i = 0; i < N; i++) {
		a[i] = 3 * i + 1;
#pragma acc atomic update
		cnt[i] += 1;
	}
	/* one block per gang, its iterations on the vector lanes */
#pragma acc parallel loop gang(static:*) vector vector_length(32) copy(b, cnt)
	for (int i = N - 1; i >= 0; i -= 2) {
		b[i] = i % 97;
#pragma acc atomic update
		cnt[i] += 10;
	}
	/* a gang loop with static chunks around a vector loop; gang worker
	 * vector with a chunk of 5 on a collapsed nest */
#pragma acc parallel num_gangs(5) copy(m)
	{
#pragma acc loop gang(static:3)
		for (int i = 0; i < R; i++) {
#pragma acc loop vector
			for (int j = 0; j < C; j++)
				m[i][j] = i * 100 + j;
		}
	}
#pragma acc parallel loop collapse(2) gang(static:5) worker vector num_workers(2) vector_length(8) copy(mc)
	for (int i = 0; i < R; i++)
		for (int j = 0; j < C; j++) {
#pragma acc atomic update
			mc[i][j] += i + j + 1;
		}
	/* kernels: a static chunk on the gang loop of a nest */
#pragma acc kernels loop gang(static:16) copy(cnt)
	for (int i = 0; i < N; i++)
		cnt[i] += 100;
	/* a chunk size known at run time: the host evaluates it at the
	 * construct's entry (7 here, then 5). The two loops deal the elements
	 * to different gangs, which run them concurrently (no barrier between
	 * gang loops): the updates must be atomic. */
	int chunk = 2 + N % 5;
	(void)chunk; /* only the directives use it */
	int i;
#pragma acc parallel num_gangs(3) copy(cnt)
	{
#pragma acc loop gang(static:chunk * 2 - 3)
		for (i = 0; i < N; i++) {
#pragma acc atomic update
			cnt[i] += 400;
		}
#pragma acc loop gang(static:chunk + (int)sizeof(cnt) / (int)sizeof(cnt[0]) - N)
		for (i = 0; i < N; i++) {
#pragma acc atomic update
			cnt[i] += 600;
		}
	}
	/* reductions over static chunks */
	long ra = 0, rb = 0;
#pragma acc parallel loop gang(static:3) reduction(+:ra) copyin(a)
	for (int i = 0; i < N; i++)
		ra += a[i];
#pragma acc parallel loop gang(static:*) worker vector num_gangs(5) reduction(+:rb) copyin(a)
	for (int i = 0; i < N; i++)
		rb += 2 * a[i];
	long sa = 0, sb = 0, sm = 0;
	for (int i = 0; i < N; i++) {
		sa += a[i];
		sb += b[i];
		int want = 1101 + ((N - 1 - i) % 2 == 0 ? 10 : 0);
		if (a[i] != 3 * i + 1 || cnt[i] != want || ((N - 1 - i) % 2 == 0 && b[i] != i % 97)) {
			if (bad++ < 3)
				printf("FAIL i=%d: a=%d cnt=%d (want %d) b=%d\n", i, a[i], cnt[i], want, b[i]);
		}
	}
	for (int i = 0; i < R; i++)
		for (int j = 0; j < C; j++) {
			sm += m[i][j];
			if (m[i][j] != i * 100 + j || mc[i][j] != i + j + 1) {
				if (bad++ < 3)
					printf("FAIL m[%d][%d]=%d mc=%d\n", i, j, m[i][j], mc[i][j]);
			}
		}
	if (ra != sa || rb != 2 * sa) {
		printf("FAIL reductions %ld %ld, want %ld %ld\n", ra, rb, sa, 2 * sa);
		bad++;
	}
	printf("sum a = %ld\n", sa);
	printf("reductions = %ld %ld\n", ra, rb);
	printf("sum b = %ld\n", sb);
	printf("sum m = %ld\n", sm);
	if (bad) {
		printf("FAIL %d wrong\n", bad);
		return 1;
	}
	printf("OK\n");
	return 0;
}
