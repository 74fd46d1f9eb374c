/* Reductions of a kernels construct that its other loop nests use: the
   reducing kernel combines into the device copy (a final kernel), the
   others read and write that copy; sum is set before the loop by a
   kernel of its own. */
void normalize(int n, const double *restrict a, double *restrict b)
{
    double sum;
#pragma acc kernels copyin(a[0:n]) copyout(b[0:n])
    {
        sum = 0;
        for (int i = 0; i < n; i++)
            sum += a[i];
        for (int i = 0; i < n; i++)
            b[i] = a[i] / sum;
    }
}
