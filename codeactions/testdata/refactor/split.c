/* Split combined constructs into compute + loop. Ünïcödé: ∀ i < n. */
#define N 1024
#define BODY(i) b[i] = a[i] * 2.0f

float split(float *a, float *b, int n)
{
    float s = 0.0f, t;
    /* pragma at column 0, code indented: clauses to both leaves */
#pragma acc parallel‸ loop gang vector_length(128) copyin(a[0:N]) reduction(+:s) private(t) async(1)
    for (int i = 0; i < n; i++) {
        t = a[i];
        s += t; // keep this comment
    }

    /* indented pragma, loop without braces, trailing comment */
    #pragma acc kernels loop independent copyout(b[0:n]) ‸
    for (int i = 0; i < n; i++)
        BODY(i); /* after the loop */

    /* continuation lines, device_type sections for both leaves */
#pragma acc serial loop‸ copy(s) \
    reduction(max:s) \
    device_type(nvidia) vector \
    device_type(host) seq
    for (int i = 0; i < n; i++) s = a[i] > s ? a[i] : s;

    /* a tab-indented nest */
	#pragma acc parallel loop collapse(2) present(a, b) num_gangs(‸4)
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			b[i * n + j] = a[j * n + i];

    /* not offered: a plain loop construct, a _Pragma */
#pragma acc loop ‸seq
    for (int i = 0; i < n; i++) ;
    _Pragma("acc parallel loop") ‸
    for (int i = 0; i < n; i++) ;
    return s;
}
