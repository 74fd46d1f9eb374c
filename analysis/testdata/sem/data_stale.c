/* Host code inside a data construct that uses the mapped data as if host
   and device shared it: a read after a compute construct wrote the device
   copy (stale-host-read), a write before a compute construct reads it
   (stale-device-read), also across rounds of a host loop; what an update,
   a call, a pointer swap or a compute construct with if() leaves alone. */

int printf(const char *, ...);
void use(double *);

/* a result printed every 100 steps from the host copy */
void heat(int n, int steps, double *a, double *b)
{
#pragma acc data copy(a[0:n]) create(b[0:n])
    for (int t = 0; t < steps; t++) {
#pragma acc parallel loop
        for (int i = 1; i < n - 1; i++)
            b[i] = 0.5 * (a[i - 1] + a[i + 1]);
#pragma acc parallel loop
        for (int i = 1; i < n - 1; i++)
            a[i] = b[i];
        if (t % 100 == 0) {
            double s = 0;
            for (int i = 0; i < n; i++)
                s += a[i]; // want "'a' is read on the host inside the data region that maps it, after 'parallel loop' writes its device copy: the host copy keeps the values from before the region until 'update self\(a\[0:n\]\)'.* \[stale-host-read\]"
            printf("%f\n", s);
        }
    }
}

/* a convergence test on a reduction variable the region maps */
void converge(int n, double *a, double tol)
{
    double err = 1;
#pragma acc data copy(a[0:n], err)
    while (err > tol) { // want "'err' is read on the host .* \[stale-host-read\]"
        err = 0; // want "'err' is written on the host inside the data region that maps it, and 'parallel loop' reads its device copy afterwards: the device keeps the old values without 'update device\(err\)'.* \[stale-device-read\]"
#pragma acc parallel loop reduction(max:err)
        for (int i = 0; i < n; i++) {
            double d = a[i] * 0.5;
            a[i] -= d;
            err = d > err ? d : err;
        }
    }
}

/* a coefficient the host changes between kernels */
void coefficient(int n, double *a, double *c)
{
#pragma acc data copy(a[0:n]) copyin(c[0:1])
    {
#pragma acc parallel loop
        for (int i = 0; i < n; i++)
            a[i] *= c[0];
        c[0] = 2; // want "'c' is written on the host .*'update device\(c\[0:1\]\)'.* \[stale-device-read\]"
#pragma acc parallel loop
        for (int i = 0; i < n; i++)
            a[i] += c[0];
    }
}

/* Not reported: the host reads after an update self, writes before an
   update device, passes the data to a function, swaps pointers; a compute
   construct that may run on the host; reads before any device write;
   host writes after the last kernel that reads. */
void fine(int n, double *a, double *b, int on)
{
#pragma acc data copy(a[0:n])
    {
#pragma acc parallel loop
        for (int i = 0; i < n; i++)
            a[i] += 1;
#pragma acc update self(a[0:n])
        printf("%f\n", a[0]);
        a[1] = 3;
#pragma acc update device(a[0:n])
#pragma acc parallel loop
        for (int i = 0; i < n; i++)
            a[i] += 1;
    }
#pragma acc data copy(b[0:n])
    {
        printf("%f\n", b[0]);
#pragma acc parallel loop
        for (int i = 0; i < n; i++)
            b[i] += 1;
        use(b);
    }
#pragma acc data copy(b[0:n])
    {
#pragma acc parallel loop if(on)
        for (int i = 0; i < n; i++)
            b[i] += 1;
        printf("%f\n", b[0]);
    }
#pragma acc data copyin(b[0:n]) copy(a[0:n])
    {
        for (int t = 0; t < 10; t++) {
#pragma acc parallel loop
            for (int i = 0; i < n; i++)
                a[i] += b[i];
            double *tmp = a;
            a = b;
            b = tmp;
        }
    }
#pragma acc data copyin(b[0:n])
    {
#pragma acc parallel loop
        for (int i = 0; i < n; i++)
            a[i] = b[i];
        b[0] = 0;
    }
}
