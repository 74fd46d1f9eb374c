#define N 1024
#define M (N / 2)
#define IDX(i, j) ((i) * M + (j))
#define SWAP(a, b) do { float t_ = (a); (a) = (b); (b) = t_; } while (0)
#define MAX(a, b) ((a) > (b) ? (a) : (b))

float grid[N * M];

void transpose(float *g)
{
    for (int i = 0; i < M; i++)
        for (int j = i + 1; j < M; j++)
            SWAP(g[IDX(i, j)], g[IDX(j, i)]);
    grid[IDX(1,
             2)] = MAX(g[0], g[1]);
}
