/* CRLF line endings. */
void f(float *a, int n)
{
#pragma acc parallel loop copy(a[0:n]) \
    gang
    for (;;) ;
#pragma acc kernels copy(a) // comment
    { }
    _Pragma("acc serial \
loop") for (;;) ;
#pragma acc wait
}
