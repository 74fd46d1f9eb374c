/* Names in clauses that nothing declares where the directive is. */
#include <stdio.h>
#include <openacc.h>

#define N 64
#define SIZE(x) ((x) * 2)
enum { QUEUE = 1, LEN = 8 };
typedef struct { float *x; int n; } vec;
float table[N];
int helper(int);

void typos(float *a, int n, int blocksize)
{
    int block = 0;
#pragma acc update device(a[block * n:b * blocksize]) async(block % 4) // want "'b' is not declared here \[undeclared-name\]"
#pragma acc parallel loop copy(a[0:nn]) copyin(tabel) if(flag) // want "'nn' is not declared here \[undeclared-name\]" "'tabel' is not declared here; did you mean 'table'\? \[undeclared-name\]" "'flag' is not declared here \[undeclared-name\]"
    for (int i = 0; i < n; i++)
        a[i] += table[i % N];
#pragma acc parallel loop private(tmp) reduction(+:totl) copy(a[0:n]) // want "'tmp' is not declared here \[undeclared-name\]" "'totl' is not declared here \[undeclared-name\]"
    for (int i = 0; i < n; i++) {
        float tmp = a[i];
        a[i] = tmp;
    }
    _Pragma("acc enter data copyin(a[0:blocksz])") // want "'blocksz' is not declared here; did you mean 'blocksize'\? \[undeclared-name\]"
    {
        int later = 1;
        (void)later;
    }
#pragma acc exit data delete(later) // want "'later' is not declared here \[undeclared-name\]"
}

/* Not reported: macros (function-like too), enumeration constants, names
   of headers (acc_async_noval, stdout's FILE is a type), functions called,
   members, sizeof and casts, a variable of an enclosing block, a global
   declared after the function's start, the directive at file scope. */
float late[N];
#pragma acc declare create(late[0:N])

void quiet(vec *v, float *a, int n, vec w)
{
    int total = 0;
    {
        int k = LEN;
#pragma acc parallel loop copy(a[0:SIZE(n) / 2]) copyin(v->x[0:v->n], w.x[0:w.n]) async(acc_async_noval) num_gangs(helper(k)) reduction(+:total)
        for (int i = 0; i < n; i++) {
            a[i] += v->x[i % v->n] + w.x[0] + late[i % N] + (float)sizeof(float);
            total += (int)a[i];
        }
#pragma acc wait(QUEUE) async(acc_async_sync)
#pragma acc wait(queu) // want "'queu' is not declared here \[undeclared-name\]"
#pragma acc update self(a[(int)(sizeof(double) / sizeof(float)):(size_t)n - 2])
    }
    printf("%d\n", total);
}
