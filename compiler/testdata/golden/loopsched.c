/* loop schedules (loopsched.go, loopdevicetype.go): gang(static:n) and
 * gang(static:*), gang dimensions, tile with collapse, and loop clauses per
 * device type (one kernel per device class whose loops differ). */
void schedules(int n, float *a, float m[64][32])
{
#pragma acc parallel loop gang(static:8) vector copy(a[0:n])
	for (int i = 0; i < n; i++)
		a[i] = a[i] * 2.0f;
#pragma acc parallel loop gang(static:*) num_gangs(4) copy(a[0:n])
	for (int i = n - 1; i >= 0; i -= 3)
		a[i] += 1.0f;
#pragma acc parallel num_gangs(8, 4) copy(m[0:64][0:32])
	{
#pragma acc loop gang(dim:2)
		for (int i = 0; i < 64; i++) {
#pragma acc loop gang(dim:1) vector
			for (int j = 0; j < 32; j++)
				m[i][j] += 1.0f;
		}
	}
#pragma acc parallel loop tile(8, 4) collapse(2) copy(m[0:64][0:32])
	for (int i = 0; i < 64; i++)
		for (int j = 0; j < 32; j++)
			m[i][j] *= 0.5f;
#pragma acc parallel loop copy(a[0:n]) device_type(nvidia) gang vector device_type(host) gang(static:16) worker
	for (int i = 0; i < n; i++)
		a[i] -= 1.0f;
#pragma acc parallel copy(m[0:64][0:32]) device_type(nvidia) num_gangs(64)
	{
#pragma acc loop device_type(nvidia) gang device_type(host) seq
		for (int i = 0; i < 64; i++) {
#pragma acc loop device_type(nvidia) vector device_type(host) gang vector
			for (int j = 0; j < 32; j++)
				m[i][j] += 2.0f;
		}
	}
}
