/* The cost of the manual deep copy's member pool (accrt.h section 10):
 * the same kernel over m elements of 8 doubles, reached as a[i].v[j]
 * through the pool and its table of offsets, and as one flat array
 * flat[i*8+j]; 50 launches each, ms per launch. Usage: member_pool [m]
 * (accls run bench/member_pool.c -- 100000). */
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>
typedef struct { int n; double *v; } vec;
int main(int argc, char **argv){
  int m = argc > 1 ? atoi(argv[1]) : 100000, reps = 50;
  vec *a = malloc(m * sizeof *a);
  double *flat = malloc((size_t)m * 8 * sizeof(double));
#pragma acc enter data create(a[0:m])
  for (int i = 0; i < m; i++) { a[i].n = 8; a[i].v = malloc(8 * sizeof(double)); for (int j = 0; j < 8; j++) a[i].v[j] = j; 
#pragma acc update device(a[i].n)
#pragma acc enter data copyin(a[i].v[0:8])
  }
  for (long k = 0; k < (long)m * 8; k++) flat[k] = k % 8;
#pragma acc enter data copyin(flat[0:m*8])
  double t0 = omp_get_wtime();
  for (int r = 0; r < reps; r++) {
#pragma acc parallel loop present(a[0:m])
    for (int i = 0; i < m; i++)
      for (int j = 0; j < 8; j++) a[i].v[j] += 1;
  }
#pragma acc wait
  double t1 = omp_get_wtime();
  for (int r = 0; r < reps; r++) {
#pragma acc parallel loop present(flat[0:m*8])
    for (int i = 0; i < m; i++)
      for (int j = 0; j < 8; j++) flat[i * 8 + j] += 1;
  }
#pragma acc wait
  double t2 = omp_get_wtime();
#pragma acc update self(a[7].v[0:8])
  printf("m %d: deep copy %.3f ms/launch, flat array %.3f ms/launch (a[7].v[3] = %.0f)\n", m, (t1 - t0) / reps * 1e3, (t2 - t1) / reps * 1e3, a[7].v[3]);
  return 0;
}
