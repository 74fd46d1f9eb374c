/* Loop association: loop-not-for, collapse-too-deep, collapse-not-tightly-nested. */

int acc_get_device_num(int device_type);

/* Matrix multiply: collapse(2) over a perfect nest, the k loop sequential. Valid. */
void matmul(const float *restrict a, const float *restrict b, float *restrict c, int n)
{
#pragma acc parallel loop collapse(2) copyin(a[0:n*n], b[0:n*n]) copyout(c[0:n*n])
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            float sum = 0.0f;
#pragma acc loop seq
            for (int k = 0; k < n; k++)
                sum += a[i * n + k] * b[k * n + j];
            c[i * n + j] = sum;
        }
}

/* Intervening code without directives is fine; so are braces around the inner loop. */
void intervening(float *restrict a, int n)
{
#pragma acc parallel loop collapse(2) copy(a[0:n*n])
    for (int i = 0; i < n; i++) {
        int row = i * n;
        for (int j = 0; j < n; j++)
            a[row + j] += 1.0f;
    }
#pragma acc parallel loop tile(8, 8) copy(a[0:n*n])
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
            a[i * n + j] *= 2.0f;
        }
    }
}

void not_for(float *restrict a, int n)
{
#pragma acc parallel loop copy(a[0:n]) // want "'parallel loop' must be followed by a 'for' loop, not a 'while' loop.*\[loop-not-for\]"
    while (a[0] > 0.0f) {
        a[0] -= 1.0f;
    }
#pragma acc parallel copy(a[0:n])
    {
#pragma acc loop // want "'loop' must be followed by a 'for' loop, not a block"
        {
            for (int i = 0; i < n; i++)
                a[i] = 0.0f;
        }
    }
#pragma acc kernels copy(a[0:n])
    {
        for (int i = 0; i < n; i++)
            a[i] = 1.0f;
#pragma acc loop // want "'loop' must be followed by a 'for' loop; nothing follows it"
    }
}

void too_deep(float *restrict a, int n)
{
#pragma acc parallel loop collapse(3) copy(a[0:n*n]) // want "collapse\(3\) needs 3 nested 'for' loops, found 2.*\[collapse-too-deep\]"
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            a[i * n + j] = 0.0f;
#pragma acc parallel loop tile(4, 4) copy(a[0:n]) // want "tile\(4, 4\) needs 2 nested 'for' loops, found 1"
    for (int i = 0; i < n; i++)
        a[i] = 0.0f;
#pragma acc parallel loop collapse(2) copy(a[0:n*n]) // want "loop 2 of the nest is a 'while' loop.*\[collapse-too-deep\]"
    for (int i = 0; i < n; i++) {
        int j = 0;
        while (j < n) {
            a[i * n + j] = 0.0f;
            j++;
        }
    }
}

void not_tight(float *restrict a, float *restrict b, int n)
{
#pragma acc parallel loop collapse(2) copy(a[0:n*n], b[0:n*n]) // want "the body of loop 1 holds 2 loops.*\[collapse-not-tightly-nested\]"
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++)
            a[i * n + j] = 0.0f;
        for (int j = 0; j < n; j++)
            b[i * n + j] = 0.0f;
    }
#pragma acc parallel loop collapse(2) copy(a[0:n*n])
    for (int i = 0; i < n; i++)
#pragma acc loop vector // want "'loop' between the loops associated by collapse\(2\).*\[collapse-not-tightly-nested\]"
        for (int j = 0; j < n; j++)
            a[i * n + j] = 0.0f;
#pragma acc parallel loop collapse(2) copy(a[0:n*n])
    for (int i = 0; i < n; i++) {
        int dev = acc_get_device_num(0); // want "call of the OpenACC API routine 'acc_get_device_num' between the loops"
        for (int j = 0; j < n; j++)
            a[i * n + j] = (float)dev;
    }
}
