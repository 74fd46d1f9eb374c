/* the vector operations of vec.c */
void set_bias(float b);
void axpy(int n, float a, const float *x, float *y);
float sum(int n, const float *y);
