#include <stdio.h>
#include <bits/byteswap.h>
#include <math.h>

int main(void)
{
    printf("%f\n", sqrt(2.0));
    return 0;
}
