/* Directive and clause names: unknown, misspelt, wrong case, deprecated. */
void names(float *a, float *b, int n)
{
#pragma acc paralel loop copyin(a[0:n]) // want "unknown OpenACC directive 'paralel'; did you mean 'parallel loop'\\? \\[unknown-directive\\]"
    for (int i = 0; i < n; i++) a[i] = 0;

#pragma acc PARALLEL // want "unknown OpenACC directive 'PARALLEL'; did you mean 'parallel'"
    { }

#pragma acc enter_data copyin(a[0:n]) // want "did you mean 'enter data'"
#pragma acc frobnicate // want "^unknown OpenACC directive 'frobnicate' \\[unknown-directive\\]$"

#pragma acc parallel loop copy_in(a[0:n]) // want "unknown OpenACC clause 'copy_in'; did you mean 'copyin'\\? \\[unknown-clause\\]"
    for (int i = 0; i < n; i++) a[i] = 0;

#pragma acc parallel loop COPY(b[0:n]) gangs // want "'COPY'; did you mean 'copy'" "'gangs'; did you mean 'gang'"
    for (int i = 0; i < n; i++) b[i] = 0;

#pragma acc data pcopyin(a[0:n]) present_or_copy(b[0:n]) // want "'pcopyin' is a deprecated spelling; use 'copyin' \\[deprecated-clause\\]" "'present_or_copy' is a deprecated spelling; use 'copy'"
    { }
#pragma acc data pcopyout(a[0:n]) present_or_copyout(b[0:n]) pcreate(n) // want "'pcopyout'.*'copyout'" "'present_or_copyout'.*'copyout'" "'pcreate'.*'create'"
    { }
#pragma acc kernels present_or_create(a[0:n]) pcopy(b[0:n]) present_or_copyin(n) // want "'present_or_create'.*'create'" "'pcopy'.*'copy'" "'present_or_copyin'.*'copyin'"
    { }

    /* dtype is an alias of device_type that is not deprecated. */
#pragma acc parallel dtype(nvidia) num_gangs(4)
    { }
}

void two_words(float *a, int n)
{
#pragma acc PARALLEL LOOP copyin(a[0:n]) // want "unknown OpenACC directive 'PARALLEL'; did you mean 'parallel loop'\\?"
    for (int i = 0; i < n; i++) a[i] = 0;
#pragma acc enter DATA copyin(a[0:n]) // want "unknown OpenACC directive 'enter'; did you mean 'enter data'\\?"
}

/* The PGI Accelerator model's region, from before OpenACC: kernels. */
void legacy(float *a, int n)
{
#pragma acc region // want "unknown OpenACC directive 'region' \\(a PGI Accelerator model directive, from before OpenACC\\); did you mean 'kernels'\\?"
    {
        for (int i = 0; i < n; i++) a[i] = 0;
    }
#pragma acc region for // want "did you mean 'kernels loop'\\?"
    for (int i = 0; i < n; i++) a[i] = 1;
}
