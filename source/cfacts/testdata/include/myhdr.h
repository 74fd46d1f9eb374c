typedef struct { double re, im; } cplx;
extern int shared_count;
double cabs2(cplx z);
