/* Pointer members (OpenACC 3.3 §2.6.8 attachment): structs whose members
 * point to heap arrays. The data clauses name what a member points to
 * (copy(v.x[0:n])); the kernels reach it through the member as on the host:
 * a struct variable (v.x), a pointer to a struct (pv->x, also written
 * (*pv).y), a nested member
 * (m.field.val), two members of one struct in one clause, enter/exit data
 * with attach and detach, a data construct around the compute constructs,
 * a member whose target an enclosing data construct maps, update of a
 * member's data, a kernels construct, and gang-redundant code that writes
 * through a member (one work-item of the gang must do it). Checked against
 * the host's results. The bytes: v (24) in, v.x and v.y (8000 each) in
 * and v.y out; then v, v.x in, v.y[0:500] and v.y out; *pv (24), pv->x
 * and pv->y (4000 each) in, pv->y out; m.field.val (8000) both ways, m.w
 * (4000) in, and m (32) both ways for each of the two constructs that use
 * it implicitly. */
// exec-bytes: h2d=44136 d2h=32064
#include <stdio.h>
#include <stdlib.h>

typedef struct {
	int n;
	double *x;
	double *y;
} vec;

struct field {
	int cap;
	double *val;
};

struct mesh {
	int nx;
	struct field field;
	float *w;
};

#define N 1000

int main(void)
{
	vec v;
	v.n = N;
	v.x = malloc(N * sizeof(double));
	v.y = malloc(N * sizeof(double));
	for (int i = 0; i < N; i++) {
		v.x[i] = i;
		v.y[i] = 0;
	}

	/* Both targets in the construct's clauses, the struct in a data
	 * construct's (gcc 12 rejects a struct and its members in one
	 * directive). */
#pragma acc data copyin(v)
#pragma acc parallel loop copyin(v.x[0:v.n]) copy(v.y[0:v.n])
	for (int i = 0; i < v.n; i++)
		v.y[i] = 2 * v.x[i] + 1;

	/* enter data: the struct, then its members' targets (attached). */
#pragma acc enter data copyin(v)
#pragma acc enter data copyin(v.x[0:N]) create(v.y[0:N])
#pragma acc enter data attach(v.x)
#pragma acc parallel loop present(v)
	for (int i = 0; i < v.n; i++)
		v.y[i] = v.x[i] * v.x[i];
#pragma acc update self(v.y[0:N / 2])
	double half = 0;
	for (int i = 0; i < N / 2; i++)
		half += v.y[i];
#pragma acc parallel loop
	for (int i = 0; i < v.n; i++)
		v.y[i] += 1;
#pragma acc exit data detach(v.x)
#pragma acc exit data copyout(v.y[0:N]) delete(v.x[0:N])
#pragma acc exit data delete(v)

	/* A pointer to a struct: the struct and the member's target entered. */
	vec w;
	w.n = N / 2;
	w.x = malloc(w.n * sizeof(double));
	w.y = malloc(w.n * sizeof(double));
	for (int i = 0; i < w.n; i++) {
		w.x[i] = i % 7;
		w.y[i] = 1;
	}
	vec *pv = &w;
#pragma acc enter data copyin(pv[0:1], pv->x[0:w.n], pv->y[0:w.n])
#pragma acc parallel loop
	for (int i = 0; i < pv->n; i++)
		pv->y[i] = pv->x[i] + pv->y[i] * 3;
	/* Gang-redundant code writing through a member: once per gang. */
#pragma acc parallel num_gangs(1) vector_length(32)
	{
		pv->y[0] += 100;
#pragma acc loop vector
		for (int i = 1; i < pv->n; i++)
			(*pv).y[i] += (*pv).n > 0; /* pv->y written as (*pv).y: 1 */
	}
#pragma acc exit data copyout(pv->y[0:w.n]) delete(pv->x[0:w.n], pv[0:1])

	/* Nested members, a data construct, and a kernels construct. */
	struct mesh m;
	m.nx = N;
	m.field.cap = N;
	m.field.val = malloc(N * sizeof(double));
	m.w = malloc(N * sizeof(float));
	for (int i = 0; i < N; i++) {
		m.field.val[i] = i / 4;
		m.w[i] = 0.5f * (i % 3);
	}
#pragma acc data copy(m.field.val[0:N]) copyin(m.w[0:N])
	{
#pragma acc parallel loop
		for (int i = 0; i < m.nx; i++)
			m.field.val[i] = m.field.val[i] * m.w[i];
#pragma acc kernels
		for (int i = 0; i < m.nx; i++)
			m.field.val[i] += 2;
	}

	double sx = 0, sy = 0, sw = 0, sm = 0;
	for (int i = 0; i < N; i++) {
		sx += v.x[i];
		sy += v.y[i];
		sm += m.field.val[i];
	}
	for (int i = 0; i < w.n; i++)
		sw += w.y[i] * (i + 1);
	printf("v: %.1f %.1f half %.1f\n", sx, sy, half);
	printf("w: %.1f\n", sw);
	printf("mesh: %.2f\n", sm);
	int ok = sy == (double)(N - 1) * N * (2 * N - 1) / 6 + N && half == (double)(N / 2 - 1) * (N / 2) * (N - 1) / 6;
	if (!ok) {
		printf("FAIL\n");
		return 1;
	}
	free(v.x);
	free(v.y);
	free(w.x);
	free(w.y);
	free(m.field.val);
	free(m.w);
	printf("OK\n");
	return 0;
}
