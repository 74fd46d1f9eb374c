/* _Bool data in device memory (uchar there): stores convert to 0 or 1 as
 * in C, for plain and compound assignments; _Bool arrays copied each way
 * and both ways, a _Bool scalar in a copy clause, _Bool locals of the
 * kernel. Reductions on _Bool (uchar with && or ||: + could wrap to 0 over
 * 256 partials): ||, +, && and max at the gang, worker and vector levels,
 * one of them into a variable present on the device. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	int n = 1000;
	bool *even = malloc(n * sizeof(bool)), *big = malloc(n * sizeof(bool));
	int *v = malloc(n * sizeof(int));
	bool found = false;
	for (int i = 0; i < n; i++) {
		v[i] = (i * 37) % 101;
		big[i] = i % 3 == 0;
	}
#pragma acc parallel loop copyin(v[0:n]) copyout(even[0:n]) copy(big[0:n]) copy(found)
	for (int i = 0; i < n; i++) {
		bool odd = v[i] & 1; /* a local: 0 or 1 */
		even[i] = !odd;
		big[i] |= v[i] > 90;   /* compound: stays 0 or 1 */
		big[i] = (v[i] & 6) + big[i]; /* 2 to 7 convert to 1 */
		big[i] += 2 * odd;     /* 1 + 2 and 0 + 2 convert to 1 */
		if (v[i] == 100)
			found = 7;         /* converts to 1 */
	}
	/* reductions over 100000 iterations */
	int m = 100000;
	bool any = false, all = true, sum = false, most = false, none = true, fin = false, never = false, allbig = true;
#pragma acc parallel loop reduction(||:any, never) reduction(&&:all, allbig) reduction(+:sum) copyin(v[0:n])
	for (int i = 0; i < m; i++) {
		any = any || v[i % n] == 55;
		never = never || v[i % n] > 100;
		all = all && v[i % n] <= 100;
		allbig = allbig && v[i % n] > 50;
		sum += i % 7 == 0;
	}
#pragma acc parallel loop gang num_gangs(4) reduction(max:most) reduction(&&:none) copyin(v[0:n])
	for (int i = 0; i < 400; i++) {
#pragma acc loop vector reduction(max:most) reduction(&&:none)
		for (int j = 0; j < 250; j++) {
			most = most > (v[(i + j) % n] > 99) ? most : v[(i + j) % n] > 99;
			none = none && v[(i + j) % n] != 200;
		}
	}
#pragma acc data copy(fin)
	{
#pragma acc parallel loop reduction(||:fin) copyin(v[0:n])
		for (int i = 0; i < n; i++)
			fin = fin || v[i] == 100;
	}
	printf("any %d never %d all %d allbig %d sum %d most %d none %d present %d\n", any, never, all, allbig, sum, most, none, fin);
	if (!any || never || !all || allbig || !sum || !most || !none || !fin) {
		printf("FAIL reductions\n");
		return 1;
	}

	int ne = 0, nb = 0;
	for (int i = 0; i < n; i++) {
		ne += even[i];
		nb += big[i];
		/* the bytes themselves (a _Bool read as such is 0 or 1 anyway) */
		unsigned char be = ((unsigned char *)even)[i], bb = ((unsigned char *)big)[i];
		if (be > 1 || bb > 1) {
			printf("FAIL element %d holds %d, %d\n", i, be, bb);
			return 1;
		}
	}
	printf("even %d, big %d, found %d\n", ne, nb, found);
	int want_ne = 0;
	for (int i = 0; i < n; i++)
		want_ne += ((i * 37) % 101) % 2 == 0;
	if (ne != want_ne || !found) {
		printf("FAIL\n");
		return 1;
	}
	printf("OK\n");
	free(even);
	free(big);
	free(v);
	return 0;
}
