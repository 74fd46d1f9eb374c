/* Clauses: only those allowed on the directive, without once-only clauses
   already present, filtered by device_type sections, in priority order. */
#pragma acc routine ‸
#pragma acc routine seq ‸
float sq(float v) { return v * v; }
#pragma acc declare ‸
float table[64];

void f(int n, float *x, float *y)
{
#pragma acc parallel ‸
    { }
#pragma acc parallel cop‸
    { }
#pragma acc parallel cop‸yin(x[0:n])
    { }
#pragma acc data copyin(x[0:n]) if(n > 0) default(none) ‸
    { }
#pragma acc enter data copyin(x[0:n]) ‸
#pragma acc exit data ‸
#pragma acc exit data copyout(x[0:n]),‸
#pragma acc update ‸
#pragma acc host_data ‸
    { }
#pragma acc parallel loop ‸
    for (int i = 0; i < n; i++) { }
#pragma acc loop seq ‸
    for (int i = 0; i < n; i++) { }
#pragma acc loop gang ‸
    for (int i = 0; i < n; i++) { }
#pragma acc parallel async num_gangs(4) device_type(nvidia) ‸
    { }
#pragma acc parallel device_type(nvidia) num_gangs(8) device_type(radeon) num_gangs(4) ‸
    { }
#pragma acc loop gang device_type(host) ‸
    for (int i = 0; i < n; i++) { }
#pragma acc parallel num_gangs(4) ‸ device_type(nvidia) vector_length(32)
    { }
#pragma acc atomic ‸
    x[0]++;
#pragma acc atomic read ‸
    y[0] = x[0];
#pragma acc wait ‸
#pragma acc set ‸
#pragma acc declare ‸
    float local[4];
#pragma acc parallel copyin(x[0:n])‸
    { }
#pragma acc kernels pcopyin(x[0:n]) ‸
    { }
#pragma acc paralel ‸
    { }
#pragma acc parallel loop gang \
        vector cop‸
    for (int i = 0; i < n; i++) { }
    _Pragma("acc kernels pres‸ent(x)")
    { }
}
