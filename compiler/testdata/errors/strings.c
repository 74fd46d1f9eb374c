/* string literals in device code that OpenCL C cannot hold */
#include <wchar.h>

void wide(int n, int *a)
{
#pragma acc parallel loop copy(a[0:n])
	for (int i = 0; i < n; i++) {
		wchar_t w[] = L"ab";
		a[i] = w[i % 2];
	}
}

/* one pointer given a literal and a private array: two address spaces */
void mixed(int n, int *a)
{
#pragma acc parallel loop copy(a[0:n])
	for (int i = 0; i < n; i++) {
		char own[4] = "xyz";
		const char *p = "abc";
		if (i % 2)
			p = own;
		a[i] = p[i % 3];
	}
}
