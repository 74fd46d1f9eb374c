/* Inside clause arguments: reduction operators, default values, list
   modifiers, gang/worker/vector/wait keywords, device types; var-lists and
   expressions get nothing. */
#pragma acc routine gang(‸
void g(void);

void f(int n, float *x, float *y)
{
    float s = 0;
#pragma acc parallel loop reduction(‸
    for (int i = 0; i < n; i++) { }
#pragma acc parallel loop reduction(m‸
    for (int i = 0; i < n; i++) { }
#pragma acc parallel loop reduction(&‸
    for (int i = 0; i < n; i++) { }
#pragma acc parallel loop reduction(+:‸s)
    for (int i = 0; i < n; i++) { }
#pragma acc parallel default(‸)
    { }
#pragma acc parallel default(p‸
    { }
#pragma acc parallel copyin(‸
    { }
#pragma acc parallel copyin(x[0:n], ‸
    { }
#pragma acc parallel copyin(a‸
    { }
#pragma acc data copyout(‸y[0:n])
    { }
#pragma acc data create(z‸
    { }
#pragma acc enter data copyin(‸
#pragma acc declare create(‸
#pragma acc loop gang(‸
    for (int i = 0; i < n; i++) { }
#pragma acc loop gang(num: 4, ‸
    for (int i = 0; i < n; i++) { }
#pragma acc loop gang(static: *, d‸
    for (int i = 0; i < n; i++) { }
#pragma acc loop worker(‸) vector(‸)
    for (int i = 0; i < n; i++) { }
#pragma acc parallel device_type(‸
    { }
#pragma acc parallel device_type(nvidia, ‸
    { }
#pragma acc parallel device_type(*, ‸
    { }
#pragma acc update self(x[0:n]) wait(‸
#pragma acc update self(x[0:n]) wait(devnum: 1 : ‸
#pragma acc wait(‸
#pragma acc parallel num_gangs(‸
    { }
#pragma acc loop collapse(‸
    for (int i = 0; i < n; i++) { }
#pragma acc loop
    for (int i = 0; i < n; i++) {
#pragma acc cache(‸
        x[i] = 0;
    }
#pragma acc parallel if(f(‸
    { }
}
void h(void)
{
#pragma acc kernels dtype(‸
    { }
#pragma acc parallel device_type(nvidia) num_gangs(2) dtype(radeon, h‸
    { }
}
