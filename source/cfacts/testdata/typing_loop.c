void smooth(int n, float *restrict a, const float *restrict b)
{
#pragma acc parallel loop present(a[0:n], b[0:n])
    for (int i = 1; i < n - 1; i++)
        a[i] = (b[i - 1] + b[i] + b[
    a[0] = b[0];
}
