/* Pointers to pointers: a two-level sub-array maps the rows (OpenACC 3.3
   §2.7.1); an item without the rows maps host addresses; the implicit
   firstprivate warning and its fix name the rows; sub-arrays of arrays must
   be contiguous. */

void *malloc(unsigned long);

/* The row pointers alone: the device would follow host addresses. */
void pointers_only(int n, int m)
{
    double **A = malloc(n * sizeof *A);
    for (int i = 0; i < n; i++)
        A[i] = malloc(m * sizeof **A);
#pragma acc parallel loop copy(A[0:n]) // want "'A' is a pointer to pointers: 'copy' maps only the row pointers.*as in A\[0:n\]\[0:m\] \[implicit-copy-pointer-no-bounds\]"
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            A[i][j] = 1;
#pragma acc enter data copyin(A[0:n]) // want "'A' is a pointer to pointers: 'copyin' maps only the row pointers"
#pragma acc update device(A[0:n]) // want "'A' is a pointer to pointers: 'device' updates only the row pointers"
}

/* A jagged array: the rows entered one by one, present and delete of the
   bare pointer, which accls (like NVIDIA's compiler) reads as the rows. */
void jagged(int n, int *len)
{
    double **J = malloc(n * sizeof *J);
    for (int i = 0; i < n; i++) {
        J[i] = malloc(len[i] * sizeof **J);
#pragma acc enter data create(J[i:1][0:len[i]])
    }
#pragma acc parallel loop present(J) copyin(len[0:n]) // want "in OpenACC, present\(J\) names the pointer itself, not the rows it points to: accls and NVIDIA's compiler look the rows up.*J\[0:n\]\[0:m\] is portable"
    for (int i = 0; i < n; i++)
        for (int j = 0; j < len[i]; j++)
            J[i][j] = 1;
#pragma acc exit data delete(J) // want "in OpenACC, delete\(J\) in 'exit data' names the pointer itself, not the rows it points to: accls acts on the rows and their pointers"
}

/* The rows attached one by one to the row pointers (OpenACC's attach):
   nothing to report. */
void attached(int n, int m)
{
    double **K = malloc(n * sizeof *K);
    for (int i = 0; i < n; i++)
        K[i] = malloc(m * sizeof **K);
#pragma acc enter data copyin(K[0:n])
    for (int i = 0; i < n; i++) {
#pragma acc enter data copyin(K[i][0:m])
    }
#pragma acc parallel loop present(K[0:n])
    for (int i = 0; i < n; i++)
        K[i][0] = 1;
#pragma acc exit data delete(K[0:n])
}

/* An array of pointers named whole, rows unknown: the fix asks for them. */
void array_of_pointers(int k)
{
    float *R[8];
#pragma acc parallel loop copy(R) // want "'R' is a pointer to pointers.*as in R\[0:8\]\[0:m\]"
    for (int i = 0; i < 8; i++)
        R[i][k] = 0;
}

/* Nothing maps the rows: the fix adds them with both lengths. */
void implicit(int n, int m)
{
    double **B = malloc(n * sizeof(double *));
    for (int i = 0; i < n; i++)
        B[i] = malloc(m * sizeof(double));
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            B[i][j] *= 2; // want "'B' is a pointer: implicitly firstprivate.*add copy\(B\[0:n\]\[0:m\]\) \[implicit-firstprivate-pointer\]"
}

/* Not contiguous: a part of each row of a true 2-D array. */
void contiguous(int n, double (*C)[8], double D[4][8][2], int k)
{
#pragma acc parallel loop copy(C[0:n][0:4]) // want "sub-array 'C\[0:n\]\[0:4\]' is not contiguous.*all 8 elements of this one.* \[subarray-invalid\]"
    for (int i = 0; i < n; i++)
        C[i][0] = 1;
#pragma acc parallel loop copyin(D[0:2][:][1:1]) copy(C[0:n]) // want "sub-array 'D\[0:2\]\[:\]\[1:1\]' is not contiguous"
    for (int i = 0; i < n; i++)
        C[i][0] = D[0][0][1];
    /* update may move a part of each row (OpenACC 3.3 §2.14.4) */
#pragma acc update self(C[0:n][0:4], D[0:2][:][1:1])
}

/* Valid: the rows named; one row's part; a part of each row of a pointer
   to pointers; bounds that may cover the dimension. */
void valid(int n, int m, double **P, double (*C)[8], int k)
{
#pragma acc parallel loop copy(P[0:n][0:m]) copyin(C[2][1:3])
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            P[i][j] += C[2][1];
#pragma acc parallel loop copy(P[1:n-2][2:m-4]) copyin(C[0:n][0:k])
    for (int i = 1; i < n - 1; i++)
        P[i][2] = C[i][0];
#pragma acc data copyin(P[0:n][0:m]) copyout(C[0:n])
    {
#pragma acc parallel loop
        for (int i = 0; i < n; i++)
            C[i][0] = P[i][0];
    }
    /* the row pointers present, the rows attached to them */
#pragma acc enter data copyin(P[0:n][0:m])
#pragma acc parallel loop present(P[0:n])
    for (int i = 0; i < n; i++)
        P[i][0] = 1;
#pragma acc exit data copyout(P[0:n][0:m])
}

/* A cache window need not be contiguous. */
void window(int n, float g[][40], float *out)
{
#pragma acc parallel loop copyin(g[0:n]) copy(out[0:n])
    for (int i = 1; i < n - 1; i++) {
#pragma acc cache(g[i-1:3][2:4])
        out[i] = g[i-1][3] + g[i+1][4];
    }
}
