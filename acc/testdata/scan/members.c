/* Members and things that are not variables. */
void f(struct S s, struct S *p, struct S *arr, int n)
{
#pragma acc parallel copy(s.f) copy(p->f) copy(s.a[0:n]) copy(p->q->r[1:2])
    { }
#pragma acc parallel copy(arr[i].f) copy(arr[0:n].g[1].h[2:3])
    { }
#pragma acc parallel copy(*p) copy(a+1) copy(f(x)) copy(1) copy("s") copy(s.1)
    { }
