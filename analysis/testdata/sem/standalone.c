/* Standalone directives as the body of a statement: standalone-directive-placement. */

void placement(float *restrict a, int n, int step)
{
#pragma acc enter data copyin(a[0:n])
    for (int it = 0; it < 100; it++) {
#pragma acc parallel loop present(a[0:n])
        for (int i = 0; i < n; i++)
            a[i] += 1.0f;
        if (it % step == 0) {
#pragma acc update self(a[0:n])
        }
        if (it % step == 1)
#pragma acc update self(a[0:n]) // want "'update' cannot be the body of an 'if'.*\[standalone-directive-placement\]"
        a[0] = 0.0f;
        if (it == 0) {
            a[1] = 1.0f;
        } else
#pragma acc update device(a[0:n]) // want "'update' cannot be the body of an 'else'"
        a[1] = 2.0f;
    }
    while (n > 0)
#pragma acc wait // want "'wait' cannot be the body of a 'while' loop"
        n--;
    switch (step) {
    case 1:
#pragma acc wait // want "'wait' cannot be the statement after a label"
        break;
    default:
        break;
    }
done:
#pragma acc exit data delete(a[0:n]) // want "'exit data' cannot be the statement after a label"
    return;
}
