/* uninitialized-device-read: data that create puts on the device, read by
   device code while nothing ever writes its device copy. */

void *malloc(unsigned long);
void acc_update_device(void *, unsigned long);

typedef struct { int n; double dt; double *x; } sim_t;

static void step(double *u, sim_t *s)
{
#pragma acc parallel loop present(u[0:100], s[0:1])
    for (int i = 0; i < s->n; i++)
        u[i] += s->dt;
}

static void fill(double *w, int n)
{
#pragma acc parallel loop present(w[0:n])
    for (int i = 0; i < n; i++)
        w[i] = i;
}

/* The struct's fields are read in a function the code calls, the array
   in the data construct itself: both undefined. */
void reported(void)
{
    double *u = malloc(100 * sizeof *u), *w = malloc(100 * sizeof *w);
    sim_t *sim = malloc(sizeof *sim);
    sim->n = 100;
    sim->dt = 0.5;
#pragma acc enter data copyin(u[0:100]) create(sim[0:1]) // want "'sim' is created on the device, which copies nothing in, and device code reads it while nothing writes its device copy.*use copyin \(or update device after setting it\) \[uninitialized-device-read\]"
    step(u, sim);
    for (int i = 0; i < 100; i++)
        w[i] = i;
#pragma acc data create(w[0:100]) present(u[0:100]) // want "'w' is created on the device"
    {
#pragma acc parallel loop
        for (int i = 0; i < 100; i++)
            u[i] += w[i];
    }
}

/* Valid: a compute construct (here in a called function) writes the data,
   update device or the runtime fills it, a member is attached (which
   writes the pointer into the device copy), a parameter (its caller may
   have filled it). */
void valid(double *param, int n)
{
    double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b), *c = malloc(n * sizeof *c);
    sim_t *s = malloc(sizeof *s);
    s->x = malloc(n * sizeof(double));
#pragma acc enter data create(a[0:n], b[0:n], c[0:n], s[0:1], param[0:n])
    fill(a, n);
    for (int i = 0; i < n; i++)
        b[i] = i;
#pragma acc update device(b[0:n])
    acc_update_device(c, n * sizeof *c);
#pragma acc enter data create(s->x[0:n])
#pragma acc parallel loop present(a[0:n], b[0:n], c[0:n], s[0:1], param[0:n])
    for (int i = 0; i < n; i++)
        a[i] += b[i] + c[i] + s->x[i] + param[i];
}
