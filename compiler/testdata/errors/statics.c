/* statics the construct writes or takes the address of (those it only
 * reads are constant copies: exec static_tables); externs */
int h(int n, int *a)
{
#pragma acc parallel loop copy(a[0:n])
	for (int i = 0; i < n; i++) {
		static int count;
		static const int t[2] = {1, 2};
		extern int e;
		count++;
		a[i] = *&t[i % 2] + e;
	}
	return 0;
}
