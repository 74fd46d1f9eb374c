/* Manual deep copy one level further down: the elements are reached through
 * a pointer member (mesh->cell[i].U, the pattern of finite-volume codes),
 * as OpenACC 3.3 writes it: enter data copyin(mesh[0:1]), then the cells
 * (mesh->cell[0:n]), then each cell's data (mesh->cell[i].U[0:nvar]), which
 * OpenACC attaches to the cells' device copies. Kernels read and write
 * mesh->cell[i].U[k] and a cell's plain members, walls read cells' data by
 * index (mesh->cell[w->left].U), a local pointer to the cells (cell[i].U)
 * reaches the same data, and a struct variable's member (box.cell[i].U)
 * goes the same way, and so do cells that are an array member of a struct
 * (grid->cells[i].U, the array at an offset that is no multiple of a
 * cell's size); pointers to the current cell (c = &mesh->cell[i];
 * c->U[k]: declared in the loop, private and assigned, stepped with c++ in
 * a serial construct); update of one element's data, of part of it, an
 * async construct, exit data with and without bounds. */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
	int nvar;
	double *U, *U_aux;
} cell_t;

typedef struct {
	int left, right;
	double *flux;
} wall_t;

typedef struct {
	int ncells, nwalls;
	cell_t *cell;
	wall_t *wall;
} mesh_t;

#define NV 5

static mesh_t *make(int n)
{
	mesh_t *mesh = malloc(sizeof *mesh);
	mesh->ncells = n;
	mesh->nwalls = n - 1;
	mesh->cell = malloc(n * sizeof(cell_t));
	mesh->wall = malloc((n - 1) * sizeof(wall_t));
	for (int i = 0; i < n; i++) {
		mesh->cell[i].nvar = NV - i % 2; /* 5 or 4 variables */
		mesh->cell[i].U = malloc(NV * sizeof(double));
		mesh->cell[i].U_aux = malloc(NV * sizeof(double));
		for (int k = 0; k < NV; k++)
			mesh->cell[i].U[k] = (i * i) % 7 + 0.25 * k;
	}
	for (int w = 0; w < n - 1; w++) {
		mesh->wall[w].left = w;
		mesh->wall[w].right = w + 1;
		mesh->wall[w].flux = malloc(NV * sizeof(double));
	}
	/* the manual deep copy: parent first, then what its members point to */
#pragma acc enter data copyin(mesh[0:1])
#pragma acc enter data copyin(mesh->cell[0:n], mesh->wall[0:n - 1])
	for (int i = 0; i < n; i++) {
#pragma acc enter data copyin(mesh->cell[i].U[0:NV]) create(mesh->cell[i].U_aux[0:NV])
	}
	for (int w = 0; w < n - 1; w++) {
#pragma acc enter data create(mesh->wall[w].flux[0:NV])
	}
	return mesh;
}

/* one step: fluxes on the walls from the cells on both sides, then each
 * cell's update from its walls */
static void step(mesh_t *mesh, double dt)
{
	int nw = mesh->nwalls, n = mesh->ncells;
#pragma acc parallel loop gang present(mesh[0:1])
	for (int w = 0; w < nw; w++) {
		int l = mesh->wall[w].left, r = mesh->wall[w].right;
#pragma acc loop vector
		for (int k = 0; k < NV; k++)
			mesh->wall[w].flux[k] = 0.5 * (mesh->cell[l].U[k] - mesh->cell[r].U[k]);
	}
#pragma acc parallel loop present(mesh[0:1])
	for (int i = 0; i < n; i++) {
		for (int k = 0; k < mesh->cell[i].nvar; k++) {
			double f = 0;
			if (i > 0)
				f += mesh->wall[i - 1].flux[k];
			if (i < n - 1)
				f -= mesh->wall[i].flux[k];
			mesh->cell[i].U_aux[k] = mesh->cell[i].U[k] + dt * f;
		}
	}
	/* through a local pointer to the cells: the same device data */
	cell_t *cell = mesh->cell;
#pragma acc parallel loop
	for (int i = 0; i < n; i++)
		for (int k = 0; k < cell[i].nvar; k++)
			cell[i].U[k] = cell[i].U_aux[k];
}

/* the same through pointers to the current cell */
static void relax(mesh_t *mesh)
{
	int n = mesh->ncells;
	cell_t *cur;
#pragma acc parallel loop present(mesh[0:1]) private(cur)
	for (int i = 0; i < n; i++) {
		cur = &mesh->cell[i];
		for (int k = 0; k < cur->nvar; k++)
			cur->U_aux[k] = 0.5 * cur->U[k];
	}
#pragma acc parallel loop present(mesh[0:1])
	for (int i = 1; i < n - 1; i++) {
		cell_t *c = mesh->cell + i, *left = c - 1;
		for (int k = 0; k < c->nvar && k < left->nvar; k++) /* the variables of all three */
			c->U[k] = c->U_aux[k] + 0.25 * (left->U_aux[k] + mesh->cell[i + 1].U_aux[k]);
	}
#pragma acc serial present(mesh[0:1])
	{
		cell_t *c = mesh->cell;
		c->U[0] = c->U_aux[0];
		for (int i = 1; i < n; i++) {
			c++;
			c->U[0] += c->nvar;
		}
	}
}

/* cells held in an array member: at offset 8 of the struct, cells of 16 bytes */
typedef struct {
	int id;
	cell_t cells[8];
	double *tail;
} grid_t;

static double grid_cells(void)
{
	grid_t *g = malloc(sizeof *g);
	g->id = 3;
	g->tail = NULL;
	for (int i = 0; i < 8; i++) {
		g->cells[i].nvar = 2 + i % 3;
		g->cells[i].U = malloc(NV * sizeof(double));
		g->cells[i].U_aux = NULL;
		for (int k = 0; k < NV; k++)
			g->cells[i].U[k] = 10 * i + k;
	}
#pragma acc enter data copyin(g[0:1])
	for (int i = 0; i < 8; i++) {
#pragma acc enter data copyin(g->cells[i].U[0:NV])
	}
#pragma acc parallel loop present(g[0:1])
	for (int i = 0; i < 8; i++)
		for (int k = 0; k < g->cells[i].nvar; k++)
			g->cells[i].U[k] += g->id;
#pragma acc parallel loop present(g[0:1])
	for (int i = 0; i < 8; i++) {
		cell_t *c = &g->cells[i];
		c->U[0] *= 2;
	}
	double s = 0;
	for (int i = 0; i < 8; i++) {
#pragma acc exit data copyout(g->cells[i].U[0:NV])
		for (int k = 0; k < NV; k++)
			s += g->cells[i].U[k];
		free(g->cells[i].U);
	}
#pragma acc exit data delete(g[0:1])
	free(g);
	return s;
}

static int fails;

static void expect(int cond, const char *what)
{
	if (!cond) {
		printf("FAIL %s\n", what);
		fails++;
	}
}

int main(void)
{
	int n = 200;
	mesh_t *mesh = make(n);
	for (int s = 0; s < 10; s++)
		step(mesh, 0.125);
	relax(mesh);

	/* one cell's data brought back, then part of another's */
#pragma acc update self(mesh->cell[7].U[0:NV])
	double u7 = 0;
	for (int k = 0; k < NV; k++)
		u7 += mesh->cell[7].U[k];
	printf("cell 7 after 10 steps: %.6f\n", u7);
#pragma acc update self(mesh->cell[9].U[1:2])
	printf("cell 9, variables 1 and 2: %.6f %.6f\n", mesh->cell[9].U[1], mesh->cell[9].U[2]);

	/* a host change sent to the device: cell 0's first variable */
	mesh->cell[0].U[0] = 1000;
#pragma acc update device(mesh->cell[0].U[0:1])

	/* an async construct over every cell, then the wait */
#pragma acc parallel loop present(mesh[0:1]) async(1)
	for (int i = 0; i < n; i++)
		for (int k = 0; k < NV; k++)
			mesh->cell[i].U[k] += 1;
#pragma acc wait(1)

	/* exit: the cells' data with and without bounds, then the walls and
	 * the cells, then the mesh */
	for (int i = 0; i < n; i++) {
#pragma acc exit data copyout(mesh->cell[i].U[0:NV]) delete(mesh->cell[i].U_aux)
	}
	for (int w = 0; w < n - 1; w++) {
#pragma acc exit data delete(mesh->wall[w].flux)
	}
#pragma acc exit data delete(mesh->cell[0:n], mesh->wall[0:n - 1])
#pragma acc exit data delete(mesh[0:1])

	double total = 0;
	for (int i = 0; i < n; i++)
		for (int k = 0; k < NV; k++)
			total += mesh->cell[i].U[k];
	printf("total: %.6f\n", total);
	expect(mesh->cell[0].U[0] > 1000, "the host change reached the device");

	/* a struct variable whose member points to the elements */
	mesh_t box = *mesh;
#pragma acc data copyin(box.cell[0:8])
	{
		for (int i = 0; i < 8; i++) {
#pragma acc enter data copyin(box.cell[i].U[0:NV])
		}
#pragma acc parallel loop collapse(2)
		for (int i = 0; i < 8; i++)
			for (int k = 0; k < NV; k++)
				box.cell[i].U[k] = 10 * i + k;
		for (int i = 0; i < 8; i++) {
#pragma acc exit data copyout(box.cell[i].U[0:NV])
		}
	}
	double b = 0;
	for (int i = 0; i < 8; i++)
		for (int k = 0; k < NV; k++)
			b += box.cell[i].U[k];
	printf("box: %.1f\n", b);
	printf("grid cells: %.1f\n", grid_cells());
	expect(b == 10 * 28 * NV + 8 * 10, "box.cell[i].U");

	for (int i = 0; i < n; i++) {
		free(mesh->cell[i].U);
		free(mesh->cell[i].U_aux);
	}
	for (int w = 0; w < n - 1; w++)
		free(mesh->wall[w].flux);
	free(mesh->cell);
	free(mesh->wall);
	free(mesh);
	if (fails)
		return 1;
	printf("OK\n");
	return 0;
}
