/* structs the device cannot hold with the host's layout (a packed struct
 * passes here: the C front end does not see packing; the host build's
 * layout check reports it, TestStructLayout) */
#include <stdbool.h>

struct bits { int a : 3; int b : 5; };
struct flag { int n; bool on; };
struct wide { double d; } __attribute__((aligned(32)));
struct big { double v[200]; };
union either { int i; float f; };
struct list { int n; int *items; };

void f(int n, struct bits *b, struct flag *g, struct wide *w, struct list *l)
{
	struct big k = {{0}};
	union either u = {1};
#pragma acc parallel loop copy(b[0:n])
	for (int i = 0; i < n; i++)
		b[i].a = 1;
#pragma acc parallel loop copy(g[0:n])
	for (int i = 0; i < n; i++)
		g[i].n = 1;
#pragma acc parallel loop copy(w[0:n])
	for (int i = 0; i < n; i++)
		w[i].d = 1;
#pragma acc parallel loop copy(l[0:n])
	for (int i = 0; i < n; i++)
		l[i].n = 1;
#pragma acc parallel loop copy(w[0:n]) firstprivate(k)
	for (int i = 0; i < n; i++)
		w[i].d = k.v[i % 200];
#pragma acc parallel loop copy(b[0:n]) firstprivate(u)
	for (int i = 0; i < n; i++)
		b[i].b = u.i;
}
