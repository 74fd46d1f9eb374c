/* Directives being typed: what is recognised, with errors. */
void f(float *a, int n)
{
#pragma acc
#pragma acc par
#pragma acc enter
#pragma acc parallel copyin(
#pragma acc parallel copyin(a[0:
#pragma acc parallel copyin(a[
#pragma acc parallel copyin(a[0:n]
#pragma acc parallel copyin(a, 
#pragma acc parallel copyin(readonly:
#pragma acc parallel reduction(+
#pragma acc parallel reduction(+ s)
#pragma acc parallel reduction(+:
#pragma acc loop gang(num:
#pragma acc loop gang(num:)
#pragma acc loop gang(static:)
#pragma acc wait(devnum:
#pragma acc wait(devnum: 1)
#pragma acc wait(devnum: 1 :)
#pragma acc wait(queues:)
#pragma acc parallel copy(s.
#pragma acc parallel copy(p->
#pragma acc parallel copy(s.)
#pragma acc parallel copy(a[0:n)
#pragma acc parallel copy(a])
#pragma acc parallel copy(a)) copyin(b)
#pragma acc parallel copy(a[(0:n])
#pragma acc parallel loop gang vector_length(
#pragma acc parallel num_gangs(f(n, {1, 2)) async
#pragma acc parallel copy(a[]) copy(b[1:2:3])
#pragma acc parallel copyin(readonly
}
