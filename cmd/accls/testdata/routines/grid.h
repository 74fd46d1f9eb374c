void scale_grid(int rows, int cols, float *g);
