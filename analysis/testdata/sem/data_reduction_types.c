/* reduction-op-type: the operator must be defined for the variable's type (§8). */

struct acc2 { float re; float im; };
struct mixed { int count; float *where; };

void types(const float *restrict x, const int *restrict k, int n)
{
    float fs = 0.0f;
    double dm = 0.0;
    int bits = 0, all = ~0;
    double _Complex z = 0;
    struct acc2 pair = {0.0f, 0.0f};
    struct mixed mx = {0, 0};
    float hist[4] = {0};
    int ihist[4] = {0};

#pragma acc parallel loop copyin(x[0:n]) reduction(&:fs) // want "reduction\(&\) is not defined for 'fs' of type 'float': bitwise operators need an integer type \[reduction-op-type\]"
    for (int i = 0; i < n; i++)
        fs += x[i];
#pragma acc parallel loop copyin(x[0:n]) reduction(|:dm) // want "reduction\(\|\) is not defined for 'dm' of type 'double'"
    for (int i = 0; i < n; i++)
        dm += x[i];
#pragma acc parallel loop copyin(x[0:n]) reduction(max:z) // want "reduction\(max\) is not defined for 'z' .*complex numbers are not ordered"
    for (int i = 0; i < n; i++)
        z += x[i];
#pragma acc parallel loop copyin(x[0:n]) reduction(&:pair) // want "reduction\(&\) is not defined for member 're' of 'pair'"
    for (int i = 0; i < n; i++)
        pair.re += x[i];
#pragma acc parallel loop copyin(x[0:n]) reduction(+:mx) // want "'mx' is a struct with member 'where' of type 'float \*'"
    for (int i = 0; i < n; i++)
        mx.count++;
#pragma acc parallel loop copyin(x[0:n]) reduction(^:hist) // want "reduction\(\^\) is not defined for 'hist' of type 'float'"
    for (int i = 0; i < n; i++)
        hist[i % 4] += x[i];
#pragma acc parallel loop copyin(x[0:n]) reduction(+:x) // want "'x' has pointer type"
    for (int i = 0; i < n; i++)
        ihist[i % 4] = 1;

    /* Valid: integers with bitwise operators, reals with max, complex with +, composites of reals with +, arrays. */
#pragma acc parallel loop copyin(k[0:n]) reduction(&:all) reduction(|:bits) reduction(+:ihist)
    for (int i = 0; i < n; i++) {
        all &= k[i];
        bits |= k[i];
        ihist[k[i] & 3] += 1;
    }
#pragma acc parallel loop copyin(x[0:n]) reduction(max:fs) reduction(+:z) reduction(+:pair) reduction(&&:bits)
    for (int i = 0; i < n; i++) {
        fs = fs > x[i] ? fs : x[i];
        z += x[i];
        pair.re += x[i];
        bits = bits && x[i] > 0.0f;
    }
}
