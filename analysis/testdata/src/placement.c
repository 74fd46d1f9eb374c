/* Executable directives must be inside a function. */
float a[1000];
#pragma acc declare create(a)
#pragma acc routine(helper) seq
#pragma acc update device(a[0:1000]) // want "'update' is an executable directive and must appear inside a function.*\\[directive-at-file-scope\\]"
#pragma acc parallel loop // want "'parallel loop' is an executable directive"
#pragma acc wait // want "'wait' is an executable directive"

void helper(void) { }

#pragma acc routine vector
void f(void)
{
#pragma acc update device(a[0:1000])
    struct { int x; } s = { 1 };
    if (s.x) {
#pragma acc wait
    }
}
_Pragma("acc enter data copyin(a)") // want "'enter data' is an executable directive"
