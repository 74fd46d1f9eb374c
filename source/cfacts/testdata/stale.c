int g = 1;

int helper(int x)
{
    return x + g;
}

void work(int n, float *a)
{
    float s = 0;
    for (int i = 0; i < n; i++)
        s += a[i];
    a[0] = s + helper(n);
}
//// next version
int g = 1;
/* a comment that
   moves everything down */

int helper(int x)
{
    return x + g;
}

void work(int n, float *a)
{
    float s = 0;
    for (int i = 0; i < n; i++)
        s += a[i] +* ;
    a[0] = s + helper(n) @;
    a[1] = @;
    a[2] = @;
    a[3] = @;
    a[4] = @;
}
//// next version
int g = 1;

int helper(int x)
{
    return x + g;
}

void work(int n, float *a)
{  float s = 0;
    for (int i = 0; i < n; i++)
        s += a[i] +* ;
    a[0] = s + helper(n) @;
    a[1] = @;
    a[2] = @;
    a[3] = @;
    a[4] = @;
}
//// next version
int g = 1;

int helper(int x)
{
    return x + g;
}

void work(int n, float *a)
{  float s = 0;
    for (int i = 0; i < n; i++) {
        s += a[i] * 2;
    a[0] = s + helper(n);
}
