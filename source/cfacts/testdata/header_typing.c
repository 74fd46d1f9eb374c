int keep(int a) { return a; }

void work(int n, float *a)
{
    for (int i = 0; i < n; i++)
        a[i] = 0;
}
//// next version
int keep(int a) { return a; }

void work(int n, float *a
{
    for (int i = 0; i < n; i++)
        a[i] = 0;
}
//// next version
int keep(int a) { return a; }

void work(int n, float *a)
{
    for (int i = 0; i < n; i++)
        a[i] = 0;
}

void newfn(int
