/* declare forms that stay errors: a pointer declared for itself and used by
 * device code, jumps into a declare's scope, computed gotos out of one, the
 * clauses static storage does not allow */
extern int ext[8];

void g(int n, float *a)
{
	float *p = a;
#pragma acc declare copyin(p)
#pragma acc parallel loop
	for (int i = 0; i < n; i++)
		p[i] = 0;
	if (n > 3)
		goto inside;
	{
		int w[4];
#pragma acc declare create(w)
	inside:
		w[0] = 1;
	}
	{
		extern int ext[8];
#pragma acc declare copyout(ext)
		static int st;
		int auto_local;
#pragma acc declare link(st, auto_local)
	}
	{
		int v[4];
		void *target = &&done;
#pragma acc declare copy(v)
		goto *target;
	}
done:
	return;
}

void h(void)
{
	int z[4];
#pragma acc declare create(zero: z)
	z[0] = 0;
}
