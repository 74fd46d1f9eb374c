/* Clause sets: allowed, at most once, exclusive, required, device_type sections. */
#pragma acc declare copy(g) // want "clause 'copy' is not allowed on 'declare' at file scope \\(allowed there: create, copyin, deviceptr, device_resident, link\\) \\[clause-not-allowed\\]"
float g[100];
#pragma acc declare create(h)
float h[100];

void clauses(float *a, float *b, int n, float s)
{
#pragma acc loop copyin(a[0:n]) // want "clause 'copyin' is not allowed on 'loop' \\(it is allowed on parallel, serial, kernels, data.*\\[clause-not-allowed\\]"
    for (int i = 0; i < n; i++) a[i] = 0;
#pragma acc serial num_gangs(2) // want "clause 'num_gangs' is not allowed on 'serial'"
    { }
#pragma acc kernels private(s) reduction(+:s) // want "'private' is not allowed on 'kernels'" "'reduction' is not allowed on 'kernels'"
    { }
#pragma acc kernels loop firstprivate(s) // want "'firstprivate' is not allowed on 'kernels loop'"
    for (int i = 0; i < n; i++) a[i] = s;
#pragma acc parallel gang // want "'gang' is not allowed on 'parallel'"
    { }
#pragma acc enter data copyout(a[0:n]) // want "'copyout' is not allowed on 'enter data'" "'enter data' requires one of 'copyin', 'create' or 'attach' \\[required-clause-missing\\]"
#pragma acc exit data copyin(a[0:n]) finalize // want "'copyin' is not allowed on 'exit data'" "requires one of 'copyout', 'delete' or 'detach'"
#pragma acc parallel finalize // want "'finalize' is not allowed on 'parallel'"
    { }

    /* at most once */
#pragma acc parallel if(n > 1) default(none) if(n > 2) default(present) // want "'if' may appear at most once on 'parallel' \\[clause-repeated\\]" "'default' may appear at most once"
    { }
#pragma acc parallel loop collapse(1) collapse(1) // want "'collapse' may appear at most once on 'parallel loop'"
    for (int i = 0; i < n; i++) a[i] = 0;
#pragma acc parallel async(1) async(2) // want "'async' may appear at most once on 'parallel'"
    { }
    /* ... but once per device_type section */
#pragma acc parallel num_gangs(8) device_type(nvidia) num_gangs(64) device_type(radeon) num_gangs(32) vector_length(64)
    { }
#pragma acc parallel device_type(nvidia) vector_length(64) vector_length(128) // want "'vector_length' may appear at most once on 'parallel' in one device_type section"
    { }
#pragma acc update self(a[0:n]) async(1) async(2) // want "'async' may appear at most once on 'update'"
#pragma acc host_data use_device(a) if(n) if(n) // want "'if' may appear at most once on 'host_data'"
    { }

    /* exclusive */
#pragma acc parallel loop seq independent // want "'independent' cannot be combined with 'seq' on 'parallel loop' \\[exclusive-clauses\\]"
    for (int i = 0; i < n; i++) a[i] = 0;
#pragma acc loop gang seq // want "'seq' cannot be combined with 'gang' on 'loop'"
    for (int i = 0; i < n; i++) a[i] = 0;
#pragma acc loop auto vector worker seq // want "'seq' cannot be combined with 'auto'" "'seq' cannot be combined with 'vector'" "'seq' cannot be combined with 'worker'"
    for (int i = 0; i < n; i++) a[i] = 0;
    /* different device_type sections may differ */
#pragma acc loop gang device_type(host) seq
    for (int i = 0; i < n; i++) a[i] = 0;
#pragma acc atomic read write // want "'write' cannot be combined with 'read' on 'atomic'"
    s = a[0];
#pragma acc atomic update capture // want "'atomic' takes one clause in OpenACC: 'update capture' is OpenMP's spelling of 'capture'"
    s = a[0]++;
#pragma acc atomic capture update // want "'update capture' is OpenMP's spelling"
    s = a[0]++;

    /* required */
#pragma acc update if(n > 0) // want "'update' requires one of 'self', 'host' or 'device' \\[required-clause-missing\\]"
#pragma acc data // want "'data' requires one of 'copy', .* or 'default'"
    { }
#pragma acc data default(present)
    { }
#pragma acc host_data if(n) // want "'host_data' requires a 'use_device' clause"
    { }
#pragma acc set if(n) // want "'set' requires one of 'default_async', 'device_num' or 'device_type'"
#pragma acc declare // want "'declare' requires one of"
#pragma acc update device(a[0:n]) self(b[0:n]) host(s) if_present

    /* only the follow-set after device_type */
#pragma acc parallel loop device_type(nvidia) copyin(a[0:n]) vector_length(128) gang // want "clause 'copyin' may not follow a 'device_type' clause on 'parallel loop'; move it before the first 'device_type' \\[device-type-clause-order\\]"
    for (int i = 0; i < n; i++) a[i] = 0;
#pragma acc data copy(a[0:n]) device_type(*) async(1) wait
    { }
#pragma acc update device(a[0:n]) device_type(nvidia) if(n) // want "'if' may not follow a 'device_type' clause on 'update'"
#pragma acc enter data copyin(a[0:n]) device_type(nvidia) // want "'device_type' is not allowed on 'enter data'"
}

#pragma acc routine seq worker // want "'worker' cannot be combined with 'seq' on 'routine'"
void r1(void);
#pragma acc routine nohost // want "'routine' requires one of 'gang', 'worker', 'vector' or 'seq'"
void r2(void);
#pragma acc routine vector device_type(nvidia) worker nohost // want "'nohost' may not follow a 'device_type' clause on 'routine'"
void r3(void);
#pragma acc routine(r1) seq bind(r1_dev) bind(r1_dev) // want "'bind' may appear at most once on 'routine'"
