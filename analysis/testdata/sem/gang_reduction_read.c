/* gang-reduction-read: a gang loop's reduction is combined at the end of
   the parallel construct; reading the variable later in the construct
   reads a gang's partial value. */
void normalize(int n, const double *a, double *b)
{
    double s = 0, m = 0;
#pragma acc parallel copyin(a[0:n]) copyout(b[0:n]) copy(s, m)
    {
#pragma acc loop gang reduction(+:s) reduction(max:m)
        for (int i = 0; i < n; i++) {
            s += a[i];
            m = a[i] > m ? a[i] : m;
        }
#pragma acc loop gang
        for (int i = 0; i < n; i++)
            b[i] = a[i] / s; // want "'s' is reduced across gangs by the loop at line 9, and the gangs' values are combined only at the end of the 'parallel' construct"
        if (m > 100) // want "'m' is reduced across gangs by the loop at line 9"
            b[0] = 0;
    }
}

/* Not reported: one gang, reads in another reduction loop of the
   variable, reads after the construct, a worker loop's reduction. */
double fine(int n, const double *a, double *b)
{
    double s = 0, t = 0;
#pragma acc parallel num_gangs(1) copyin(a[0:n]) copyout(b[0:n]) copy(s)
    {
#pragma acc loop gang reduction(+:s)
        for (int i = 0; i < n; i++)
            s += a[i];
#pragma acc loop gang
        for (int i = 0; i < n; i++)
            b[i] = a[i] / s;
    }
#pragma acc parallel copyin(a[0:n]) copy(t)
    {
#pragma acc loop gang reduction(+:t)
        for (int i = 0; i < n; i++)
            t += a[i];
#pragma acc loop gang reduction(+:t)
        for (int i = 0; i < n; i++)
            t += 2 * a[i];
    }
#pragma acc parallel copyin(a[0:n]) copyout(b[0:n])
    {
#pragma acc loop gang
        for (int i = 0; i < n; i++) {
            double r = 0;
#pragma acc loop worker reduction(+:r)
            for (int j = 0; j < n; j++)
                r += a[j];
            b[i] = r;
        }
    }
    return s + t;
}
