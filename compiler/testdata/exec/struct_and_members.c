// exec-no-gcc-openacc: gcc 12 rejects a struct and its members in one directive's clauses
/* A struct passed by value, named in a compute construct's clauses with
   its members, as XSBench does: copyin(SD) for the struct, copyin of a
   plain member (held by the struct's own mapping: found present), and
   sub-arrays of its pointer members (attached to the device copy). */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
	int *num;
	double *conc;
	int len_num;
	int len_conc;
	int max_num;
} Data;

static double lookup(Data SD, int n)
{
	double s = 0;
#pragma acc parallel loop copyin(SD) copyin(SD.max_num) copyin(SD.num[0:SD.len_num]) copyin(SD.conc[0:SD.len_conc]) reduction(+:s)
	for (int i = 0; i < n; i++) {
		int k = SD.num[i % SD.len_num];
		s += SD.conc[k] * SD.max_num;
	}
	return s;
}

int main(void)
{
	Data sd;
	sd.len_num = 16;
	sd.len_conc = 8;
	sd.max_num = 3;
	sd.num = malloc(sd.len_num * sizeof(int));
	sd.conc = malloc(sd.len_conc * sizeof(double));
	for (int i = 0; i < sd.len_num; i++)
		sd.num[i] = (i * 5) % sd.len_conc;
	for (int i = 0; i < sd.len_conc; i++)
		sd.conc[i] = 0.5 * i;
	double s = lookup(sd, 1000);
	printf("sum %.1f\n", s);
	free(sd.num);
	free(sd.conc);
	if (s != 5250) {
		printf("FAIL\n");
		return 1;
	}
	printf("OK\n");
	return 0;
}
