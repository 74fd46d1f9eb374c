#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

typedef struct { double re, im; } complex_t;
typedef float real;
enum color { RED, GREEN = 5, BLUE };
union u { int i; float f; };
struct node { int key; struct node *left, *right; };

uint8_t bytes[16];
size_t count;
real mat[4][8];
complex_t z;
enum color c = BLUE;
union u un;
int *pp[3];
int (*fp)(int, double);
char **argvp;
const char *const names[] = {"a", "b"};
volatile unsigned long long ticks;
bool flag = true;
float *restrict rp;
extern int ext;

int sum(struct node *t)
{
    if (!t)
        return 0;
    return t->key + sum(t->left) + sum(t->right);
}

void f(size_t n, double m[n][n], real (*q)[8])
{
    extern int ext;
    static const int lut[] = {1, 2, 3};
    int64_t big = INT64_MAX;
    m[0][0] = q[1][2] + lut[RED] + GREEN * sizeof(struct node) + bytes[0];
    ptrdiff_t d = &m[1][0] - &m[0][0];
    (void)d; (void)big;
}
