/* A half-typed device_type (no device types yet) on a combined construct
 * after a section, on a loop and on a compute construct: an error each,
 * not a crash. */
int main(void)
{
	int a[64], b[64];
#pragma acc parallel loop copy(a) device_type(nvidia, radeon) gang vector device_type
	for (int i = 0; i < 64; i++)
		a[i] = i;
#pragma acc parallel copy(b)
	{
#pragma acc loop device_type(nvidia) gang device_type
		for (int i = 0; i < 64; i++)
			b[i] = i;
	}
#pragma acc parallel copy(b) device_type
	b[0] = 1;
	return 0;
}
