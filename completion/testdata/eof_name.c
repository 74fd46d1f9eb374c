/* The cursor at the very end of the file, half-way through a word. */
void f(void)
{
#pragma acc parallel lo‸