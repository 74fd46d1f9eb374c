/* Pointers: implicit-firstprivate-pointer and implicit-copy-pointer-no-bounds (§9, §10.2, Appendix A). */

void *malloc(unsigned long);
void *acc_malloc(unsigned long);
void free(void *);

/* Appendix A: a pointer parameter dereferenced with no mapping. */
void unmapped(float *y, int n)
{
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
        y[i] = 0.0f; // want "'y' is a pointer: implicitly firstprivate in 'parallel loop', only its value is copied.*add copyout\(y\[0:n\]\) \(accls and NVIDIA.s compiler copy what the subscripts reach, GCC and Clang do not\) \[implicit-firstprivate-pointer\]"
}

/* The extent comes from the allocation; the data is read and written. */
float *scaled(int n)
{
    float *p = malloc(n * sizeof *p);
#pragma acc parallel loop
    for (int i = 0; i < n / 2; i++)
        p[i] = p[i] * 2.0f; // want "add copy\(p\[0:n\]\) \(accls .*\) \[implicit-firstprivate-pointer\]"
    return p;
}

/* Unknown extent: the fix asks for the length (a snippet). */
void unknown_extent(float *y, int *idx, int n)
{
#pragma acc parallel loop copyin(idx[0:n])
    for (int i = 0; i < n; i++)
        y[idx[i]] = 1.0f; // want "'y' is a pointer: .*map it with a sub-array"
}

void unknown_mapped(float *q, int *idx, int n)
{
#pragma acc parallel loop copy(q) copyin(idx[0:n]) // want "only the pointer value of 'q' is mapped by 'copy'.*such as q\[0:n\]"
    for (int i = 0; i < n; i++)
        q[idx[i]] = 1.0f;
}

/* Valid: mapped by an enclosing data region, by enter data, under default(present),
   through an alias, or a device pointer. Not valid: in kernels, where the
   pointer is copied as a scalar and its data is not mapped either. */
void mapped(float *y, float *z, float *w, float *v, float *arr, int n)
{
#pragma acc data copy(y[0:n])
    {
#pragma acc parallel loop
        for (int i = 0; i < n; i++)
            y[i] += 1.0f;
    }
#pragma acc enter data copyin(z[0:n])
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
        z[i] += 1.0f;
#pragma acc exit data copyout(z[0:n])
#pragma acc parallel loop default(present)
    for (int i = 0; i < n; i++)
        w[i] += 1.0f;
#pragma acc kernels loop
    for (int i = 0; i < n; i++)
        v[i] += 1.0f; // want "'v' is a pointer: implicitly copy in 'kernels loop' \\(a scalar\\), only its value is copied"
    float *alias = arr;
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
        alias[i] = 0.0f;
    float *d = acc_malloc(n * sizeof *d);
#pragma acc parallel loop deviceptr(d)
    for (int i = 0; i < n; i++)
        d[i] = 0.0f;
    float *e = acc_malloc(n * sizeof *e);
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
        e[i] = 0.0f;
}

/* Appendix A: copy(y) copies the pointer only. */
void no_bounds(float *y, float *x, int n)
{
#pragma acc parallel loop copy(y) copyin(x[0:n]) // want "only the pointer value of 'y' is mapped by 'copy', not the data it points to; use a sub-array such as y\[0:n\] \[implicit-copy-pointer-no-bounds\]"
    for (int i = 0; i < n; i++)
        y[i] += x[i];
#pragma acc data copyin(x) // want "only the pointer value of 'x' is mapped by 'copyin'"
    {
#pragma acc parallel loop copy(y[0:n])
        for (int i = 0; i < n; i++)
            y[i] += x[i];
    }
#pragma acc update self(y) // want "in OpenACC, self\\(y\\) in 'update' names the pointer itself, not the data it points to: accls acts on that data, as far as it is mapped, other compilers may not; y\\[0:n\\] is portable"
#pragma acc parallel loop present(y) // want "in OpenACC, present\\(y\\) names the pointer itself, not the data it points to: accls and NVIDIA's compiler look that data up, other compilers may not; y\\[0:n\\] is portable"
    for (int i = 0; i < n; i++)
        y[i] += 1.0f;
}

/* Valid: sub-arrays, deviceptr, pointers not dereferenced in the region. */
void with_bounds(float *y, float *q, int n)
{
#pragma acc parallel loop copy(y[0:n])
    for (int i = 0; i < n; i++)
        y[i] += 1.0f;
#pragma acc parallel loop deviceptr(q)
    for (int i = 0; i < n; i++)
        q[i] = 0.0f;
#pragma acc parallel copyin(y)
    {
        int isnull = y == 0;
    }
#pragma acc parallel copy(y[0:n])
    {
#pragma acc loop gang private(q[0:n])
        for (int g = 0; g < 4; g++) {
            q[g] = y[g];
            y[g] = q[g] + 1.0f;
        }
    }
}

/* A pointer to one struct: accls (like NVIDIA's compiler) takes the
   struct; the fix writes [0:1]. */
typedef struct {
    int n;
    double *v;
} vec;

void one_struct(vec *a)
{
#pragma acc enter data create(a) // want "in OpenACC, create\\(a\\) names the pointer itself, not the struct it points to: accls and NVIDIA's compiler take the struct, other compilers may not; a\\[0:1\\] is portable"
#pragma acc parallel loop present(a[0:1])
    for (int i = 0; i < 4; i++)
        a->n += i;
}

/* A pointer to one value, used only as *p: the fix maps p[0:1] (a
   logistic regression's bias, passed by address). */
void train(double *w, double *bias, int n)
{
#pragma acc data copy(w[0:n]) copy(bias) // want "only the pointer value of 'bias' is mapped by 'copy', not the data it points to; use a sub-array such as bias\[0:1\]"
    {
#pragma acc parallel loop
        for (int i = 0; i < n; i++)
            w[i] += *bias;
#pragma acc serial
        *bias += 1.0;
    }
}

/* Writes that leave elements of the section alone (from 1, under an if):
   copy, since copyout would give the host the device's undefined values. */
void partly_written(float *a, float *b, int n)
{
#pragma acc parallel loop
    for (int i = 1; i < n; i++)
        a[i] = 1.0f; // want "add copy\(a\[0:n\]\)"
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
        if (i % 2)
            b[i] = 2.0f; // want "add copy\(b\[0:n\]\)"
}

/* A pointer from a function of the file that returns what it allocated
   (the rows of a matrix): nothing mapped it either. */
double **matrix(int rows, int cols)
{
    double **m = malloc(rows * sizeof(double *));
    m[0] = malloc(rows * cols * sizeof(double));
    for (int i = 1; i < rows; i++)
        m[i] = m[0] + i * cols;
    return m;
}

void from_wrapper(int n)
{
    double **u = matrix(n, n);
#pragma acc parallel loop collapse(2)
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            u[i][j] = 0; // want "'u' is a pointer: .*add copyout\(u\[0:n\]\[0:n\]\)"
    free(u[0]);
    free(u);
}

/* The compute construct is in a function the data construct calls: the
   pointer passed to it is dereferenced there. */
static void relax(float *buf, int n)
{
#pragma acc parallel loop present(buf[0:n])
    for (int i = 0; i < n; i++)
        buf[i] *= 0.5f;
}

void through_call(int n)
{
    float *p = malloc(n * sizeof *p);
#pragma acc data copy(p) // want "only the pointer value of 'p' is mapped by 'copy', not the data it points to; use a sub-array such as p\[0:n\]"
    for (int t = 0; t < 3; t++)
        relax(p, n);
    free(p);
}

/* A parameter declared as an array, which C makes a pointer (PolyBench-ACC's
   copy(path)): accls maps the rows its declaration gives; the fix writes
   them as the declaration does. */
#define GRID 32
void declared_rows(int path[GRID][GRID], float w[GRID])
{
#pragma acc data copy(path) copyin(w) // want "in OpenACC, copy\(path\) names the pointer itself: 'path' is a parameter declared as an array, which C makes a pointer; accls takes the 32 rows its declaration gives, other compilers may map only the pointer; path\[0:GRID\] is portable" "copyin\(w\) names the pointer itself.*takes the 32 elements.*w\[0:GRID\] is portable"
    {
#pragma acc parallel loop
        for (int i = 0; i < GRID; i++)
            path[i][0] += (int)w[i];
    }
}

/* ... and the clause's other checks apply to those rows: an array
   parameter only copied in but written (PolyBench-ACC's gemver) */
void declared_written(float x[GRID], const float y[GRID])
{
#pragma acc data copyin(x, y) // want "copyin\(x\) names the pointer itself" "'x' is written in this 'data' but only copied in" "copyin\(y\) names the pointer itself"
    {
#pragma acc parallel loop
        for (int i = 0; i < GRID; i++)
            x[i] += y[i];
    }
}
