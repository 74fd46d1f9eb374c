/* The cursor at the very end of the file, inside an unclosed var-list. */
void f(int *a)
{
#pragma acc parallel copyin(a‸