/* A kernels nest without loop directives: collapsed into a 2-D NDRange
 * (the counters, declared outside, private), with a variant for CPU
 * devices that partitions the outer loop alone; an inner loop that
 * carries a value along each row keeps the rows in parallel; a value
 * carried down the columns: the rows in order in one gang, each row over
 * its lanes. */
#define N 64
float a[N][N], b[N][N];

void nest(void)
{
	int i, j;
#pragma acc kernels
	for (i = 1; i < N - 1; i++)
		for (j = 1; j < N - 1; j++)
			b[i][j] = (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]) / 4;
#pragma acc kernels
	for (i = 0; i < N; i++)
		for (j = 1; j < N; j++)
			b[i][j] = b[i][j - 1] + a[i][j];
#pragma acc kernels
	for (i = 1; i < N; i++)
		for (j = 0; j < N; j++)
			b[i][j] += b[i - 1][j] / 2;
}

/* PGI's nested gang loops in a kernels construct (not OpenACC: the
 * analysis reports loop-level-order): gang dimension 2 around 1 when the
 * outer loop's iterations are independent. */
void pgi_gangs(int n, const double *A, const double *B, double *C)
{
	int i, j, k;
	double c;
#pragma acc kernels copyin(A[0:n * n], B[0:n * n]) copyout(C[0:n * n])
	{
#pragma acc loop gang(n)
		for (i = 0; i < n; i++) {
#pragma acc loop gang((n + 255) / 256) vector(256)
			for (j = 0; j < n; j++) {
				c = 0.0;
				for (k = 0; k < n; k++)
					c += A[i * n + k] * B[k * n + j];
				C[i * n + j] = c;
			}
		}
	}
}

/* Floyd-Warshall's relaxation through a macro (a course solution): the
 * subscripts of mat[i][j] inside MIN(...) compare as expressions, not as
 * the macro call's text, and the nest is independent. */
#define MIN(a, b) ((a) < (b) ? (a) : (b))
void relax(int n, float mat[n][n], const float *row, const float *col)
{
#pragma acc kernels copy(mat[0:n][0:n]) copyin(row[0:n], col[0:n])
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			mat[i][j] = MIN(mat[i][j], row[i] + col[j]);
}

/* A histogram under atomic update, and a call of a function that only
 * reads its arrays (IBM's async example): both loops are independent. */
float series(float x, const float *z, int n)
{
	float r = 0;
	for (int k = 0; k < n; k++)
		r += z[k] * x;
	return r;
}

void histogram(int n, const int *data, int *hist, const float *z, float *y)
{
#pragma acc kernels copyin(data[0:n]) copy(hist[0:64])
	for (int i = 0; i < n; i++) {
#pragma acc atomic update
		hist[data[i] % 64]++;
	}
#pragma acc kernels copyin(z[0:n]) copyout(y[0:n])
	for (int i = 0; i < n; i++)
		y[i] = series(i, z, n);
}
