/* sub-arrays that are not contiguous: an update moves up to three levels
 * of them (sections.go); data clauses need contiguous data */
double C[8][6], W[2][3][4][5];

void f(int n)
{
#pragma acc parallel loop copy(C[0:n][1:2])
	for (int i = 0; i < n; i++)
		C[i][1] = 0;
#pragma acc data copy(W)
	{
#pragma acc update self(W[0:2][1:2][0:2][1:1])
#pragma acc update self(W[0:2][1:2][1:1], C[0:2][0:6])
	}
}
