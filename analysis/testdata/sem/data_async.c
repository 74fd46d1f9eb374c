/* Host reads of data an async construct or update brings back, before a
   wait: reported at the first read of each variable; not after a wait
   directive, a construct with a wait clause, a call that may wait, for
   data an enclosing data region keeps on the device, for data the host
   overwrites first, or for async only in another device type's section. */

int printf(const char *, ...);
void helper(void);

void reads(int n, double *a, double *b, double *c, double *d, double *e)
{
#pragma acc parallel loop copyout(a[0:n]) async(1)
    for (int i = 0; i < n; i++)
        a[i] = i;
    printf("%f\n", a[n - 1]); // want "'a' is read on the host before anything waits for the async 'parallel loop' that brings it back \(queue 1\): the copy may not have happened yet; add '#pragma acc wait\(1\)' before the read \[async-host-read\]"
    printf("%f\n", a[0]);
#pragma acc wait(1)
#pragma acc parallel loop copyout(b[0:n]) async
    for (int i = 0; i < n; i++)
        b[i] = i;
#pragma acc wait
    printf("%f\n", b[0]);
#pragma acc data copy(c[0:n])
    {
#pragma acc parallel loop copy(c[0:n]) async(2)
        for (int i = 0; i < n; i++)
            c[i] += 1;
#pragma acc update self(c[0:n]) async(2)
        double s = c[0]; // want "'c' is read on the host before anything waits for the async 'update' .*queue 2"
#pragma acc wait(2)
        printf("%f\n", s);
    }
#pragma acc parallel loop copyout(d[0:n]) async(3)
    for (int i = 0; i < n; i++)
        d[i] = i;
    helper();
    printf("%f\n", d[0]);
#pragma acc parallel loop copyout(e[0:n]) device_type(nvidia) async(4)
    for (int i = 0; i < n; i++)
        e[i] = i;
    printf("%f\n", e[0]);
}

void overwrite(int n, double *a)
{
#pragma acc parallel loop copyout(a[0:n]) async(1)
    for (int i = 0; i < n; i++)
        a[i] = i;
    a[0] = 5;
    printf("%f\n", a[0]);
#pragma acc wait(1)
}
