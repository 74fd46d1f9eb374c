/* loop-invariant-update: updates every iteration of a parallel loop makes
   to one place (an element whose subscripts do not change in the loop, a
   gang's scalar its lanes share), and the cases that are not races. */
#define N 100
void ok_cases(float *a, float *c, int n, int *idx) {
  float s = 0;
  #pragma acc parallel loop gang copy(c[0:n]) copyin(a[0:n*N], idx[0:n])
  for (int i = 0; i < n; i++) {
    float t = 0;
    #pragma acc loop vector reduction(+:t)
    for (int j = 0; j < N; j++) t += a[i*N+j];
    c[i] += t;
    #pragma acc loop vector
    for (int j = 0; j < N; j++) if (j == 0) c[i] += 1;
    #pragma acc loop vector
    for (int j = 0; j < N; j++) {
      #pragma acc atomic update
      c[i] += a[j];
    }
    #pragma acc loop vector
    for (int j = 0; j < N; j++) c[idx[j]] += 1;
    #pragma acc loop seq
    for (int j = 0; j < N; j++) c[i] += a[j];
    float u = 0;
    #pragma acc loop vector
    for (int j = 0; j < N; j++) u += a[j]; // want "every iteration of this 'loop' updates 'u', which its iterations share \\(declared outside the loop\\)"

    c[i] += u;
  }
}

void races(int *a, int *b, int *c, int n)
{
#pragma acc parallel loop gang copyin(a[0:n], b[0:n * n]) copy(c[0:n])
    for (int i = 0; i < n; i++) {
#pragma acc loop worker
        for (int j = 0; j < n; j++)
            c[i] += b[j + i * n] * a[j]; // want "every iteration of this 'loop' updates 'c\\[i\\]', which does not change with 'j'"
#pragma acc loop vector
        for (int j = 0; j < n; j++)
            c[i] = c[i] * 2 + a[j]; // want "updates 'c\\[i\\]'"
    }
    int k = 3;
#pragma acc parallel loop copy(c[0:n]) copyin(a[0:n])
    for (int i = 0; i < n; i++)
        c[k]++; // want "updates 'c\\[k\\]', which does not change with 'i'"
}

/* Not a race: each gang has its own copy of a scalar the construct
   declares, and a gang loop runs each gang's iterations one by one. */
void gang_counts(float *a, int n)
{
#pragma acc parallel copyin(a[0:n])
    {
        int count = 0;
#pragma acc loop gang
        for (int i = 0; i < n; i++)
            count++;
        float u = 0;
#pragma acc loop gang
        for (int i = 0; i < n; i++) {
#pragma acc loop
            for (int j = 0; j < n; j++)
                u += a[j]; // want "updates 'u', which its iterations share"
        }
    }
}

/* Members of array elements: a[i].v[j] changes with j (not a race), while
   a[i].v[0] does not. */
typedef struct {
    int n;
    double *v;
} vec;

void members(vec *a, int m)
{
#pragma acc parallel loop gang present(a[0:m])
    for (int i = 0; i < m; i++) {
#pragma acc loop vector
        for (int j = 0; j < a[i].n; j++)
            a[i].v[j] += i;
#pragma acc loop vector
        for (int j = 0; j < a[i].n; j++)
            a[i].v[0] += j; // want "updates 'a\[i\].v\[0\]', which does not change with 'j'"
    }
}
