/* transfers-in-host-loop: compute constructs in a host loop that move the same data every iteration (§9, DESIGN.md §5). */

float grid[1024];
int printf(const char *, ...);

void stepping(float *restrict a, float *restrict b, int n, int steps)
{
    for (int t = 0; t < steps; t++) { // want "'a', 'b' are copied between host and device on every iteration of this loop; a data region around the loop moves them once: #pragma acc data copy\(a\[0:n\]\) copyin\(b\[0:n\]\) \[transfers-in-host-loop\]"
#pragma acc parallel loop copy(a[0:n]) copyin(b[0:n])
        for (int i = 0; i < n; i++)
            a[i] += b[i];
#pragma acc parallel loop copy(a[0:n])
        for (int i = 0; i < n; i++)
            a[i] *= 0.5f;
    }
}

/* An implicitly copied global array. */
void relax(int iters)
{
    int k = 0;
    while (k < iters) { // want "'grid' is copied between host and device on every iteration of this loop; .*copy\(grid\[0:1024\]\)"
#pragma acc parallel loop
        for (int i = 1; i < 1023; i++)
            grid[i] = 0.5f * grid[i];
        k++;
    }
}

/* Valid: a data region around the loop; host code reading the array in the loop; an update in the loop;
   a copy of data that goes only one way; a different block on each iteration. */
void valid(float *restrict a, float *restrict b, int n, int steps)
{
#pragma acc data copy(a[0:n])
    for (int t = 0; t < steps; t++) {
#pragma acc parallel loop
        for (int i = 0; i < n; i++)
            a[i] += 1.0f;
    }
    for (int t = 0; t < steps; t++) {
#pragma acc parallel loop copy(a[0:n])
        for (int i = 0; i < n; i++)
            a[i] += 1.0f;
        printf("%f\n", a[0]);
    }
    for (int t = 0; t < steps; t++) {
#pragma acc parallel loop copyin(b[0:n]) copyout(a[0:n])
        for (int i = 0; i < n; i++)
            a[i] = b[i] + (float)t;
    }
    for (int blk = 0; blk < 4; blk++) {
#pragma acc parallel loop copy(a[blk * n / 4:n / 4])
        for (int i = 0; i < n / 4; i++)
            a[blk * n / 4 + i] += 1.0f;
    }
    int off = 0;
    do {
#pragma acc parallel loop copy(a[off:16])
        for (int i = 0; i < 16; i++)
            a[off + i] *= 2.0f;
        off += 16;
    } while (off < n);
}
