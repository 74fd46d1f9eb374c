/* _Bool data in device memory (uchar there): stores convert to 0 or 1 as
 * in C, for plain and compound assignments; _Bool arrays copied each way
 * and both ways, a _Bool scalar in a copy clause, _Bool locals of the
 * kernel. (A reduction on a _Bool is reported as not supported.) */
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
