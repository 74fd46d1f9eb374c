/* pointer members the compiler cannot attach, and member clause items it
 * cannot map */
struct vec { int n; double *x; };
struct table { int n; double *rows[4]; };

void f(int n, struct vec *arr, struct vec v, struct table *t)
{
#pragma acc parallel loop copy(arr[0:n])
	for (int i = 0; i < n; i++)
		arr[i].x[0] = 1;
#pragma acc parallel loop copy(v.x[0:n])
	for (int i = 0; i < n; i++)
		v.x = 0;
#pragma acc parallel loop copy(v.n)
	for (int i = 0; i < n; i++)
		v.x[i] = v.n;
#pragma acc parallel loop copy(v.x)
	for (int i = 0; i < n; i++)
		v.x[i] = 1;
#pragma acc parallel loop copy(arr[1].x[0:n])
	for (int i = 0; i < n; i++)
		arr[1].x[i] = 1;
#pragma acc parallel loop private(v.n)
	for (int i = 0; i < n; i++)
		v.x[i] = 1;
#pragma acc parallel loop copy(t[0:1])
	for (int i = 0; i < n; i++)
		t[0].n = i;
#pragma acc data copy(v.x[0:n])
	{
#pragma acc parallel loop
		for (int i = 0; i < n; i++)
			v.x[i] = 2;
	}
}

/* a pointer the construct points into two arrays: the host cannot follow
 * it; data reached through two pointer members of an element
 * (o[i].up->in->x) is not mapped (the elements of an array member,
 * g->cells[i].x, members of structs embedded in elements, o[i].v.x, and
 * through one pointer member, o[i].in->x, are: exec member_path_elements,
 * member_embedded_structs, member_pointer_chain) */
struct mesh { int n; struct vec *cell, *other; struct vec **near; };
struct grid { struct vec cells[4]; };
struct outer { int k; struct vec *in; struct vec v; struct outer *up; };

void h(struct mesh *m, struct grid *g, int n, struct outer *o)
{
	struct vec *c, *d = m->cell;
#pragma acc parallel loop private(c)
	for (int i = 0; i < n; i++) {
		c = i % 2 ? &m->cell[i] : &m->other[i];
		c->x[0] = 1;
		m->cell[i].x[1] = c->n;
	}
#pragma acc parallel loop private(d)
	for (int i = 0; i < n; i++)
		d[i].x[0] = 2;
#pragma acc enter data copyin(g->cells[0].x[0:n], m->cell[0].x[0:n], o[0].up->in->x[0:n], o[0].in->x[0:n], o[0].v.x[0:n])
}

void g(struct vec v, int *q, int k)
{
#pragma acc enter data attach(v.n, q[0:4], k, v.x, q)
#pragma acc exit data detach(v.x, q)
}
