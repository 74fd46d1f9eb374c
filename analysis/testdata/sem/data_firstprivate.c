/* implicit-firstprivate-write: scalars written in parallel/serial without a clause (§10.2, Appendix A). */

float fmaxf(float, float);

float sum_bad(const float *restrict x, int n)
{
    float sum = 0.0f;
#pragma acc parallel loop copyin(x[0:n])
    for (int i = 0; i < n; i++)
        sum += x[i]; // want "'sum' is implicitly firstprivate in 'parallel loop'.*add reduction\(\+:sum\) \[implicit-firstprivate-write\]"
    return sum;
}

/* Appendix A: with the reduction clause it is fine. */
float sum_ok(const float *restrict x, int n)
{
    float sum = 0.0f;
#pragma acc parallel loop copyin(x[0:n]) reduction(+:sum)
    for (int i = 0; i < n; i++)
        sum += x[i];
    return sum;
}

/* x = x * e, max patterns, and the count++ idiom. */
void patterns(const float *restrict x, int n)
{
    float prod = 1.0f, big = 0.0f, small = 1e30f, m2 = 0.0f;
    int count = 0;
#pragma acc parallel loop copyin(x[0:n])
    for (int i = 0; i < n; i++) {
        prod = prod * x[i]; // want "add reduction\(\*:prod\)"
        big = fmaxf(big, x[i]); // want "add reduction\(max:big\)"
        if (x[i] < small) // want +1 "add reduction\(min:small\)"
            small = x[i];
        m2 = m2 > x[i] ? m2 : x[i]; // want "add reduction\(max:m2\)"
        count++; // want "add reduction\(\+:count\)"
    }
}

/* A temporary written before it is read: make it private. */
void temporary(const float *restrict x, float *restrict y, int n)
{
    float t;
#pragma acc parallel loop copyin(x[0:n]) copyout(y[0:n])
    for (int i = 0; i < n; i++) {
        t = x[i] * x[i]; // want "'t' is implicitly firstprivate in 'parallel loop': one copy per gang is shared.*private"
        y[i] = t + 1.0f;
    }
}

/* A temporary of each row that an inner loop reduces (row norms): private,
   not copy, which would share one copy between the gangs. */
void row_norms(const float *restrict m, float *restrict norms, int n)
{
    float norm;
#pragma acc parallel loop copyin(m[0:n*n]) copyout(norms[0:n])
    for (int i = 0; i < n; i++) {
        norm = 0; // want "'norm' is implicitly firstprivate in 'parallel loop': one copy per gang is shared.*private"
#pragma acc loop reduction(+:norm)
        for (int j = 0; j < n; j++)
            norm += m[i * n + j];
        norms[i] = norm;
    }
}

/* Valid: the same temporary in a loop partitioned over gangs only (NPB
   CG's sparse product): each gang runs its rows one after another on its
   own copy. */
void row_sums(const float *restrict m, float *restrict sums, int n)
{
    float sum;
#pragma acc parallel num_workers(4) vector_length(32) copyin(m[0:n*n]) copyout(sums[0:n])
    {
#pragma acc loop gang
        for (int i = 0; i < n; i++) {
            sum = 0;
#pragma acc loop worker vector reduction(+:sum)
            for (int j = 0; j < n; j++)
                sum += m[i * n + j];
            sums[i] = sum;
        }
    }
}

/* A struct temporary of each iteration: implicitly copy, one device copy
   the iterations share; private. Not reported: a struct the loop only
   reads, one private on the loop, one assigned by a serial construct. */
typedef struct { float re, im; } cplx;
void mandel(float *restrict out, int n)
{
    cplx z, c, k = {1, 2}, w;
#pragma acc parallel loop copyout(out[0:n])
    for (int i = 0; i < n; i++) {
        c.re = i * 0.5f; // want "'c' is a struct without a clause, so 'parallel loop' copies it: one device copy that every iteration of the loop assigns before it reads it.*make it private \[implicit-copy-temporary\]"
        c.im = 0;
        out[i] = c.re * k.re + c.im * k.im;
    }
#pragma acc parallel loop copyout(out[0:n]) private(z)
    for (int i = 0; i < n; i++) {
        z.re = i;
        z.im = 1;
        out[i] = z.re + z.im;
    }
#pragma acc serial copyout(w)
    {
        w.re = 1;
        w.im = w.re;
    }
}

/* A plain result: copy. serial behaves like parallel. */
float tail_serial(const float *restrict x, int n)
{
    float tail = 0.0f;
#pragma acc serial copyin(x[0:n])
    {
        tail = x[n - 1]; // want "'tail' is implicitly firstprivate in 'serial': the value written here is lost after the region; add copy\(tail\)"
    }
    return tail;
}

/* An atomic update of a firstprivate scalar is lost too: copy, not reduction. */
int atomic_count(const float *restrict x, int n)
{
    int hits = 0;
#pragma acc parallel loop copyin(x[0:n])
    for (int i = 0; i < n; i++) {
        if (x[i] > 0.0f) {
#pragma acc atomic update
            hits++; // want "'hits' is implicitly firstprivate in 'parallel loop': the atomic updates go to a private copy and are lost after the region; add copy\(hits\)"
        }
    }
    return hits;
}

/* Written outside the loop that reduces it: the result is lost too. */
float reset_then_reduce(const float *restrict x, int n)
{
    float s;
#pragma acc parallel copyin(x[0:n])
    {
        s = 0.0f; // want "'s' is implicitly firstprivate in 'parallel': the value written here is lost after the region; add copy\(s\)"
#pragma acc loop reduction(+:s)
        for (int i = 0; i < n; i++)
            s += x[i];
    }
    return s;
}

/* Appendix A: in kernels a scalar is copy, no diagnostic. */
float tail_kernels(const float *restrict x, int n)
{
    float tail = 0.0f;
#pragma acc kernels copyin(x[0:n])
    {
        tail = x[n - 1];
    }
    return tail;
}

/* Valid: explicit clauses, loop reductions, private loops, sequential loop counters. */
float valid(const float *restrict x, float *restrict y, int n)
{
    float s = 0.0f, last = 0.0f, t;
    int j;
#pragma acc parallel copyin(x[0:n]) copyout(y[0:n]) copy(last)
    {
#pragma acc loop reduction(+:s)
        for (int i = 0; i < n; i++)
            s += x[i];
#pragma acc loop private(t)
        for (int i = 0; i < n; i++) {
            t = x[i];
            y[i] = t;
        }
        last = x[n - 1];
    }
#pragma acc parallel loop copyin(x[0:n]) copyout(y[0:n])
    for (int i = 0; i < n; i++) {
        float acc = 0.0f;
        for (j = 0; j < 4; j++)
            acc += x[i];
        y[i] = acc;
    }
    return s + last;
}
