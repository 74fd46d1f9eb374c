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
