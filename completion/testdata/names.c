/* Directive names: after `#pragma acc `, while typing, multi-word names,
   the `acc` keyword itself; nothing in plain C or comments. */
#pragma ‸
#pragma a‸
#pragma acc‸
#pragma acc ‸
float sq(float v) { return v * v; }

void f(int n, float *x)
{
#pragma acc ‸
#pragma acc par‸
#pragma acc enter ‸
#pragma acc enter d‸
#pragma acc ex‸
#pragma acc parallel lo‸
#pragma acc kernels ‸
#pragma acc PAR‸
#pragma acc upd‸ate self(x[0:n])
    _Pragma("‸
    _Pragma("acc ser‸
#pragma omp ‸
    int k‸ = 0; // acc par‸
    /* #pragma acc ‸ */
#pragma acc parallel // a comm‸ent
    { }
}
