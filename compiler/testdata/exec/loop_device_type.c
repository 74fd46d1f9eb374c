/* device_type on loop constructs and loop clauses after device_type on
 * combined constructs (OpenACC 3.3 §2.4, §2.9): gang, worker, vector, seq,
 * independent, auto, collapse and tile chosen per device type. accls
 * compiles one kernel per device class whose loops differ and launches the
 * one of the OpenCL device's class at run time (nvidia/radeon/gpu: GPU;
 * host/multicore/cpu: CPU; device_type(*) and the clauses before the first
 * device_type: the others). The schedules differ (see --dump=ir: kernels
 * NAME_gpu, NAME_cpu), the results do not: every element is counted once
 * (atomic increments) and the values are exact. */
// exec-no-gcc-openacc: gcc 12 does not implement device_type
#include <stdio.h>

#define N 1000
#define R 40
#define C 70

static int a[N], cnt[N];
static int m[R][C], mc[R][C];
static int t[C][R];

int main(void)
{
	int bad = 0;
	for (int i = 0; i < N; i++)
		a[i] = cnt[i] = 0;
	for (int i = 0; i < R; i++)
		for (int j = 0; j < C; j++) {
			m[i][j] = mc[i][j] = 0;
			t[j][i] = 0;
		}
	/* combined: gang vector on GPUs, gang with static chunks on CPUs,
	 * the compiler's choice elsewhere */
#pragma acc parallel loop copy(a, cnt) device_type(nvidia, radeon) gang vector device_type(host, multicore) gang(static:16)
	for (int i = 0; i < N; i++) {
		a[i] = 2 * i + 1;
#pragma acc atomic update
		cnt[i] += 1;
	}
	/* different levels per device: on a GPU the rows are gangs and the
	 * columns vector lanes; on a CPU the rows run in sequence and the
	 * columns are gangs and lanes; elsewhere (device_type(*)) one collapsed
	 * gang loop over both */
#pragma acc parallel copy(m, mc)
	{
#pragma acc loop device_type(nvidia) gang device_type(host) seq device_type(*) gang collapse(2)
		for (int i = 0; i < R; i++)
			for (int j = 0; j < C; j++) {
#pragma acc loop device_type(nvidia) vector device_type(host) gang vector device_type(*) seq
				for (int k = 0; k < 3; k++) {
#pragma acc atomic update
					mc[i][j] += 1;
				}
				m[i][j] = i * 1000 + j;
			}
	}
	/* tile on GPUs, a plain collapse elsewhere */
#pragma acc parallel loop collapse(2) copyin(m) copy(t) device_type(gpu) tile(32, 4) device_type(cpu) gang worker vector
	for (int i = 0; i < R; i++)
		for (int j = 0; j < C; j++)
			t[j][i] += m[i][j];
	/* kernels: independent by default, a sequential loop on CPUs */
#pragma acc kernels loop independent copy(cnt) device_type(host) seq
	for (int i = 0; i < N; i++)
		cnt[i] += 10;
	long s = 0;
	for (int i = 0; i < N; i++) {
		s += a[i];
		if ((a[i] != 2 * i + 1 || cnt[i] != 11) && bad++ < 3)
			printf("FAIL a[%d]=%d cnt=%d\n", i, a[i], cnt[i]);
	}
	for (int i = 0; i < R; i++)
		for (int j = 0; j < C; j++) {
			s += t[j][i];
			if ((m[i][j] != i * 1000 + j || mc[i][j] != 3 || t[j][i] != m[i][j]) && bad++ < 3)
				printf("FAIL m[%d][%d]=%d mc=%d t=%d\n", i, j, m[i][j], mc[i][j], t[j][i]);
		}
	printf("sum = %ld\n", s);
	if (bad) {
		printf("FAIL %d wrong\n", bad);
		return 1;
	}
	printf("OK\n");
	return 0;
}
