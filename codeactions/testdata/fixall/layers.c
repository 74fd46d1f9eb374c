/* Fix-all: several safe fixes on one line, repeats that need a second round,
   and fixes that are not safe and stay for the user. ∑ über alles. */
#define ASYNC 1

void layers(float *a, float *b, int n)
{
#pragma acc Parallel loop pcopyin(a[0:n]) async(ASYNC) async(ASYNC) async(ASYNC) copy_out(b[0:n])
    for (int i = 0; i < n; i++) b[i] = a[i];

#pragma acc kernels loop /* ü */ independent() \
    present_or_create(b[0:n]) \
    if(n > 0) if(n > 0)
    for (int i = 0; i < n; i++) b[i] = 0;

    /* not safe: which of the two conditions was meant? */
#pragma acc parallel if(n > 1) if(n > 2) default(nnone)
    { }

    /* not safe: 'seq' or 'gang'? */
#pragma acc parallel loop gang seq
    for (int i = 0; i < n; i++) b[i] = a[i];
}
