void f(int n, int *a)
{
    for (int i = 0; i < n; i++) {
        a[i] = i;
    if (n > 2)
        a[0] = 1;
}

void g(int *b)
{
    b[0] = 2;
}
