int first(int a)
{
    int s = 0;
    for (int i = 0; i < a; i++)
        s += i;
    return s;
}

int broken(int n)
{
    int t = n * ;
    if (n > 0 {
        t++;
    }
    return t;
}

int third(int b)
{
    return first(b) + 1;
}
