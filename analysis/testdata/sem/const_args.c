/* Arguments that must be integer constants and name macros or enumeration
   constants: collapse, tile, gang(dim:). */

#define N 2
#define TS (16)
#define TS2 (TS / 8)
#define ZERO (N - 2)
#define BIG 4
#define F(x) (x)
enum { E_ONE = 1, E_THREE = 3, E_FOUR };

void constants(float a[64][64], float b[64], int n, const int m)
{
#pragma acc parallel loop collapse(N) copy(a[0:64][0:64])
    for (int i = 0; i < 64; i++)
        for (int j = 0; j < 64; j++)
            a[i][j] += 1;
#pragma acc parallel loop tile(TS, E_ONE + TS2) copy(a[0:64][0:64])
    for (int i = 0; i < 64; i++)
        for (int j = 0; j < 64; j++)
            a[i][j] += 1;
#pragma acc parallel loop collapse(n) copy(a[0:64][0:64]) // want "'collapse' argument must be a positive integer constant, found 'n': 'n' is not an integer constant"
    for (int i = 0; i < 64; i++)
        for (int j = 0; j < 64; j++)
            a[i][j] += 1;
#pragma acc parallel loop tile(TS, m) copy(a[0:64][0:64]) // want "found 'm': 'm' is not an integer constant"
    for (int i = 0; i < 64; i++)
        for (int j = 0; j < 64; j++)
            a[i][j] += 1;
#pragma acc parallel loop tile((int) m / 2, (int)TS) copy(a[0:64][0:64]) // want "found '\\(int\\) m / 2': 'm' is not an integer constant"
    for (int i = 0; i < 64; i++)
        for (int j = 0; j < 64; j++)
            a[i][j] += 1;
#pragma acc parallel loop collapse(ZERO) copy(a[0:64][0:64]) // want "found 'ZERO' \\(= 0\\)"
    for (int i = 0; i < 64; i++)
        a[i][0] += 1;
#pragma acc parallel loop collapse(F(2)) copy(a[0:64][0:64]) // want "found 'F\\(2\\)': 'F' is not an integer constant"
    for (int i = 0; i < 64; i++)
        for (int j = 0; j < 64; j++)
            a[i][j] += 1;
#pragma acc parallel loop collapse(BIG) copy(a[0:64][0:64]) // want "collapse\\(BIG\\) needs 4 nested 'for' loops, found 2"
    for (int i = 0; i < 64; i++)
        for (int j = 0; j < 64; j++)
            a[i][j] += 1;
#pragma acc parallel num_gangs(4, 4) copy(a[0:64][0:64], b[0:64])
    {
#pragma acc loop gang(dim:E_FOUR) // want "gang 'dim:' must be the constant 1, 2 or 3, found 'E_FOUR' \\(= 4\\)"
        for (int i = 0; i < 64; i++)
            a[i][0] += 1;
#pragma acc loop gang(dim:E_THREE)
        for (int i = 0; i < 64; i++)
            b[i] += 1;
    }
}
