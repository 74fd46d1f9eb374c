/* default(none): every referenced variable needs a clause (openacc-rules.md §10.1, §10.3, Appendix A). */

float coef[16];
float table[64];
#pragma acc declare create(table)

/* Appendix A: the loop bound n is unlisted; the loop variable i is predetermined private. */
void bound(float *restrict y, int n)
{
#pragma acc parallel loop default(none) copyout(y[0:n])
    for (int i = 0; i < n; i++) // want "'n' has no data attribute but default\(none\) is in effect on this 'parallel loop' \[default-none-unlisted\]"
        y[i] = 0.0f;
}

/* Scalars read and written, arrays read-only, pointers with a known loop bound. */
void kinds(float *restrict x, float *restrict y, int n, float alpha)
{
    float last = 0.0f;
#pragma acc parallel loop default(none) firstprivate(n)
    for (int i = 0; i < n; i++) {
        y[i] = alpha * x[i] + coef[i % 16]; // want "'y' has no data attribute" "'alpha' has no data attribute" "'x' has no data attribute" "'coef' has no data attribute"
        last = y[i]; // want "'last' has no data attribute"
    }
}

/* Inherited from an enclosing data construct (Appendix A). */
void inherited(float *restrict a, float *restrict c, int n)
{
#pragma acc data default(none) copyin(a[0:n])
    {
#pragma acc parallel loop firstprivate(n)
        for (int i = 0; i < n; i++)
            c[i] = a[i] * 2.0f; // want "'c' has no data attribute but default\(none\) is in effect on the enclosing 'data' construct \(line 29\)"
    }
}

/* A default on the compute construct overrides the data construct's. */
void overridden(float *restrict a, int n)
{
#pragma acc data default(none) copy(a[0:n])
    {
#pragma acc parallel loop default(present)
        for (int i = 0; i < n; i++)
            a[i] += 1.0f;
    }
}

/* Valid: everything listed; locals, loop variables and declared globals need no clause. */
void all_listed(float *restrict x, float *restrict y, int n, float alpha)
{
    int j;
#pragma acc parallel loop default(none) copyin(x[0:n]) copy(y[0:n]) firstprivate(alpha, n) private(j)
    for (int i = 0; i < n; i++) {
        float t = alpha * x[i];
        for (j = 0; j < 4; j++)
            t += table[j];
        y[i] += t;
    }
}

/* kernels: a read-only scalar goes to copyin (kernels has no firstprivate). */
void in_kernels(float *restrict y, int n, float beta)
{
#pragma acc kernels default(none) copy(y[0:n]) copyin(n)
    {
        for (int i = 0; i < n; i++)
            y[i] *= beta; // want "'beta' has no data attribute"
    }
}

/* A reduction variable is listed by its reduction clause. */
float dot(const float *restrict x, const float *restrict y, int n)
{
    float s = 0.0f;
#pragma acc parallel loop default(none) copyin(x[0:n], y[0:n]) firstprivate(n) reduction(+:s)
    for (int i = 0; i < n; i++)
        s += x[i] * y[i];
    return s;
}
