/* Branches: branch-out-of-region. */

int find(const int *restrict a, int n, int key)
{
    int found = -1;
#pragma acc parallel loop copyin(a[0:n]) copy(found)
    for (int i = 0; i < n; i++) {
        if (a[i] == key)
            return i; // want "'return' leaves the 'parallel loop' construct; a program may not branch out of a compute construct.*\[branch-out-of-region\]"
    }
#pragma acc parallel loop copyin(a[0:n]) copy(found)
    for (int i = 0; i < n; i++) {
        if (a[i] == key)
            break; // want "'break' leaves the loop of the 'parallel loop' construct"
        if (a[i] < 0)
            continue;
        for (int j = 0; j < 4; j++) {
            if (j == i)
                break;
            if (j > i)
                continue;
        }
        switch (a[i]) {
        case 0:
            break;
        default:
            break;
        }
    }
    return found;
}

void regions(float *restrict a, int n)
{
#pragma acc data copy(a[0:n])
    for (int t = 0; t < 10; t++) {
#pragma acc parallel present(a[0:n])
        {
            if (a[0] > 1.0f)
                continue; // want "'continue' leaves the 'parallel' construct"
            if (a[0] < 0.0f)
                break; // want "'break' leaves the 'parallel' construct"
#pragma acc loop
            for (int i = 0; i < n; i++) {
                if (a[i] > 2.0f)
                    goto skip; // want "'goto skip' leaves the 'parallel' construct"
                a[i] *= 0.5f;
            }
            goto inside;
inside:
            a[0] = 0.0f;
        }
skip:
        ;
    }
#pragma acc data copy(a[0:n])
    {
        if (n < 2)
            return; // want "'return' leaves the 'data' construct; a program may not branch out of a data construct"
#pragma acc parallel loop present(a[0:n])
        for (int i = 0; i < n; i++)
            a[i] = 1.0f;
    }
    if (n > 100)
        goto middle; // want "'goto middle' jumps into the 'parallel' construct"
#pragma acc parallel copy(a[0:n])
    {
middle:
        a[0] = 2.0f;
    }
}
