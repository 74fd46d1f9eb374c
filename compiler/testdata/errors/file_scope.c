/* directives outside functions: only routine and declare belong there; a
 * compute construct and a half-typed update are misplaced */
float a[100];
#pragma acc declare create(a)
#pragma acc parallel loop
int unused;
#pragma acc update device(

int main(void)
{
	return 0;
}
