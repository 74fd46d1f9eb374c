/* The _Pragma operator. */
void f(float *a, int n)
{
    _Pragma("acc parallel loop gang") for (;;) ;
    _Pragma ( "acc kernels copy(a[0:n])" ) { }
    _Pragma
      (
       /* comment */ "acc serial" ) { }
    _Pragma("acc routine bind(\"dev_f\") seq")
    _Pragma("acc loop /* a comment */ vector // the rest \" is a comment")
    _Pragma("acc update self(a[0:\\n])")
    _Pragma("acc wait(1) \
async(2)")
    _Pragma("omp parallel for") for (;;) ;
    my_Pragma("acc parallel");
    /* _Pragma("acc parallel") */
    const char *s = "_Pragma(\"acc parallel\")";
    _Pragma("acc parallel copy(a)"
    x = 1;
    _Pragma("acc parallel copy(a
    _Pragma("acc"); _Pragma("acc  ");
    _Pragma(L"acc parallel");
}
