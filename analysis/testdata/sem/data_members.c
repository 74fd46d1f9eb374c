/* Pointer members: unmapped-pointer-member, and writes through a member
   that are not writes of the struct (copyin-written stays quiet). */

void *malloc(unsigned long);
void *calloc(unsigned long, unsigned long);
void acc_attach(void **);

typedef struct { int n; double *x; double *y; } vec;
struct mesh { int nx; struct { double *val; } field; };

/* The struct is copied, its members' data is not: the device would read host addresses. */
void unmapped(int n)
{
    vec v;
    v.n = n;
    v.x = malloc(n * sizeof(double));
    v.y = calloc(n, sizeof(double));
#pragma acc enter data copyin(v)
#pragma acc parallel loop present(v)
    for (int i = 0; i < v.n; i++)
        v.x[i] = v.y[i] * 2; // want "'v.x' points to data that nothing maps.*add copyout\(v.x\[0:n\]\) \[unmapped-pointer-member\]" "'v.y' points to data that nothing maps.*add copyin\(v.y\[0:n\]\)"
}

/* A nested member, implicitly copied struct, length unknown: the fix asks for it. */
void nested(int n, int m)
{
    struct mesh s;
    s.nx = n;
    s.field.val = malloc(m);
#pragma acc parallel loop
    for (int i = 0; i < s.nx; i++)
        s.field.val[i] += 1; // want "'s.field.val' points to data that nothing maps.*add copy\(s.field.val\[0:n\]\)"
}

/* Valid: the member's data is mapped by the construct, an enclosing data
   region, enter data before, or the runtime API; a struct from elsewhere
   (a parameter never set here, a struct assigned whole) may have been
   mapped by other code. */
void mapped(int n, vec in)
{
    vec a, b, c, d, e;
    a.n = b.n = c.n = d.n = n;
    a.x = malloc(n * sizeof(double));
    b.x = malloc(n * sizeof(double));
    c.x = malloc(n * sizeof(double));
    d.x = malloc(n * sizeof(double));
#pragma acc parallel loop copy(a.x[0:n])
    for (int i = 0; i < n; i++)
        a.x[i] = i;
#pragma acc data copy(b.x[0:n])
    {
#pragma acc parallel loop
        for (int i = 0; i < n; i++)
            b.x[i] = i;
    }
#pragma acc enter data copyin(c.x[0:n])
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
        c.x[i] = i;
    acc_attach((void **)&d.x);
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
        d.x[i] = i;
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
        in.x[i] = i;
    e = in;
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
        e.x[i] = in.n;
}

/* Writes through a member do not write the struct: copyin of the struct is right. */
void member_writes(int n, vec *pv)
{
#pragma acc parallel loop copyin(pv[0:1]) copy(pv->x[0:n])
    for (int i = 0; i < pv->n; i++)
        pv->x[i] = 0;
}

/* Arrays of structs: the elements copied, the data their members point to
   not entered (the manual deep copy left out). */
struct cell { int n; double *u; vec in; };
void acc_copyin(void *, unsigned long);
void fill(struct cell *);

void elements_unmapped(int n)
{
    struct cell *c = malloc(n * sizeof *c);
    struct cell local[4];
    for (int i = 0; i < n; i++) {
        c[i].n = 4;
        c[i].u = malloc(4 * sizeof(double));
        c[i].in.x = calloc(4, sizeof(double));
    }
    for (int i = 0; i < 4; i++)
        local[i].u = malloc(8);
#pragma acc parallel loop copyin(c[0:n])
    for (int i = 0; i < n; i++) {
        c[i].u[0] = 1; // want "'c\[…\].u' points to data that nothing maps: the device copy of 'c' holds its elements' host addresses.*enter data copyin\(c\[i\].u\[0:n\]\) for every i\) \[unmapped-pointer-member\]"
        c[i].in.x[1] = c[i].n; // want "'c\[…\].in.x' points to data that nothing maps"
    }
#pragma acc parallel loop copyin(local)
    for (int i = 0; i < 4; i++)
        local[i].u[0] = 2; // want "'local\[…\].u' points to data that nothing maps"
}

/* Valid: entered element by element (also a member of an embedded struct),
   the runtime API, elements set up elsewhere (a parameter, a call that
   gets them, a member assigned another pointer). */
void elements_mapped(int n, struct cell *param, double *shared)
{
    struct cell *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
    struct cell *d = malloc(n * sizeof *d), *e = malloc(n * sizeof *e);
    for (int i = 0; i < n; i++) {
        a[i].u = malloc(8);
        a[i].in.x = malloc(8);
        b[i].u = malloc(8);
        d[i].u = shared;
    }
    fill(e);
#pragma acc enter data copyin(a[0:n])
    for (int i = 0; i < n; i++) {
#pragma acc enter data copyin(a[i].u[0:1], a[i].in.x[0:1])
        acc_copyin(b[i].u, 8);
    }
#pragma acc parallel loop present(a[0:n]) copy(b[0:n], d[0:n], e[0:n], param[0:n])
    for (int i = 0; i < n; i++) {
        a[i].u[0] = a[i].in.x[0];
        b[i].u[0] = 1;
        d[i].u[0] = 1;
        e[i].u[0] = 1;
        param[i].u[0] = 1;
    }
}
