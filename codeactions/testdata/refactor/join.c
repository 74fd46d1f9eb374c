/* Join a compute construct whose body is one loop construct. */
#define N 1024

float join(float *a, float *b, int n)
{
    float s = 0.0f;
    /* braced body, pragmas at column 0 */
#pragma acc parallel copyin(a[0:N]) copy(s) async(1)‸
    {
#pragma acc loop gang reduction(+:s)
        for (int i = 0; i < n; i++) {
            s += a[i]; // keep this comment
        }
    }

    /* unbraced, cursor on the loop directive */
    #pragma acc kernels copyout(b[0:n])
    #pragma acc ‸loop independent
    for (int i = 0; i < n; i++)
        b[i] = a[i];

    /* device_type sections on both */
    #pragma acc serial copy(b[0:n]) device_type(nvidia) async(2)
    {
        #pragma acc loop device_type(nvidia) vector device_type(host) seq ‸
        for (int i = 0; i < n; i++) b[i] += 1;
    }

    /* not offered: private on the compute construct would move to the loop */
#pragma acc parallel private(s) ‸
    {
#pragma acc loop
        for (int i = 0; i < n; i++) s = a[i];
    }

    /* not offered: more than the loop in the body */
#pragma acc parallel ‸
    {
#pragma acc loop
        for (int i = 0; i < n; i++) b[i] = 0;
        b[0] = 1;
    }
    return s;
}
