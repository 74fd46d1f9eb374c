/*
 * Jacobi relaxation for the Laplace equation on an N x M grid.
 *
 * The data region keeps A and Anew on the device for all iterations: only the
 * final grid comes back, and the error is reduced on the device each sweep.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define N 256
#define M 256

int main(int argc, char **argv)
{
    int iter_max = argc > 1 ? atoi(argv[1]) : 500;
    const float tol = 1.0e-4f;
    float *restrict A = malloc(sizeof(float) * N * M);
    float *restrict Anew = malloc(sizeof(float) * N * M);

    /* Boundary condition: the left edge is held at 1, everything else starts at 0. */
    for (int j = 0; j < N; j++)
        for (int i = 0; i < M; i++)
            A[j * M + i] = Anew[j * M + i] = (i == 0) ? 1.0f : 0.0f;

    float err = 1.0f;
    int iter = 0;
#pragma acc data copy(A[0:N*M]) create(Anew[0:N*M])
    {
        while (err > tol && iter < iter_max) {
            err = 0.0f;
#pragma acc parallel loop collapse(2) reduction(max:err) present(A[0:N*M], Anew[0:N*M])
            for (int j = 1; j < N - 1; j++)
                for (int i = 1; i < M - 1; i++) {
                    Anew[j * M + i] = 0.25f * (A[j * M + i + 1] + A[j * M + i - 1]
                                             + A[(j - 1) * M + i] + A[(j + 1) * M + i]);
                    err = fmaxf(err, fabsf(Anew[j * M + i] - A[j * M + i]));
                }

#pragma acc parallel loop collapse(2) present(A[0:N*M], Anew[0:N*M])
            for (int j = 1; j < N - 1; j++)
                for (int i = 1; i < M - 1; i++)
                    A[j * M + i] = Anew[j * M + i];
            iter++;
        }
    }

    double checksum = 0.0;
    for (int k = 0; k < N * M; k++)
        checksum += A[k];
    printf("iterations: %d\n", iter);
    printf("error: %.6f\n", err);
    printf("checksum: %.4f\n", checksum);
    free(A);
    free(Anew);
    return 0;
}
