/* uninitialized-device-read: data that create puts on the device, of which
   device code writes only part and reads more: the borders of a stencil's
   grid that nothing writes on the device (the Game of Life of a real
   program's batch), an index the write loop starts after. */

void *malloc(unsigned long);

#define N 64
#define M 32

/* a linearized grid with borders, written and read by functions the
   region calls */
static void save(int *restrict world, int *restrict oworld, int rows, int cols)
{
#pragma acc parallel loop collapse(2) present(world[:(rows+2)*(cols+2)], oworld[:(rows+2)*(cols+2)])
    for (int r = 1; r <= rows; ++r)
        for (int c = 1; c <= cols; ++c)
            oworld[r*(cols+2) + c] = world[r*(cols+2) + c];
}

static void next(int *restrict world, int *restrict oworld, int rows, int cols)
{
#pragma acc parallel loop present(world[:(rows+2)*(cols+2)], oworld[:(rows+2)*(cols+2)])
    for (int r = 1; r <= rows; ++r)
        for (int c = 1; c <= cols; ++c) {
            int above = (r - 1) * (cols + 2);
            int n = oworld[above + c - 1] + oworld[above + c] + oworld[r*(cols+2) + c + 1];
            world[r*(cols+2)+c] = n == 3;
        }
}

void game(int rows, int cols, int steps)
{
    int *world = malloc((rows+2)*(cols+2)*sizeof(int));
    int *oworld = malloc((rows+2)*(cols+2)*sizeof(int));
    for (int i = 0; i < (rows+2)*(cols+2); i++)
        world[i] = i % 3 == 0;
#pragma acc enter data copyin(world[0:(rows+2)*(cols+2)]) create(oworld[0:(rows+2)*(cols+2)]) // want "'oworld' is created on the device, which copies nothing in, and device code writes only part of it: a read reaches row 0 \(rows of cols \+ 2 elements\), which no compute construct writes \(the writes start at row 1\), so it sees undefined values"
    for (int g = 0; g < steps; g++) {
        save(world, oworld, rows, cols);
        next(world, oworld, rows, cols);
    }
#pragma acc exit data copyout(world[0:(rows+2)*(cols+2)]) delete(oworld[0:(rows+2)*(cols+2)])
}

/* the same grids made by an allocation wrapper that creates them on the
   device: the message names the caller's variable */
static int *allocate(int rows, int cols)
{
    int *mat = malloc((rows+2)*(cols+2)*sizeof(int));
#pragma acc enter data create(mat[0:(rows+2)*(cols+2)]) // want "'mat' \(which 'allocate' returns to 'wrapped' as 'old'\) is created on the device.*a read reaches row 0"
    return mat;
}

void wrapped(int rows, int cols)
{
    int *cur = allocate(rows, cols), *old;
    old = allocate(rows, cols);
    for (int i = 0; i < (rows+2)*(cols+2); i++)
        cur[i] = i % 3 == 0;
#pragma acc update device(cur[0:(rows+2)*(cols+2)])
    save(cur, old, rows, cols);
    next(cur, old, rows, cols);
}

/* a 1-D smoothing whose result array's ends stay unwritten, and a 2-D
   array whose interior alone is written */
void ends(int n, double *a)
{
    double *b = malloc(n * sizeof *b);
    double u[N][M], v[N][M];
#pragma acc data copy(a[0:n]) create(b[0:n]) // want "'b' is created on the device.*a read reaches b\[0\], which no compute construct writes \(the writes start at b\[1\]\)"
    {
#pragma acc parallel loop
        for (int i = 1; i < n - 1; i++)
            b[i] = (a[i - 1] + a[i + 1]) / 2;
#pragma acc parallel loop
        for (int i = 0; i < n; i++)
            a[i] = b[i];
    }
#pragma acc data copy(v) create(u) // want "'u' is created on the device.*a read reaches u\[0\]\[…\], which no compute construct writes \(the writes start at u\[1\]\[…\]\)"
    {
#pragma acc parallel loop collapse(2)
        for (int i = 1; i < N - 1; i++)
            for (int j = 1; j < M - 1; j++)
                u[i][j] = v[i][j] * 2;
#pragma acc parallel loop collapse(2)
        for (int i = 0; i < N; i++)
            for (int j = 0; j < M; j++)
                v[i][j] = u[i][j];
    }
}

/* Valid: the borders are written by loops of their own, a read under a
   condition, a write whose index is not affine (it may write anything),
   bounds that cannot be compared, the whole range written. */
void valid(int n, int m, double *a, const int *idx)
{
    double u[N][M], v[N][M];
    double *b = malloc(n * sizeof *b), *c = malloc(n * sizeof *c), *d = malloc(n * sizeof *d), *e = malloc(n * sizeof *e);
#pragma acc data copy(v) create(u)
    {
#pragma acc parallel loop collapse(2)
        for (int i = 1; i < N - 1; i++)
            for (int j = 1; j < M - 1; j++)
                u[i][j] = v[i][j];
#pragma acc parallel loop
        for (int j = 0; j < M; j++) {
            u[0][j] = 0;
            u[N - 1][j] = 0;
        }
#pragma acc parallel loop
        for (int i = 0; i < N; i++) {
            u[i][0] = 0;
            u[i][M - 1] = 0;
        }
#pragma acc parallel loop collapse(2)
        for (int i = 0; i < N; i++)
            for (int j = 0; j < M; j++)
                v[i][j] = u[i][j];
    }
#pragma acc data copy(a[0:n]) copyin(idx[0:n]) create(b[0:n], c[0:n], d[0:n], e[0:n])
    {
#pragma acc parallel loop
        for (int i = 1; i < n; i++) {
            b[i] = a[i];
            c[idx[i]] = a[i];
            d[i] = a[i];
            e[i - 1] = a[i];
        }
#pragma acc parallel loop
        for (int i = 0; i < n; i++) {
            if (i > 0)
                a[i] += b[i];
            a[i] += c[i];
        }
#pragma acc parallel loop
        for (int i = 1; i < m; i++)
            a[i] += d[i];
#pragma acc parallel loop
        for (int i = 0; i < n - 1; i++)
            a[i] += e[i];
    }
}

/* Valid: the grids' pointers are swapped after each step, so the name
   that was created points to the copied data from the second step on */
void swapped(int n, int steps, double *a)
{
    double *b = malloc(n * sizeof *b);
#pragma acc data copy(a[0:n]) create(b[0:n])
    for (int t = 0; t < steps; t++) {
#pragma acc parallel loop present(a[0:n], b[0:n])
        for (int i = 1; i < n - 1; i++)
            b[i] = (a[i - 1] + a[i + 1]) / 2;
        double *tmp = a;
        a = b;
        b = tmp;
#pragma acc parallel loop present(a[0:n], b[0:n])
        for (int i = 0; i < n; i++)
            a[i] += b[i];
    }
}
