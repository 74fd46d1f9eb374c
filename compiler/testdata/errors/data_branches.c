/* branches out of data and host_data constructs: their exit actions would
 * not run (OpenACC 3.3 §2.6.5: the body is a structured block); branches
 * that stay inside are fine */
int f(int n, float *a)
{
	for (int k = 0; k < n; k++) {
#pragma acc data copy(a[0:n])
		{
			if (a[0] > 1)
				return 1;
			if (a[1] > 1)
				break;
			if (a[2] > 1)
				continue;
			if (a[3] > 1)
				goto out;
			for (int i = 0; i < n; i++) {
				if (i == 3)
					break;
				if (i == 2)
					continue;
				if (i == 4)
					goto next;
			}
		next:
			switch (n) {
			case 1:
				break;
			}
		}
	}
#pragma acc data copy(a[0:n])
#pragma acc host_data use_device(a)
	{
		if (n > 9)
			return 2;
	}
out:
	return 0;
}
