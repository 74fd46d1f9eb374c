/* Hovers on directive names, one-word and multi-word, at every position of the word. */
#pragma acc rout‸ine seq
float sq(float v) { return v * v; }

#pragma acc ‸declare create(table)
float table[64];

void f(int n, float *x)
{
#pragma acc ‸parallel num_gangs(4)
    { }
#pragma acc parallel lo‸op gang
    for (int i = 0; i < n; i++) x[i] = 0;
#pragma acc kernels loop‸
    for (int i = 0; i < n; i++) x[i] = 0;
#pragma acc enter‸ data copyin(x[0:n])
#pragma acc exi‸t data delete(x[0:n])
#pragma acc host_da‸ta use_device(x)
    { }
#pragma acc upd‸ate self(x[0:n])
#pragma acc ato‸mic update
    x[0] += 1;
#pragma acc wa‸it(1) async(2)
#pragma acc loop
    for (int i = 0; i < n; i++) {
#pragma acc ca‸che(x[i:4])
        x[i] = 1;
    }
#pragma acc se‸t device_num(0)
#pragma acc paralel‸ copy(x)
    { }
}
