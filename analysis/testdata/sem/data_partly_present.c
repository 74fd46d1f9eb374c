/* implicit-copy-partly-present (§2.6.2, §2.6.7): a whole array copied where
   enter data put only a section of it (a domain's rows) on the device. */
double grid[256][64];
void domain(int lo, int n)
{
#pragma acc enter data copyin(grid[lo:n][0:64])
#pragma acc parallel loop
    for (int i = lo; i < lo + n; i++)
        grid[i][0] = 1.0; // want "'grid' has no clause here, so this 'parallel loop' copies the whole array, but the 'enter data' at line \d+ put only 'grid\[lo:n\]\[0:64\]' on the device.*\[implicit-copy-partly-present\]"
#pragma acc parallel loop present(grid[lo:n][0:64])
    for (int i = lo; i < lo + n; i++)
        grid[i][1] = 2.0;
#pragma acc exit data copyout(grid[lo:n][0:64])
#pragma acc parallel loop
    for (int i = 0; i < 256; i++)
        grid[i][2] = 3.0;
}
