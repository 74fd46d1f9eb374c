/* Reductions that contradict other clauses. */
void reductions(float *a, int n, float s, float t)
{
#pragma acc parallel loop reduction(+:s) private(s) // want "'s' is a reduction variable and cannot also be private \\[reduction-private-conflict\\]"
    for (int i = 0; i < n; i++) s += a[i];
#pragma acc parallel reduction(+:s, t) firstprivate(t) // want "'t' is a reduction variable and cannot also be firstprivate"
    { }
#pragma acc parallel loop reduction(+:s) private(t) firstprivate(n)
    for (int i = 0; i < n; i++) s += a[i] * t;
#pragma acc parallel num_gangs(8, 8) reduction(+:s) // want "'reduction' may not appear on 'parallel' whose 'num_gangs' has more than one argument \\[reduction-num-gangs-conflict\\]"
    { }
#pragma acc parallel loop num_gangs(8) reduction(+:s)
    for (int i = 0; i < n; i++) s += a[i];
}

/* A variable in two data clauses of one construct. */
void duplicates(float *a, float *b, int n)
{
#pragma acc parallel loop copyin(a[0:n]) copyout(a[0:n]) // want "'a' already appears in 'copyin' on this 'parallel loop'; each variable may have one data clause per construct \\(gcc rejects this\\) \\[duplicate-data-clause\\]"
    for (int i = 0; i < n; i++) a[i] += 1;
#pragma acc data copy(a[0:n], b[0:n], a[0:n]) // want "'a' appears twice in this 'copy' clause"
    { }
#pragma acc enter data copyin(a[0:n]) create(b[0:n])
#pragma acc parallel loop present(a[0:n]) copy(b[0:n])
    for (int i = 0; i < n; i++) b[i] = a[i];
}
