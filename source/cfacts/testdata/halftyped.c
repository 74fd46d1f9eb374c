#include <stdlib.h>

float dot(const float *a, const float *b, int n)
{
    float s = 0;
    for (int i = 0; i < n; i++)
        s += a[i] * b[i];
    return s;
}

void typing(float *x, int n)
{
    float total = 0;
#pragma acc parallel loop reduction(+:total)
    for (int i = 0; i < n; i++) {
        total += x[i];
        x[i] = 
