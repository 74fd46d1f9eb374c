/* Commas between clauses. */
void f(float *a, float *b, int n)
{
#pragma acc parallel, copy(a)
#pragma acc parallel copy(a), copyin(b) , async
#pragma acc parallel copy(a),, copyin(b)
#pragma acc parallel copy(a),
#pragma acc parallel copy(a,,b) copyin(,a) create(a,)
#pragma acc routine(f), seq
#pragma acc parallel num_gangs(1,,2) tile(,)
#pragma acc parallel,
}
