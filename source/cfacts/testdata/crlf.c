int crlf(int a)
{
    int b = a * 2;
    return b;
}
