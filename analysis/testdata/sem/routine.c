/* Routines: routine-level-mismatch, routine-missing, orphan-loop-no-routine. */

#pragma acc routine seq
static float square(float x)
{
    return x * x;
}

#pragma acc routine vector
void scale_row(float *row, int m, float f)
{
#pragma acc loop vector
    for (int j = 0; j < m; j++)
        row[j] = f * row[j];
}

#pragma acc routine worker
void scale_block(float *blk, int rows, int m, float f)
{
#pragma acc loop worker
    for (int i = 0; i < rows; i++)
        scale_row(blk + i * m, m, square(f));
}

float norm2(const float *v, int n);
#pragma acc routine(norm2) seq

/* Calls at the right levels. Valid. */
void driver(float *restrict a, int n, int m)
{
#pragma acc parallel loop gang copy(a[0:n*m])
    for (int i = 0; i < n; i++)
        scale_row(a + i * m, m, square(2.0f));
#pragma acc parallel copy(a[0:n*m])
    {
#pragma acc loop gang
        for (int b = 0; b < n / 4; b++)
            scale_block(a + b * 4 * m, 4, m, 0.5f);
    }
#pragma acc parallel loop gang vector copy(a[0:n*m])
    for (int i = 0; i < n; i++)
        a[i] = norm2(a + i * m, m);
}

/* Loops in routines beyond their level. */
#pragma acc routine seq
void seq_body(float *v, int n)
{
#pragma acc loop vector // want "'vector' loop in 'seq_body', a 'routine seq'; a seq routine may contain seq loops only.*\[routine-level-mismatch\]"
    for (int i = 0; i < n; i++)
        v[i] = 0.0f;
#pragma acc loop seq
    for (int i = 0; i < n; i++)
        v[i] += 1.0f;
}

#pragma acc routine vector
void vector_body(float *v, int n)
{
#pragma acc loop worker vector // want "'worker' loop in 'vector_body', a 'routine vector'"
    for (int i = 0; i < n; i++)
        v[i] = 0.0f;
}

/* Calls at the wrong levels. */
void wrong_calls(float *restrict a, int n, int m)
{
#pragma acc parallel loop vector copy(a[0:n*m])
    for (int i = 0; i < n; i++)
        scale_row(a + i * m, m, 2.0f); // want "call of 'scale_row', a 'routine vector', inside a 'vector' loop.*\[routine-level-mismatch\]"
#pragma acc parallel copy(a[0:n*m])
    {
#pragma acc loop gang worker
        for (int b = 0; b < n; b++)
            scale_block(a + b * m, 1, m, 2.0f); // want "call of 'scale_block', a 'routine worker', inside a 'worker' loop"
    }
}

#pragma acc routine seq
float seq_calls_vector(float *v, int n)
{
    scale_row(v, n, 2.0f); // want "call of 'scale_row', a 'routine vector', from 'seq_calls_vector', a 'routine seq'"
    return square(v[0]);
}

/* A function without routine called from device code. */
float cube(float x)
{
    return x * x * x;
}

void missing(float *restrict a, int n)
{
#pragma acc parallel loop copy(a[0:n])
    for (int i = 0; i < n; i++)
        a[i] = cube(a[i]) + cube(1.0f); // want "'cube' is called inside a compute region but has no 'routine' directive.*\[routine-missing\]"
    /* Host code may call it freely. */
    a[0] = cube(a[0]);
}

/* An orphaned loop in a function without routine. */
void orphan(float *v, int n)
{
#pragma acc loop gang // want "orphaned 'loop' in 'orphan', which has no 'routine' directive.*\[orphan-loop-no-routine\]"
    for (int i = 0; i < n; i++) {
#pragma acc loop vector
        for (int j = 0; j < n; j++)
            v[i * n + j] = 0.0f;
    }
}

/* Calls in the header of a loop run before the iterations are partitioned. */
int count_rows(int n)
{
    return n / 2;
}

void headers(float *restrict a, int n)
{
#pragma acc parallel loop vector copy(a[0:n])
    for (int i = 0; i < count_rows(n); i++)
        a[i] = 0.0f;
#pragma acc parallel copy(a[0:n])
    {
#pragma acc loop vector
        for (int i = 0; i < n; i++)
            scale_row(a, 1, 2.0f); // want "call of 'scale_row', a 'routine vector', inside a 'vector' loop"
    }
}

/* Globals in routines: one with a file-scope declare, a const table, and
 * two without a declare (each reported once, at its first use). */
float gain;
int calls[4];
float offset;
#pragma acc declare create(offset)
const float weights[2] = {0.5f, 0.25f};

#pragma acc routine seq
float apply_gain(float x)
{
    calls[0]++; // want "'calls' is a global used in 'apply_gain', a 'routine', but no 'declare' directive puts it on the device.*\[routine-global-undeclared\]"
    return gain * x + offset * weights[1]; // want "'gain' is a global used in 'apply_gain'"
}

#pragma acc routine seq
float apply_twice(float x)
{
    return gain * apply_gain(x);
}

/* bind(f): device code calls f in place of the routine, at f's level; a
 * bind naming a function without a device version. */
#pragma acc routine worker
float rows_worker(const float *a, int n)
{
    float s = 0;
#pragma acc loop worker reduction(+:s)
    for (int i = 0; i < n; i++)
        s += a[i];
    return s;
}

#pragma acc routine seq bind(rows_worker)
float rows_host(const float *a, int n)
{
    float s = 0;
    for (int i = 0; i < n; i++)
        s += a[i];
    return s;
}

float plain_sum(const float *a, int n)
{
    return a[0] + n;
}

#pragma acc routine seq bind(plain_sum) // want "'bind' names 'plain_sum', which has no 'routine' directive: device code calls it in place of the routine.*\[routine-missing\]"
float bound_to_plain(const float *a, int n);

#pragma acc routine seq bind(elsewhere) /* another file's, maybe */
float bound_elsewhere(const float *a, int n);

#pragma acc routine seq bind("cuda_sum")
float bound_to_string(const float *a, int n);

void binds(float *restrict a, float *restrict b, int n)
{
#pragma acc parallel loop gang vector copyin(a[0:n*n]) copyout(b[0:n])
    for (int i = 0; i < n; i++)
        b[i] = rows_host(&a[i * n], n); // want "call of 'rows_host' \\(bound to 'rows_worker'\\), a 'routine worker', inside a 'vector' loop"
#pragma acc parallel loop gang copyin(a[0:n*n]) copyout(b[0:n])
    for (int i = 0; i < n; i++)
        b[i] = rows_host(&a[i * n], n) + bound_to_plain(a, n) + bound_elsewhere(a, n) + bound_to_string(a, n);
}
