/* The host's rand() sequence around compute constructs: a program that
   seeds rand() and draws from it after its first construct gets the plain
   build's numbers, whatever the OpenCL driver draws when it starts and
   builds (NVIDIA's did: FinanceBench's Monte Carlo priced other samples on
   the host than its plain build). */
#include <stdio.h>
#include <stdlib.h>

#define N 64

int main(void)
{
	static float x[N];
	srand(2024);
	int first = rand() % 1000;
	for (int i = 0; i < N; i++)
		x[i] = rand() % 100;
#pragma acc parallel loop copy(x)
	for (int i = 0; i < N; i++)
		x[i] = 2 * x[i] + 1;
	int after[4];
	for (int k = 0; k < 4; k++)
		after[k] = rand() % 1000;
	float s = 0;
	for (int i = 0; i < N; i++)
		s += x[i];
	printf("first %d, sum %.1f, after %d %d %d %d\n", first, s, after[0], after[1], after[2], after[3]);
	printf("OK\n");
	return 0;
}
