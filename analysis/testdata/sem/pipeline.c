/* An async pipeline: blocks go up, get computed and come back on rotating
   queues; enter/exit data for the unstructured lifetime. Valid: no diagnostics. */

#pragma acc routine seq
static float f(float x)
{
    return 3.0f * x + 1.0f;
}

void pipeline(float *restrict buf, int n, int nblocks)
{
    int bs = n / nblocks;
#pragma acc enter data create(buf[0:n])
    for (int b = 0; b < nblocks; b++) {
        int q = b % 3;
        int lo = b * bs;
#pragma acc update device(buf[lo:bs]) async(q)
#pragma acc parallel loop present(buf[lo:bs]) async(q)
        for (int i = lo; i < lo + bs; i++)
            buf[i] = f(buf[i]);
#pragma acc update self(buf[lo:bs]) async(q)
    }
#pragma acc wait
#pragma acc exit data delete(buf[0:n])
}
