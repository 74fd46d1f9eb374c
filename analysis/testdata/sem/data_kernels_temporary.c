/* Scalar temporaries of independent kernels loops. A scalar without a
   clause is copy in a kernels construct: one device copy. accls (and
   NVIDIA's compiler) make a temporary of the iterations private only when
   nothing sees its value afterwards; otherwise the iterations of an
   independent loop share it. */

/* The host reads the temporary after the construct. */
float last_value(float *restrict a, int n)
{
    float t;
#pragma acc kernels loop independent copy(a[0:n])
    for (int i = 0; i < n; i++) {
        t = a[i] * 2; // want "'t' has no clause, so this 'kernels' construct copies it: one device copy, which every iteration of this independent loop assigns before it reads it, and the value it leaves may be read afterwards \(line 16\), so it stays shared.*\[kernels-shared-temporary\]"
        a[i] = t + 1;
    }
    return t;
}

/* SRAD: an inner loop marked independent, a temporary in both branches of
   an if that the construct also uses outside the loop; k is private (no one
   sees it afterwards). */
void srad(float *restrict J, float *restrict c, int rows, int cols)
{
    int k;
    float g;
#pragma acc kernels copyin(J[0:rows*cols]) copyout(c[0:rows*cols])
    {
#pragma acc loop gang independent
        for (int i = 0; i < rows; i++) {
#pragma acc loop vector independent
            for (int j = 0; j < cols; j++) {
                k = i * cols + j;
                if (J[k] > 0)
                    g = J[k]; // want "'g' has no clause.*the construct uses it outside the loop \(line 40\).*\[kernels-shared-temporary\]"
                else
                    g = -J[k];
                c[k] = g;
            }
        }
        g = 0;
    }
}

int k_after(void);
void use_k(int k);
void srad_host(float *restrict J, int n)
{
    int k;
#pragma acc kernels loop independent copy(J[0:n])
    for (int i = 0; i < n; i++) {
        k = i * 2; // want "'k' has no clause.*the value it leaves may be read afterwards \(line 54\).*\[kernels-shared-temporary\]"
        J[i] = k;
    }
    use_k(k);
}

/* Rodinia's CFD: the host uses the temporary before the construct, in a
   loop around it: the next iteration's read sees the construct's value. */
float before_in_loop(float *restrict a, int n, int steps)
{
    float t = 0, sum = 0;
#pragma acc data copy(a[0:n])
    for (int s = 0; s < steps; s++) {
        sum += t;
#pragma acc kernels loop independent present(a[0:n])
        for (int i = 0; i < n; i++) {
            t = a[i] * 2; // want "'t' has no clause.*the value it leaves may be read afterwards \(line 64\).*\[kernels-shared-temporary\]"
            a[i] = t + 1;
        }
    }
    return sum;
}

/* A global temporary. */
float gt;
void global_temp(float *restrict a, int n)
{
#pragma acc kernels loop independent copy(a[0:n])
    for (int i = 0; i < n; i++) {
        gt = a[i]; // want "'gt' has no clause.*and it is not a local variable, so it stays shared.*\[kernels-shared-temporary\]"
        a[i] = gt * gt;
    }
}

/* Not reported: the host uses the temporary only before the construct, or
   assigns it before reading it again (Rodinia's CFD: the same variable for
   the host's far-field values and the kernels'). */
float host_before(float *restrict a, int n, int steps)
{
    float t = 2, r = 0;
    r = t * 3;
#pragma acc data copy(a[0:n])
    for (int s = 0; s < steps; s++) {
        t = 1;
        r += t;
#pragma acc kernels loop independent present(a[0:n])
        for (int i = 0; i < n; i++) {
            t = a[i] * 2;
            a[i] = t + 1;
        }
        if (r > 1)
            t = 3;
        else
            t = 4;
        r += t;
    }
    return r;
}

/* Not reported: the compiler makes these private (no one sees the value),
   the loop is not independent (auto: accls keeps it sequential), the
   temporary is private or declared in the loop, the loop reads the value
   before assigning it (a reduction or a carried value, other checks), a
   later construct assigns it before reading it. */
void quiet(float *restrict a, float *restrict b, int n)
{
    float t, u, w, s = 0, v, x;
#pragma acc kernels loop independent copy(a[0:n])
    for (int i = 0; i < n; i++) {
        t = a[i] * 2;
        a[i] = t + 1;
    }
#pragma acc kernels loop copy(a[0:n])
    for (int i = 0; i < n; i++) {
        u = a[i] * 2;
        a[i] = u + 1;
    }
    u = 1;
#pragma acc kernels loop independent private(w) copy(a[0:n])
    for (int i = 0; i < n; i++) {
        w = a[i] * 2;
        a[i] = w + 1;
    }
#pragma acc kernels loop independent copy(a[0:n])
    for (int i = 0; i < n; i++) {
        float y = a[i] * 2;
        a[i] = y + 1;
    }
#pragma acc kernels loop reduction(+:s) copyin(a[0:n])
    for (int i = 0; i < n; i++)
        s += a[i];
#pragma acc kernels loop independent copy(a[0:n])
    for (int i = 0; i < n; i++) {
        v = a[i];
        a[i] = v * v;
    }
#pragma acc kernels loop independent copy(b[0:n])
    for (int i = 0; i < n; i++) {
        v = b[i];
        b[i] = v + 1;
    }
#pragma acc kernels loop independent copy(a[0:n])
    for (int i = 0; i < n; i++) {
        x = a[i];
        a[i] = x * x;
    }
    x = 2;
    b[0] = s + u;
}
