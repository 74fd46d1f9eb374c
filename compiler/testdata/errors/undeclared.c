/* names in clauses that nothing declares: the translation stops at them
   (the host program would not build) */
#define NB 4
enum { QUEUE = 1 };
float table[64];

void f(float *a, int n, int blocksize)
{
	int block = 0;
#pragma acc update device(a[block * n:b * blocksize]) async(block % NB)
#pragma acc parallel loop copy(a[0:nn]) copyin(tabel) async(QUEUE) if(flag)
	for (int i = 0; i < n; i++)
		a[i] += table[i % 64] + sizeof(float) + (float)i;
}
