/* Nesting: nested-compute-construct, data-construct-in-compute, bad-nesting, cache-outside-loop. */

void nested(float *restrict a, int n)
{
#pragma acc parallel copy(a[0:n])
    {
#pragma acc kernels // want "'kernels' construct inside the compute region of 'parallel'.*\[nested-compute-construct\]"
        for (int i = 0; i < n; i++)
            a[i] = 0.0f;
#pragma acc update self(a[0:n]) // want "'update' inside the compute region of 'parallel' has no meaning on the device.*\[data-construct-in-compute\]"
#pragma acc data copy(a[0:n]) // want "'data' inside the compute region of 'parallel'"
        {
#pragma acc loop
            for (int i = 0; i < n; i++)
                a[i] += 1.0f;
        }
#pragma acc enter data copyin(a[0:n]) // want "'enter data' inside the compute region"
#pragma acc wait
#pragma acc init // want "'init' may not appear inside a compute region.*\[bad-nesting\]"
#pragma acc set device_num(0) // want "'set' may not appear inside a compute region"
    }
    /* Outside the compute construct all of these are fine. */
#pragma acc init
#pragma acc enter data copyin(a[0:n])
#pragma acc update device(a[0:n])
#pragma acc exit data delete(a[0:n])
#pragma acc shutdown
}

void atomics_nesting(float *restrict a, int n)
{
    float s = 0.0f;
#pragma acc parallel loop copy(a[0:n], s)
    for (int i = 0; i < n; i++) {
#pragma acc atomic capture
        {
#pragma acc wait // want "'wait' may not appear inside an 'atomic' construct.*\[bad-nesting\]"
            s += a[i];
            a[i] = s;
        }
    }
}

void caches(float *restrict a, const float *restrict b, int n)
{
#pragma acc parallel loop copyin(b[0:n+2]) copyout(a[0:n])
    for (int i = 1; i < n; i++) {
        int lo = i - 1;
#pragma acc cache(b[lo:3])
        a[i] = b[lo] + b[lo + 1] + b[lo + 2];
    }
#pragma acc parallel copyin(b[0:n]) copyout(a[0:n])
    {
        for (int i = 0; i < n; i++) {
#pragma acc cache(b[i:1])
            a[i] = b[i];
        }
#pragma acc cache(b[0:n]) // want "'cache' must appear at the top of a loop body inside a compute region or a 'loop' construct; this one is not inside any loop.*\[cache-outside-loop\]"
    }
#pragma acc parallel loop copyin(b[0:n]) copyout(a[0:n])
    for (int i = 0; i < n; i++) {
        a[i] = 0.0f;
#pragma acc cache(b[i:1]) // want "'cache' must appear at the top of the loop body, before the statements"
        a[i] += b[i];
    }
    for (int i = 0; i < n; i++) {
#pragma acc cache(b[i:1]) // want "this one is in a loop that runs on the host"
        a[i] = b[i];
    }
}
