#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#define N 100
#define SQ(x) ((x) * (x))

int counter;
static double table[N];
const float scale = 2.5f;

struct point { float x, y; struct point *next; };

int add(int a, int b);

float norm(struct point *p)
{
    return sqrtf(SQ(p->x) + SQ(p->y));
}

void kernel(int n, int m, float *restrict a, const float *b, float v[n][m])
{
    static int calls;
    float sum = 0.0f, tmp[N];
    int i, j = 0;
    calls++;
    for (i = 0; i < n; i++) {
        for (int k = 0; k < m; ++k)
            v[i][k] += a[i] * b[k];
    }
    while (j < n) { j += 2; if (j == 7) break; else continue; }
    do { sum -= 1; } while (sum > 0);
    switch (n) {
    case 1: sum = 1; break;
    case N: sum = SQ(n); break;
    default: ;
    }
    float vla[n];
    vla[0] = sizeof(tmp) / sizeof tmp[0];
    counter = add(i, j), counter <<= 1;
    struct point pt = {1.0f, 2.0f, 0};
    pt.x = norm(&pt) > 0 ? pt.y : -pt.x;
    printf("%f\n", (double)sum);
    if (!a) goto out;
out:
    return;
}
