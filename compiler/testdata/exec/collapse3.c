/* parallel loop collapse(3) over a 3-D grid, then a kernels collapse(3)
 * with non-zero lower bounds (interior only). */
#include <stdio.h>

#define NX 17
#define NY 23
#define NZ 31

static double g[NX][NY][NZ];

int main(void)
{
#pragma acc data copyout(g)
	{
#pragma acc parallel loop collapse(3)
		for (int x = 0; x < NX; x++)
			for (int y = 0; y < NY; y++)
				for (int z = 0; z < NZ; z++)
					g[x][y][z] = x * 1000.0 + y * 10.0 + z * 0.5;
#pragma acc kernels loop collapse(3)
		for (int x = 1; x < NX - 1; x++)
			for (int y = 1; y < NY - 1; y++)
				for (int z = 1; z < NZ - 1; z++)
					g[x][y][z] = -g[x][y][z];
	}
	double s = 0;
	int neg = 0;
	for (int x = 0; x < NX; x++)
		for (int y = 0; y < NY; y++)
			for (int z = 0; z < NZ; z++) {
				double v = x * 1000.0 + y * 10.0 + z * 0.5;
				int in = x > 0 && x < NX - 1 && y > 0 && y < NY - 1 && z > 0 && z < NZ - 1;
				if (g[x][y][z] != (in ? -v : v)) {
					printf("FAIL g[%d][%d][%d] = %g\n", x, y, z, g[x][y][z]);
					return 1;
				}
				neg += g[x][y][z] < 0;
				s += g[x][y][z];
			}
	printf("negated = %d of %d\n", neg, NX * NY * NZ);
	printf("sum = %.1f\n", s);
	printf("OK\n");
	return 0;
}
