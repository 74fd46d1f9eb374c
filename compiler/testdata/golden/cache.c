/* cache: windows staged in __local memory (a vector loop, a tile loop)
 * and one that stays a hint (the loop writes the array). */
// accls-flags: --cache-stage
void smooth(int n, const float *restrict a, float *restrict b)
{
#pragma acc parallel loop copyin(a[0:n]) copyout(b[0:n])
	for (int i = 0; i < n; i++) {
#pragma acc cache(a[i-1:3])
		b[i] = (i > 0 ? a[i - 1] : 0) + a[i] + (i < n - 1 ? a[i + 1] : 0);
	}
}

void blur(float g[64][64], float h[64][64])
{
#pragma acc parallel loop tile(16, 4) copyin(g[0:64]) copyout(h[0:64])
	for (int i = 1; i < 63; i++)
		for (int j = 1; j < 63; j++) {
#pragma acc cache(g[i-1:3][j-1:3])
			h[i][j] = g[i - 1][j] + g[i + 1][j] + g[i][j - 1] + g[i][j + 1];
		}
}

void scale(int n, float *a)
{
#pragma acc parallel loop copy(a[0:n])
	for (int i = 0; i < n; i++) {
#pragma acc cache(a[i:1])
		a[i] = 2 * a[i];
	}
}
