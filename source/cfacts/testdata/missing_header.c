#include <stdio.h>
#include "mylib.h"
#include <nosuch/header.h>

int use(int n)
{
    mytype x = MYLIB_ZERO;
    mytype *p = &x;
    x = mylib_step(x, n);
    return x + *p + undeclared_var;
}

int after(int k) { return k * 2; }
