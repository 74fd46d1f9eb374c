/* The cursor at the very end of the file, right after the name. */
void f(void)
{
#pragma acc parallel loop‸