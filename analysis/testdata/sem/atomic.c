/* Atomics: atomic-invalid-form, around a histogram. */

void histogram(const int *restrict data, int n, int *restrict hist, int nbins)
{
#pragma acc parallel loop copyin(data[0:n]) copy(hist[0:nbins])
    for (int i = 0; i < n; i++) {
        int b = data[i] % nbins;
#pragma acc atomic update
        hist[b]++;
    }
}

int forms(int *restrict a, int n)
{
    int x = 0, total = 0;
#pragma acc parallel loop copyin(a[0:n]) copy(x, total)
    for (int i = 0; i < n; i++) {
        int old;
#pragma acc atomic
        x += a[i];
#pragma acc atomic update
        x = x * 2;
#pragma acc atomic update
        x = a[i] - x;
#pragma acc atomic update
        x = x + a[i] + 1;
#pragma acc atomic read
        old = x;
#pragma acc atomic write
        total = a[i] + 1;
#pragma acc atomic capture
        old = x++;
#pragma acc atomic capture
        old = x += a[i];
#pragma acc atomic capture
        old = x = x | a[i];
#pragma acc atomic capture
        {
            old = total;
            total += a[i];
        }
#pragma acc atomic capture
        {
            old = (total);
            (total)--;
        }
#pragma acc atomic update
        (x) += ((a[i]) + 1);
#pragma acc atomic capture
        {
            total -= 1;
            old = total;
        }
#pragma acc atomic capture
        {
            old = x;
            x = a[i];
        }
        /* Invalid forms. */
#pragma acc atomic update
        x = a[i]; // want "invalid statement for 'atomic update': this is a write of 'x'; use 'atomic write'.*\[atomic-invalid-form\]"
#pragma acc atomic
        x %= 3; // want "'%=' is not an atomic operator"
#pragma acc atomic update
        x = x * a[i] + 1; // want "invalid statement for 'atomic update': expected 'x\+\+'"
#pragma acc atomic update
        x = x + x; // want "the expression may not reference 'x'"
#pragma acc atomic read
        old = a[i] + 1; // want "invalid statement for 'atomic read': expected 'v = x'"
#pragma acc atomic write
        x = x + 1; // want "invalid statement for 'atomic write': the expression may not reference 'x'"
#pragma acc atomic capture
        old = x; // want "'v = x' only reads 'x'; use 'atomic read'"
#pragma acc atomic capture
        { // want "a capture block holds two statements"
            old = x;
        }
#pragma acc atomic capture
        { // want "the update changes 'total' but the capture reads 'x'"
            old = x;
            total++;
        }
#pragma acc atomic update
        { // want "only 'atomic capture' takes a block"
            x++;
        }
    }
    return x + total;
}

/* atomic-mixed-access: a shared counter updated atomically and read or
   written without atomic where iterations run at once. */
int guarded(const int *restrict a, int n)
{
    int count = 0, total = 0, hits = 0;
#pragma acc parallel loop copy(count) copyin(a[0:n])
    for (int i = 0; i < n; i++) {
        if (count < 100) { // want "'count' is updated atomically in this 'parallel loop' but read here without 'atomic'.*\[atomic-mixed-access\]"
#pragma acc atomic update
            count++;
        }
    }
#pragma acc parallel loop copy(total) copyin(a[0:n])
    for (int i = 0; i < n; i++) {
#pragma acc atomic update
        total += a[i];
        if (a[i] < 0)
            total = 0; // want "'total' is updated atomically in this 'parallel loop' but written here without 'atomic'"
    }
    /* Valid: every access atomic (a read and a capture); a serial construct. */
#pragma acc parallel loop copy(hits) copyin(a[0:n])
    for (int i = 0; i < n; i++) {
        int seen, old;
#pragma acc atomic read
        seen = hits;
        if (seen < 100) {
#pragma acc atomic capture
            old = hits++;
            (void)old;
        }
    }
#pragma acc serial copy(hits)
    for (int i = 0; i < n; i++) {
        if (hits < 200) {
#pragma acc atomic update
            hits++;
        }
    }
    return count + total + hits;
}
