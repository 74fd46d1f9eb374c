/* Every argument kind. */
void args(float *a, float *b, int n, int m, struct S s, struct S *p)
{
#pragma acc parallel async async(1) wait wait(1, 2) num_gangs(1, 2, 3) num_workers(n) vector_length(128)
    { }
#pragma acc parallel wait(devnum: 0 : queues: 1, 2) wait(devnum:0:1) wait(queues: q) wait(foo: 1)
    { }
#pragma acc parallel device_type(*) async(1) dtype(nvidia, host) num_gangs(4)
    { }
#pragma acc parallel if(n > 0) self self(n < 10) default(none) default(present)
    { }
#pragma acc update self(a[0:n]) host(b) device(a[1:2])
#pragma acc parallel private(i, j) firstprivate(n) reduction(+:s1) reduction(*:s2) reduction(max:s3) reduction(min:s4)
    { }
#pragma acc parallel reduction(&:b1) reduction(|:b2) reduction(^:b3) reduction(&&:l1) reduction(||:l2) reduction(-:x) reduction(sum:y)
    { }
#pragma acc data copy(a) pcopy(a) present_or_copyin(b) copyin(readonly: a[0:n]) copyout(zero: b[0:n]) create(zero: c) no_create(d) present(e) deviceptr(p) attach(q)
    { }
#pragma acc loop gang gang(4) gang(num: 4) gang(dim: 2) gang(static: *) gang(static: 8, num: n) gang(*)
    for (;;) ;
#pragma acc loop worker worker(4) worker(num: 2) vector vector(32) vector(length: 64) seq independent auto
    for (;;) ;
#pragma acc loop collapse(2) collapse(force: 3) tile(8, *) tile(4, 4)
    for (;;) ;
#pragma acc routine(sq) seq bind(sq_dev) bind("sq_dev") nohost
#pragma acc routine gang(dim: 1) worker vector
#pragma acc cache(a[i:4], b[0:2])
#pragma acc cache(readonly: a[i:4])
#pragma acc wait(1, 2) async(3)
#pragma acc wait(devnum: 1 : 2)
#pragma acc init device_type(nvidia) device_num(0)
#pragma acc set default_async(1) device_num(0) device_type(host)
#pragma acc shutdown
#pragma acc declare copyin(x) device_resident(y) link(z)
#pragma acc atomic capture
    v = x++;
#pragma acc parallel loop seq(1) copy
    for (;;) ;
#pragma acc parallel(x) loop
    for (;;) ;
}
