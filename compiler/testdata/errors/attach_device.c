/* pointer members the kernels cannot reach: through a dereference, a
 * routine's parameter, a pointer member of what a pointer to the current
 * element reaches (through an array element, arr[i].x, or such a pointer,
 * c = &arr[i]; c->x, they reach the member's pool: exec member_deep_copy,
 * member_path_elements) */
struct vec { int n; double *x; };
struct pt { float x, y; struct pt *next; };
struct node { struct vec *v; };

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
	}
}
