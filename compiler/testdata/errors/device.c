/* device code the compiler rejects before generating it: routine levels
 * and clauses, atomic forms and types, tile sizes */
#pragma acc routine seq
void seq_with_gang(float *a, int n)
{
#pragma acc loop gang
	for (int i = 0; i < n; i++)
		a[i] = 1;
}

#pragma acc routine(nosuch) seq

void f(int n, float *a, short *s)
{
	int x = 0, y = 1;
#pragma acc parallel loop copy(s[0:n])
	for (int i = 0; i < n; i++) {
#pragma acc atomic update
		s[i % 4] += 1;
	}
#pragma acc parallel loop copy(x, y)
	for (int i = 0; i < n; i++) {
#pragma acc atomic update
		x = y;
	}
#pragma acc parallel loop copy(x)
	for (int i = 0; i < n; i++) {
#pragma acc atomic capture
		{
			x++;
			x += 2;
		}
	}
#pragma acc parallel loop copy(x, y)
	for (int i = 0; i < n; i++) {
#pragma acc atomic capture
		{
			y = x;
			x = y + 1;
		}
	}
#pragma acc parallel loop tile(n, 2) copy(a[0:n])
	for (int i = 0; i < n; i++)
		for (int j = 0; j < 2; j++)
			a[i] = 0;
#pragma acc parallel loop tile(2, 2) copy(a[0:n])
	for (int i = 0; i < n; i++)
		a[i] = 0;
}
