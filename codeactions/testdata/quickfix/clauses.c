/* Quick fixes that remove or rewrite clauses. */
#define N 1024

void clauses(float *a, float *b, int n, float s)
{
    /* an exact duplicate: removing it is the clearly right fix */
#pragma acc parallel loop if(n > 0) copyin(a[0:n]) i‸f(n > 0)
    for (int i = 0; i < n; i++) b[i] = a[i];

    /* two different conditions: removing one is offered, not preferred */
#pragma acc parallel loop if(n > 1), i‸f(n > 2)
    for (int i = 0; i < n; i++) b[i] = a[i];

#pragma acc loop gang se‸q // a line comment after the clauses
    for (int i = 0; i < n; i++) b[i] = a[i];

#pragma acc loop independent‸(1) vector
    for (int i = 0; i < n; i++) b[i] = a[i];

#pragma acc parallel loop reduction(‸-:s) \
        copyin(a[0:N])
    for (int i = 0; i < n; i++) s -= a[i];

#pragma acc loop cop‸yin(a[0:n]) /* not a loop clause */ gang
    for (int i = 0; i < n; i++) b[i] = a[i];

    /* a loop clause on a compute construct over a loop: the combined construct */
#pragma acc parallel ga‸ng /* rows */ copyin(a[0:n])
    for (int i = 0; i < n; i++) b[i] = a[i];

    /* with a count: the construct's size clause, or remove it */
#pragma acc kernels vec‸tor(128)
    for (int i = 0; i < n; i++) b[i] = a[i];
}
