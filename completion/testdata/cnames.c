/* Where C names go (the server adds the variables in scope, or the members
   of a struct after . and ->): var-list items and their bounds, reduction
   variables after the operator, expressions; not a reduction's operator,
   not after a digit. */
typedef struct { float *x; int n; } vec;

void f(int n, float *a, vec *p, vec s)
{
    float sum = 0;
#pragma acc parallel loop copyin(‸
    for (int i = 0; i < n; i++) { }
#pragma acc parallel loop copyin(a[0:n], p->‸
    for (int i = 0; i < n; i++) { }
#pragma acc parallel loop copyin(s.x[0:s.‸
    for (int i = 0; i < n; i++) { }
#pragma acc parallel loop copyin(p[0].x[0:p [0] -> ‸
    for (int i = 0; i < n; i++) { }
#pragma acc parallel loop reduction(+:s‸
    for (int i = 0; i < n; i++) { }
#pragma acc parallel loop reduction(‸
    for (int i = 0; i < n; i++) { }
#pragma acc parallel loop if(n > ‸
    for (int i = 0; i < n; i++) { }
#pragma acc parallel loop num_gangs(1‸
    for (int i = 0; i < n; i++) { }
#pragma acc parallel loop num_gangs(1.‸
    for (int i = 0; i < n; i++) { }
#pragma acc parallel loop default(‸
    for (int i = 0; i < n; i++) { }
}
