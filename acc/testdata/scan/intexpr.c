/* Integer expressions: nested parentheses, constants. */
void f(float *a, int n)
{
#pragma acc parallel num_gangs((n+1)/2) num_workers((int)(n / 2)) vector_length(1 << 7)
    { }
#pragma acc parallel num_gangs(( (1 + 2) * (3 + 4) )) async(acc_async_noval) if(n > 0 ? 1 : 0)
    { }
#pragma acc loop collapse(1+1) tile(2*4, 0x10, 010, 7u, 8UL, -1) gang(static: (n+1)/2)
    for (;;) ;
#pragma acc parallel num_gangs(f(g(n), h(1, 2)), 3) vector_length(~0 & 0xff)
    { }
#pragma acc loop collapse(1/0) collapse(2.0) collapse(N) collapse(3 % 2) collapse(!0)
    for (;;) ;
}
