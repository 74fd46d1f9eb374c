void f(float *a)
{
#pragma acc parallel copy(a