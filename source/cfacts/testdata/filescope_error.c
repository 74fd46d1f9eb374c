int good_global = 3;
int half =

int main(void)
{
    return good_global;
}

struct s { int a; } broken_struct
double other(double d) { return d / 2; }
