/* Correct OpenACC in many shapes: no structure diagnostic may appear here. */
#include <math.h>

#define N 1024

static float table[N];
#pragma acc declare create(table)

#pragma acc routine gang
void gang_body(float *restrict v, int n)
{
#pragma acc loop gang
    for (int i = 0; i < n; i++) {
#pragma acc loop vector
        for (int j = 0; j < 8; j++)
            v[i * 8 + j] = 0.0f;
    }
}

#pragma acc routine seq
float poly(float x)
{
    float r = 0.0f;
    for (int k = 0; k < 4; k++) {
        if (k == 2)
            continue;
        r = r * x + (float)k;
    }
    return r;
}

#pragma acc routine worker
void worker_body(float *restrict v, int n)
{
#pragma acc loop worker
    for (int i = 0; i < n; i++) {
#pragma acc cache(v[i:1])
        v[i] = poly(v[i]);
    }
}

float later(float x);
#pragma acc routine(later) seq

void host_loop(float *restrict a, int n, int steps)
{
#pragma acc data copy(a[0:n])
    {
        for (int s = 0; s < steps; s++) {
            if (s % 2)
                continue;
#pragma acc parallel loop gang vector present(a[0:n])
            for (int i = 0; i < n; i++) {
                switch (i % 3) {
                case 0:
                    a[i] = sqrtf(fabsf(a[i]));
                    break;
                case 1:
                    a[i] = later(a[i]);
                    break;
                default:
                    a[i] = poly(a[i]) + table[i % N];
                }
                for (int k = 0; k < 3; k++) {
                    if (a[i] > 10.0f)
                        break;
                    a[i] += 1.0f;
                }
            }
            if (s == steps - 1) {
#pragma acc update self(a[0:n])
            }
        }
#pragma acc parallel present(a[0:n]) num_gangs(32)
        gang_body(a, n / 8);
#pragma acc parallel present(a[0:n])
        {
#pragma acc loop gang
            for (int b = 0; b < n / 64; b++)
                worker_body(a + b * 64, 64);
        }
    }
}

float later(float x)
{
    return 2.0f * x;
}

void kernels_and_serial(float *restrict a, float *restrict b, int n)
{
    float total = 0.0f;
    int count = 0;
#pragma acc kernels copyin(a[0:n]) copyout(b[0:n])
    {
        for (int i = 0; i < n; i++)
            b[i] = a[i];
#pragma acc loop independent
        for (int i = 0; i < n; i++)
            b[i] += 1.0f;
    }
#pragma acc serial copyin(a[0:n]) copy(total)
    for (int i = 0; i < n; i++)
        total += a[i];
    _Pragma("acc parallel loop reduction(+:count) copyin(a[0:n])")
    for (int i = 0; i < n; i++)
        if (a[i] > 0.0f)
            count++;
#pragma acc parallel loop collapse(2) reduction(+:total) copyin(a[0:n]) copy(b[0:1])
    for (int i = 0; i < 16; i++)
        for (int j = 0; j < n / 16; j++) {
#pragma acc atomic update
            b[0] += a[i * (n / 16) + j];
            total += 1.0f;
        }
    b[0] = total + (float)count;
}

void goto_inside(float *restrict a, int n)
{
#pragma acc parallel copy(a[0:n])
    {
        int tries = 0;
again:
        tries++;
        if (tries < 3)
            goto again;
        a[0] = (float)tries;
    }
}
