/* Routines of ops.c that device code of main.c and grid.c calls: the
 * routine directives sit on the prototypes, as in a library's header. */
extern float gain; /* on the device: declare create in ops.c */

#pragma acc routine seq
float squash(float v);

#pragma acc routine vector
void scale_row(int n, float *row, float f);

#pragma acc routine seq
int count_over(const float *v, int n, float limit);

void set_gain(float g);
