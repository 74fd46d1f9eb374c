/* Structs on the device: an array of typedef'd structs with padding (char
 * before double), members that are arrays and nested structs, a struct
 * firstprivate, a struct in a copy clause written by the kernel, private
 * struct locals assigned whole, a pointer to an element (->), an atomic
 * update of a member, a struct array in a data region with update, a
 * collapse(2) nest over a 2-D array of structs, and an implicitly copied
 * struct. Checked against the host's results. */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
	char tag; /* 7 bytes of padding follow */
	double mass;
	int id;
	float pos[3];
} particle;

struct range {
	double lo, hi;
};

struct box {
	struct range axis[3];
	int count;
};

struct stats {
	long hits;
	double sum;
};

struct cell {
	short kind;
	struct range r;
};

#define N 1000
#define M 24

static particle p[N];
static struct cell grid[M][M];

int main(void)
{
	struct box b = {{{0, 1}, {-1, 1}, {2, 5}}, 0};
	struct stats st = {0, 0};
	int bins[4] = {0, 0, 0, 0};
	for (int i = 0; i < N; i++) {
		p[i].tag = (char)('a' + i % 26);
		p[i].mass = 0.5 * (i % 7);
		p[i].id = i;
		for (int d = 0; d < 3; d++)
			p[i].pos[d] = (float)((i * (d + 1)) % 11) * 0.25f;
	}

#pragma acc parallel loop copy(p[0:N]) firstprivate(b)
	for (int i = 0; i < N; i++) {
		particle q = p[i];
		for (int d = 0; d < 3; d++)
			if (q.pos[d] > b.axis[d].hi)
				q.pos[d] = (float)b.axis[d].hi;
		q.mass += q.tag == 'c' ? 1.0 : 0.0;
		p[i] = q;
	}

#pragma acc parallel loop copyin(p[0:N]) copy(st) copy(bins[0:4])
	for (int i = 0; i < N; i++) {
		const particle *e = &p[i];
		if (e->mass > 1.0) {
#pragma acc atomic update
			st.hits += 1;
		}
#pragma acc atomic update
		bins[e->id % 4] += 1;
	}

#pragma acc serial copy(st) copyin(p[0:N])
	for (int i = 0; i < N; i++)
		st.sum += p[i].mass;

	for (int i = 0; i < M; i++)
		for (int j = 0; j < M; j++) {
			grid[i][j].kind = (short)((i + j) % 3);
			grid[i][j].r.lo = i;
			grid[i][j].r.hi = i + j;
		}
#pragma acc data copy(grid)
	{
#pragma acc parallel loop collapse(2)
		for (int i = 0; i < M; i++)
			for (int j = 0; j < M; j++)
				if (grid[i][j].kind == 1)
					grid[i][j].r.hi *= 2;
#pragma acc update self(grid[0:M][0:M])
		grid[0][1].r.lo = 100; /* the host's change, back on the device */
#pragma acc update device(grid[0:M][0:M])
#pragma acc parallel loop
		for (int i = 0; i < M; i++)
			grid[i][0].r.lo += grid[0][1].r.lo;
	}

	struct range lim = {0.25, 0.75};
	double clipped = 0;
#pragma acc parallel loop reduction(+:clipped) copyin(p[0:N])
	for (int i = 0; i < N; i++)
		clipped += p[i].pos[0] < lim.lo || p[i].pos[0] > lim.hi ? 1.0 : 0.0;

	double ps = 0;
	long ids = 0;
	for (int i = 0; i < N; i++) {
		ps += p[i].mass + p[i].pos[0] + 2 * p[i].pos[1] + 4 * p[i].pos[2];
		ids += p[i].id + p[i].tag;
	}
	double gs = 0;
	for (int i = 0; i < M; i++)
		for (int j = 0; j < M; j++)
			gs += grid[i][j].kind + grid[i][j].r.lo + 3 * grid[i][j].r.hi;
	printf("particles: %.2f %ld\n", ps, ids);
	printf("stats: hits %ld sum %.2f bins %d %d %d %d\n", st.hits, st.sum, bins[0], bins[1], bins[2], bins[3]);
	printf("grid: %.2f\n", gs);
	printf("clipped: %.0f\n", clipped);
	printf("OK\n");
	return 0;
}
