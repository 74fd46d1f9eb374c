/* Clause items whose subscripts and members do not fit their variables'
   types, as C would reject them. */
typedef struct { float *x; int n; } vec;
typedef struct { vec v[4]; vec *w; } mesh;
void g(void);

void wrong(float *a, int n, vec *p, vec s, int k, mesh *ms)
{
#pragma acc parallel loop copyin(k[0:n]) copy(a[0:n]) // want "'k' has type 'int', which has no elements: a subscript or sub-array needs an array or a pointer \[clause-item-type\]"
    for (int i = 0; i < n; i++)
        a[i] += k;
#pragma acc enter data copyin(p.x[0:4], s->x[0:4]) // want "'p' is a pointer to a struct: write p->x \[clause-item-type\]" "'s' is a struct, not a pointer: write s.x \[clause-item-type\]"
#pragma acc enter data copyin(ms->v[0].y[0:4], ms->w.x[0:2], a[0][1]) // want "'vec' has no member 'y' \[clause-item-type\]" "'ms->w' is a pointer to a struct: write ms->w->x \[clause-item-type\]" "'a\[0\]' has type 'float', which has no elements.*\[clause-item-type\]"
#pragma acc update device(g, s.n.m) // want "'g' is a function, not data.*\[clause-item-type\]" "'s.n' has type 'int', which has no members \('.m'\) \[clause-item-type\]"
}

/* Not reported: what fits. */
void right(float *a, int n, vec *p, vec s, mesh *ms, float grid[8][8])
{
#pragma acc enter data copyin(p->x[0:p->n], s.x[0:s.n], ms->v[1].x[0:4], ms->w->x[0:2], grid[0:8][0:8], a[0:n], p[0:1])
#pragma acc parallel loop present(a[0:n], grid[1:2][0:8])
    for (int i = 0; i < n; i++)
        a[i] += grid[1][i % 8];
}
