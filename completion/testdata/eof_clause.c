/* The cursor at the very end of the file, after a half-typed clause. */
void f(int *a)
{
#pragma acc parallel loop copyin(a[0:4]) red‸