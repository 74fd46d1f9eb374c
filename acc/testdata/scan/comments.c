/* Comments and literals hide pragmas; comments inside pragmas are blanks. */
/* #pragma acc parallel (in a comment) */
// #pragma acc parallel (in a line comment)
const char *s = "#pragma acc parallel (in a string)";
const char *t = "\"#pragma acc kernels";
char c = '"'; char d = '\''; char e = '{';
int x; #pragma acc loop (not at the start of a line)
#pragma omp parallel for
#pragma once
#pragma accel loop
#pragma ACC parallel
#define PAR _Pragma("acc parallel")
#define BRACE {
void f(float *a, int n)
{
    /* comment */ #pragma acc parallel copy(a) // after a comment: still a directive
    { }
#/* c */pragma/* c */acc/* c */loop/* c */gang
    for (;;) ;
#pragma acc parallel copy(a /* first */, /* second */ b) /* spans
   several lines */ copyin(c)
    { }
#pragma acc parallel num_gangs(n /* a comment */ + 1) // trailing
    { }
#pragma acc kernels// no blank before the comment
    { }
    x = 1; /* a comment
    over two lines */ #pragma acc loop seq
    for (;;) ;
    x = 2; /* one line */ #pragma acc loop (not a directive)
#pragma acc serial /* unterminated
}
