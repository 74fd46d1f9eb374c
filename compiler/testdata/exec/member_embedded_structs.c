/* Manual deep copy of members of structs embedded in the elements:
 * particles whose position and velocity are structs holding a pointer
 * (p[i].pos.x, p[i].st.mom.x two structs down), mapped element by element
 * (enter data copyin(p[i].pos.x[0:m])) and used in kernels through the
 * elements, through a pointer to the current particle (q = &p[i];
 * q->vel.x[k]), through a pointer member of a system (sys->part[i].pos.x)
 * and an array member (box->part[i].pos.x); an update of one particle's
 * data, of part of it, an async construct, exit data with and without
 * bounds. */
#include <stdio.h>
#include <stdlib.h>

struct vec {
	int n;
	double *x;
};

struct state {
	double mass;
	struct vec mom;
};

struct particle {
	int id;
	struct vec pos;
	struct vec vel;
	struct state st;
};

struct system {
	int n;
	struct particle *part;
};

struct box {
	char tag;
	struct particle part[4];
};

#define M 3

static void fill(struct particle *q, int i)
{
	q->id = i;
	q->pos.n = M - i % 2; /* 3 or 2 coordinates used */
	q->vel.n = M;
	q->st.mass = 1 + i % 4;
	q->st.mom.n = M;
	q->pos.x = malloc(M * sizeof(double));
	q->vel.x = malloc(M * sizeof(double));
	q->st.mom.x = malloc(M * sizeof(double));
	for (int k = 0; k < M; k++) {
		q->pos.x[k] = i + k;
		q->vel.x[k] = 0.5 * (k + 1);
		q->st.mom.x[k] = 0;
	}
}

static void release(struct particle *q)
{
	free(q->pos.x);
	free(q->vel.x);
	free(q->st.mom.x);
}

static int fails;

static void expect(int cond, const char *what)
{
	if (!cond) {
		printf("FAIL %s\n", what);
		fails++;
	}
}

/* particles of a system, reached through its pointer member */
static double system_steps(void)
{
	struct system *sys = malloc(sizeof *sys);
	sys->n = 16;
	sys->part = malloc(sys->n * sizeof(struct particle));
	for (int i = 0; i < sys->n; i++)
		fill(&sys->part[i], i);
	int n = sys->n;
#pragma acc enter data copyin(sys[0:1])
#pragma acc enter data copyin(sys->part[0:n])
	for (int i = 0; i < n; i++) {
#pragma acc enter data copyin(sys->part[i].pos.x[0:M], sys->part[i].vel.x[0:M])
	}
	for (int s = 0; s < 4; s++) {
#pragma acc parallel loop present(sys[0:1])
		for (int i = 0; i < n; i++)
			for (int k = 0; k < sys->part[i].pos.n; k++)
				sys->part[i].pos.x[k] += 0.25 * sys->part[i].vel.x[k];
	}
#pragma acc parallel loop present(sys[0:1])
	for (int i = 0; i < n; i++) {
		struct particle *q = &sys->part[i];
		q->vel.x[0] = q->pos.x[0] * 2;
	}
	double s = 0;
	for (int i = 0; i < n; i++) {
#pragma acc exit data copyout(sys->part[i].pos.x[0:M], sys->part[i].vel.x[0:M])
		for (int k = 0; k < M; k++)
			s += sys->part[i].pos.x[k] + 3 * sys->part[i].vel.x[k];
		release(&sys->part[i]);
	}
#pragma acc exit data delete(sys->part[0:n], sys[0:1])
	free(sys->part);
	free(sys);
	return s;
}

/* particles held in an array member of a struct, at offset 8 */
static double box_particles(void)
{
	struct box *b = malloc(sizeof *b);
	b->tag = 'b';
	for (int i = 0; i < 4; i++)
		fill(&b->part[i], 10 + i);
#pragma acc enter data copyin(b[0:1])
	for (int i = 0; i < 4; i++) {
#pragma acc enter data copyin(b->part[i].pos.x[0:M])
	}
#pragma acc parallel loop present(b[0:1])
	for (int i = 0; i < 4; i++)
		for (int k = 0; k < M; k++)
			b->part[i].pos.x[k] *= b->part[i].st.mass;
	double s = 0;
	for (int i = 0; i < 4; i++) {
#pragma acc exit data copyout(b->part[i].pos.x[0:M])
		for (int k = 0; k < M; k++)
			s += b->part[i].pos.x[k];
		release(&b->part[i]);
	}
#pragma acc exit data delete(b[0:1])
	free(b);
	return s;
}

int main(void)
{
	int n = 100;
	struct particle *p = malloc(n * sizeof *p);
	for (int i = 0; i < n; i++)
		fill(&p[i], i);

	/* the deep copy: the particles, then each one's data */
#pragma acc enter data copyin(p[0:n])
	for (int i = 0; i < n; i++) {
#pragma acc enter data copyin(p[i].pos.x[0:M], p[i].vel.x[0:M], p[i].st.mom.x[0:M])
	}

	/* moves through the elements, momentum two structs down */
	for (int s = 0; s < 5; s++) {
#pragma acc parallel loop present(p[0:n])
		for (int i = 0; i < n; i++)
			for (int k = 0; k < p[i].pos.n; k++) {
				p[i].pos.x[k] += 0.125 * p[i].vel.x[k];
				p[i].st.mom.x[k] = p[i].st.mass * p[i].vel.x[k];
			}
	}

	/* through a pointer to the current particle */
#pragma acc parallel loop present(p[0:n])
	for (int i = 0; i < n; i++) {
		struct particle *q = p + i;
		for (int k = 0; k < q->vel.n; k++)
			q->vel.x[k] = q->st.mom.x[k] / q->st.mass + q->id;
	}

	/* one particle's data, then part of another's */
#pragma acc update self(p[7].pos.x[0:M])
	printf("particle 7: %.4f %.4f %.4f\n", p[7].pos.x[0], p[7].pos.x[1], p[7].pos.x[2]);
#pragma acc update self(p[9].vel.x[1:2])
	printf("particle 9 velocity 1, 2: %.4f %.4f\n", p[9].vel.x[1], p[9].vel.x[2]);
	p[0].vel.x[0] = 100;
#pragma acc update device(p[0].vel.x[0:1])

	/* async, then the wait */
#pragma acc parallel loop present(p[0:n]) async(2)
	for (int i = 0; i < n; i++)
		for (int k = 0; k < M; k++)
			p[i].pos.x[k] += p[i].vel.x[k];
#pragma acc wait(2)

	for (int i = 0; i < n; i++) {
#pragma acc exit data copyout(p[i].pos.x[0:M], p[i].vel.x[0:M]) delete(p[i].st.mom.x)
	}
#pragma acc exit data delete(p[0:n])
	double total = 0;
	for (int i = 0; i < n; i++)
		for (int k = 0; k < M; k++)
			total += p[i].pos.x[k] + p[i].vel.x[k];
	printf("total: %.4f\n", total);
	expect(p[0].pos.x[0] >= 100, "the host change reached the device");
	for (int i = 0; i < n; i++)
		release(&p[i]);
	free(p);

	printf("system: %.4f\n", system_steps());
	printf("box: %.4f\n", box_particles());
	if (fails)
		return 1;
	printf("OK\n");
	return 0;
}
