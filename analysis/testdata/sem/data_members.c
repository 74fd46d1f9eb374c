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
