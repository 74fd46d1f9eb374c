/* Hovers on clause names: data clauses on structured constructs, enter data
   and exit data; aliases; clauses not allowed here; device_type sections. */
#pragma acc declare create‸(table)
float table[64];
#pragma acc declare copy‸out(table)

void f(int n, float *x, float *y, float **pp)
{
#pragma acc parallel copy‸in(x[0:n]) copyout‸(y[0:n])
    { }
#pragma acc enter data cop‸yin(x[0:n]) create(y[0:n])
#pragma acc exit data copyout‸(y[0:n]) fina‸lize
#pragma acc exit data del‸ete(x[0:n])
#pragma acc data pcopy‸in(x[0:n]) present_or_copy‸(y[0:n])
    { }
#pragma acc enter data ‸copyout(x[0:n])
#pragma acc parallel ga‸ng
    { }
#pragma acc parallel num_gangs(4) dtype‸(nvidia) num_gangs(8) copyin‸(x[0:n])
    { }
#pragma acc update sel‸f(x[0:n]) if_pre‸sent
#pragma acc parallel self‸(n > 100) default‸(present)
    { }
#pragma acc loop ‸seq
    for (int i = 0; i < n; i++) x[i] = 0;
#pragma acc parallel loop reduc‸tion(+:s) attach‸(pp)
    for (int i = 0; i < n; i++) x[i] = 0;
#pragma acc parallel unknown‸(x)
    { }
}
