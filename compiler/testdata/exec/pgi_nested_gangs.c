// exec-no-gcc-openacc: gang loops nested in gang loops are not OpenACC (gcc rejects them; PGI's compilers map them onto a grid)
/* PGI's nested gang loops in kernels constructs, which programs written for
   PGI's and NVIDIA's compilers use: `loop gang` around `loop gang vector`
   (a matrix product, as the auto loops of the fourth batch's and with
   `independent`, as a heat code), and `gang worker` around `gang worker`
   (Rodinia's SRAD in OpenARC's version), three of those (SPEC ACCEL's
   stencil), and vector loops in vector loops (`gang vector(2)` around
   `vector(128)`: the outer one's lanes are workers). The outer loop is gang dimension 2 (3), the inner one
   dimension 1; CPU devices run the outer loop alone when the innermost
   body has no loop. */
#include <stdio.h>

#define N 48
#define M 40

#define L 12

static double A[N][M], B[M][N], C[N][N], T[N][M], U[N][M];
static float G[L][L][L], H[L][L][L];

int main(void)
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++) {
            A[i][j] = (i + 2 * j) % 7;
            B[j][i] = (3 * i + j) % 5;
            T[i][j] = (i * j) % 9;
        }
    int i, j, k;
    double c;
    /* auto loops: their independence found */
#pragma acc kernels copyin(A, B) copyout(C)
    {
#pragma acc loop gang(N)
        for (i = 0; i < N; i++) {
#pragma acc loop gang(1) vector(32)
            for (j = 0; j < N; j++) {
                c = 0.0;
                for (k = 0; k < M; k++)
                    c += A[i][k] * B[k][j];
                C[i][j] = c;
            }
        }
    }
    double s1 = 0;
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            s1 += C[i][j] * (i + 1);

    /* independent asserted: a five-point stencil */
    for (int step = 0; step < 4; step++) {
#pragma acc kernels copyin(T) copy(U)
        {
#pragma acc loop gang independent
            for (i = 1; i < N - 1; i++) {
#pragma acc loop gang vector independent
                for (j = 1; j < M - 1; j++)
                    U[i][j] = T[i][j] + (T[i - 1][j] + T[i + 1][j] + T[i][j - 1] + T[i][j + 1] - 4 * T[i][j]) / 8;
            }
        }
        for (i = 1; i < N - 1; i++)
            for (j = 1; j < M - 1; j++)
                T[i][j] = U[i][j];
    }
    double s2 = 0;
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++)
            s2 += T[i][j];

    /* gang worker around gang worker */
#pragma acc kernels copyin(T) copyout(U)
    {
#pragma acc loop gang worker independent
        for (i = 0; i < N; i++) {
#pragma acc loop gang worker independent
            for (j = 0; j < M; j++)
                U[i][j] = 2 * T[i][j] + i - j;
        }
    }
    double s3 = 0;
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++)
            s3 += U[i][j] * (j + 1);
    /* three levels of gang worker: a 7-point stencil */
    for (i = 0; i < L; i++)
        for (j = 0; j < L; j++)
            for (k = 0; k < L; k++)
                G[i][j][k] = (i * 3 + j * 5 + k) % 8;
#pragma acc kernels copyin(G) copyout(H)
    {
#pragma acc loop independent gang worker
        for (k = 1; k < L - 1; k++) {
#pragma acc loop independent gang worker
            for (j = 1; j < L - 1; j++) {
#pragma acc loop independent gang worker
                for (i = 1; i < L - 1; i++)
                    H[k][j][i] = (G[k + 1][j][i] + G[k - 1][j][i] + G[k][j + 1][i] + G[k][j - 1][i] + G[k][j][i + 1] + G[k][j][i - 1]) / 4 - G[k][j][i];
            }
        }
    }
    double s4 = 0;
    for (i = 1; i < L - 1; i++)
        for (j = 1; j < L - 1; j++)
            for (k = 1; k < L - 1; k++)
                s4 += H[i][j][k] * (i + 2 * j + 3 * k);
    /* vector in vector, alone and under a gang loop */
#pragma acc kernels copyin(T) copyout(U)
    {
#pragma acc loop independent gang(8) vector(2)
        for (i = 0; i < N; i++) {
#pragma acc loop independent vector(32)
            for (j = 0; j < M; j++)
                U[i][j] = 3 * T[i][j] - i;
        }
    }
    double s5 = 0;
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++)
            s5 += U[i][j] * (i + j);
#pragma acc kernels copyin(G) copyout(H)
    {
#pragma acc loop independent gang(4)
        for (k = 0; k < L; k++) {
#pragma acc loop independent gang(3) vector(4)
            for (j = 0; j < L; j++) {
#pragma acc loop independent vector(32)
                for (i = 0; i < L; i++)
                    H[k][j][i] = G[k][j][i] * 2 + k - j;
            }
        }
    }
    for (i = 0; i < L; i++)
        for (j = 0; j < L; j++)
            for (k = 0; k < L; k++)
                s5 += H[i][j][k] * (k + 1);
    printf("product %.1f stencil %.6f pairs %.6f 3-D %.2f vectors %.4f\n", s1, s2, s3, s4, s5);
    if (s1 != 13561583) {
        printf("FAIL\n");
        return 1;
    }
    printf("OK\n");
    return 0;
}
