/* Manual deep copy one pointer further: the data of a pointer member of
 * the struct that a pointer member of each element points to.
 * - Cells pointing to their walls, which are another array of structs
 *   (cell->w1->flux[k], the pattern of finite-volume codes: the walls'
 *   data entered as mesh->wall[w].flux[0:NV]), some cells without a second
 *   wall (NULL, tested in the kernel), through a pointer to the current
 *   cell and through the path from the mesh.
 * - Particles each owning a struct of their own (p[i].st, entered as
 *   p[i].st[0:1]) whose member points to its data (p[i].st->hist[0:len],
 *   entered through the path), a NULL one, a member's NULL test in the
 *   kernel (if (p[i].st->hist)), update self of one particle's data,
 *   exit data with and without bounds. */
#include <stdio.h>
#include <stdlib.h>

#define NV 3

typedef struct {
	int left, right;
	double *flux;
} wall_t;

typedef struct {
	int nvar;
	double *U;
	wall_t *w1, *w2;
} cell_t;

typedef struct {
	int ncells;
	cell_t *cell;
	wall_t *wall;
} mesh_t;

struct stats {
	int len;
	long *hist;
};

struct particle {
	int id;
	struct stats *st;
};

static int fails;

static void expect(int cond, const char *what)
{
	if (!cond) {
		printf("FAIL %s\n", what);
		fails++;
	}
}

static double mesh_steps(int n)
{
	mesh_t *mesh = malloc(sizeof *mesh);
	mesh->ncells = n;
	mesh->cell = malloc(n * sizeof(cell_t));
	mesh->wall = malloc((n + 1) * sizeof(wall_t));
	for (int w = 0; w <= n; w++) {
		mesh->wall[w].left = w - 1;
		mesh->wall[w].right = w;
		mesh->wall[w].flux = malloc(NV * sizeof(double));
		for (int k = 0; k < NV; k++)
			mesh->wall[w].flux[k] = w * 0.5 + k;
	}
	for (int i = 0; i < n; i++) {
		mesh->cell[i].nvar = NV;
		mesh->cell[i].U = malloc(NV * sizeof(double));
		for (int k = 0; k < NV; k++)
			mesh->cell[i].U[k] = i;
		mesh->cell[i].w1 = &mesh->wall[i];
		mesh->cell[i].w2 = i % 7 == 3 ? NULL : &mesh->wall[i + 1];
	}
#pragma acc enter data copyin(mesh[0:1])
#pragma acc enter data copyin(mesh->cell[0:n], mesh->wall[0:n + 1])
	for (int i = 0; i < n; i++) {
#pragma acc enter data copyin(mesh->cell[i].U[0:NV])
	}
	for (int w = 0; w <= n; w++) {
#pragma acc enter data copyin(mesh->wall[w].flux[0:NV])
	}
	/* through a pointer to the current cell; a wall may be missing */
#pragma acc parallel loop present(mesh[0:1])
	for (int i = 0; i < n; i++) {
		cell_t *cell = &mesh->cell[i];
		for (int k = 0; k < cell->nvar; k++) {
			double f = cell->w1->flux[k];
			if (cell->w2)
				f -= cell->w2->flux[k];
			cell->U[k] += 0.5 * f;
		}
	}
	/* through the path from the mesh */
#pragma acc parallel loop present(mesh[0:1])
	for (int i = 0; i < n; i++)
		mesh->cell[i].U[0] += mesh->cell[i].w1->flux[1] + (mesh->cell[i].w2 == NULL ? 100 : 0);
	/* the walls' data changed on the device, read back through the walls */
#pragma acc parallel loop present(mesh[0:1])
	for (int w = 0; w <= n; w++)
		mesh->wall[w].flux[2] = 2 * w;
	double s = 0;
	for (int i = 0; i < n; i++) {
#pragma acc exit data copyout(mesh->cell[i].U[0:NV])
		for (int k = 0; k < NV; k++)
			s += mesh->cell[i].U[k] * (k + 1);
		free(mesh->cell[i].U);
	}
	for (int w = 0; w <= n; w++) {
#pragma acc exit data copyout(mesh->wall[w].flux[0:NV])
		s += mesh->wall[w].flux[2];
		free(mesh->wall[w].flux);
	}
#pragma acc exit data delete(mesh->cell[0:n], mesh->wall[0:n + 1], mesh[0:1])
	free(mesh->cell);
	free(mesh->wall);
	free(mesh);
	return s;
}

int main(void)
{
	int n = 64;
	struct particle *p = malloc(n * sizeof *p);
	for (int i = 0; i < n; i++) {
		p[i].id = i;
		p[i].st = malloc(sizeof(struct stats));
		p[i].st->len = 2 + i % 4;
		p[i].st->hist = i == 5 ? NULL : calloc(p[i].st->len, sizeof(long));
	}
	/* the particles, their structs, then the structs' data */
#pragma acc enter data copyin(p[0:n])
	for (int i = 0; i < n; i++) {
#pragma acc enter data copyin(p[i].st[0:1])
		if (p[i].st->hist) {
#pragma acc enter data copyin(p[i].st->hist[0:p[i].st->len])
		}
	}
	for (int step = 0; step < 3; step++) {
#pragma acc parallel loop present(p[0:n])
		for (int i = 0; i < n; i++) {
			if (p[i].st->hist)
				for (int k = 0; k < p[i].st->len; k++)
					p[i].st->hist[k] += (p[i].id + k + step) % 5;
		}
	}
	/* through a pointer to the current particle */
#pragma acc parallel loop present(p[0:n])
	for (int i = 0; i < n; i++) {
		struct particle *q = p + i;
		if (q->st->hist != NULL)
			q->st->hist[0] *= 2;
	}
#pragma acc update self(p[9].st->hist[0:p[9].st->len])
	printf("particle 9:");
	for (int k = 0; k < p[9].st->len; k++)
		printf(" %ld", p[9].st->hist[k]);
	printf("\n");
	long total = 0;
	for (int i = 0; i < n; i++) {
		if (p[i].st->hist) {
			if (i % 2) {
#pragma acc exit data copyout(p[i].st->hist[0:p[i].st->len])
			} else {
#pragma acc update self(p[i].st->hist[0:p[i].st->len])
#pragma acc exit data delete(p[i].st->hist)
			}
			for (int k = 0; k < p[i].st->len; k++)
				total += p[i].st->hist[k] * (k + 1);
		}
#pragma acc exit data delete(p[i].st[0:1])
	}
#pragma acc exit data delete(p[0:n])
	printf("particles: %ld\n", total);
	expect(total > 0, "the particles' data came back");
	for (int i = 0; i < n; i++) {
		free(p[i].st->hist);
		free(p[i].st);
	}
	free(p);

	printf("mesh: %.3f\n", mesh_steps(50));
	if (fails)
		return 1;
	printf("OK\n");
	return 0;
}
