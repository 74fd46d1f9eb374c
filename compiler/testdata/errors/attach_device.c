/* pointer members the kernels cannot reach: through a dereference, a
 * routine's parameter, two pointer members from a pointer to the current
 * element (through an array element, arr[i].x, or such a pointer,
 * c = &arr[i]; c->x, and one pointer member further, c->v->x, they reach
 * a member pool: exec member_deep_copy, member_path_elements,
 * member_pointer_chain) */
struct vec { int n; double *x; };
struct pt { float x, y; struct pt *next; };
struct node { struct vec *v; struct node *up; };

#pragma acc routine seq
static double first(struct vec *v) { return v->x[0]; }

void f(int n, struct vec *arr, struct vec v, struct pt *p)
{
#pragma acc parallel loop copy(v.x[0:n])
	for (int i = 0; i < n; i++)
		(*&v).x[i] = 1;
#pragma acc parallel loop copy(arr[0:n])
	for (int i = 0; i < n; i++)
		arr[i].n = first(&arr[i]);
}

void g(int n, struct node *nodes)
{
#pragma acc parallel loop
	for (int i = 0; i < n; i++) {
		struct node *c = &nodes[i];
		c->v->x[0] = 3;
		c->up->v->x[0] = 4;
	}
}
