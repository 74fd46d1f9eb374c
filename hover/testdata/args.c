/* Hovers inside clause arguments: modifiers, reduction operators, default
   values, gang/worker/vector/wait keywords, device types; var-list items
   have none. */
void f(int n, float *x, float *y, int m)
{
    float s = 0, mx = 0;
    int bits = 0, ok = 1;
#pragma acc parallel copyin(read‸only: x[0:n]) create(ze‸ro: y[0:n])
    { }
#pragma acc parallel loop reduction(‸+:s) reduction(m‸ax:mx) reduction(&‸:bits) reduction(||‸:ok)
    for (int i = 0; i < n; i++) { }
#pragma acc parallel default(no‸ne)
    { }
#pragma acc data default(‸present)
    { }
#pragma acc kernels
    {
#pragma acc loop gang(n‸um: 8) worker(nu‸m: 4) vector(length‸: 32)
        for (int i = 0; i < n; i++) { }
#pragma acc loop gang(st‸atic: *)
        for (int i = 0; i < n; i++) { }
    }
#pragma acc parallel num_gangs(4, 2)
    {
#pragma acc loop gang(d‸im: 2)
        for (int i = 0; i < n; i++) { }
    }
#pragma acc parallel device_type(nvi‸dia) num_gangs(100) device_type(‸*) num_gangs(8)
    { }
#pragma acc update self(x[0:n]) wait(devn‸um: 0 : queues‸: 1, 2)
#pragma acc loop
    for (int i = 0; i < n; i++) {
#pragma acc cache(readonl‸y: x[i:4])
        x[i] += 1;
    }
#pragma acc parallel copy(x[0‸:n], y[0:n‸])
    { }
}
