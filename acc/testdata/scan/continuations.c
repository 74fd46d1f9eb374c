/* Backslash-newline continues a pragma line. */
void f(float *a, int n)
{
#pragma acc parallel loop \
    copyin(a[0:n]) \
    gang vector_length(128)
    for (;;) ;
#pragma acc para\
llel copy(a\
[0:n])
    { }
#pragma acc kernels \   
    copy(a) /* blanks after the backslash */
    { }
#pragma acc routine bind("long\
name") seq
#pragma acc enter \
data copyin(a)
#\
pragma \
acc \
wait
#pragma acc update self(a) \
    { }
#pragma acc parallel // a comment \
  continued copy(a)
    { }
}
