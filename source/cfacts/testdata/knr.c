int old(a, b)
    int a;
    double b;
{
    return a + (int)b;
}

int main(int argc, char **argv)
{
    int (*cb)(int, double) = 0;
    struct { int x; } anon = { 1 };
    return old(argc, 2.0) + anon.x + (cb != 0) + argv[0][0];
}
