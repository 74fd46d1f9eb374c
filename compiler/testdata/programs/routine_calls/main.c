/* Calls of functions that another file of the program defines, from
 * device code: the errors of each kind. */
#pragma acc routine vector
float level(float v); /* lib.c defines it as a seq routine */

float plain(float v);    /* lib.c defines it without a routine directive */
float nowhere(float v);  /* no file defines it */
float deep(float v);     /* a routine whose body device code cannot run */
float scaled(float v);   /* reads lib.c's constant 'k', this file has another */

static const float k = 3.0f;

#pragma acc routine seq
static float local(float v)
{
	return v * k;
}

void f(int n, float *a)
{
#pragma acc parallel loop copy(a[0:n])
	for (int i = 0; i < n; i++)
		a[i] = level(a[i]);
#pragma acc parallel loop copy(a[0:n])
	for (int i = 0; i < n; i++)
		a[i] = plain(a[i]);
#pragma acc parallel loop copy(a[0:n])
	for (int i = 0; i < n; i++)
		a[i] = nowhere(a[i]);
#pragma acc parallel loop copy(a[0:n])
	for (int i = 0; i < n; i++)
		a[i] = deep(a[i]) + local(a[i]) + scaled(a[i]);
}
