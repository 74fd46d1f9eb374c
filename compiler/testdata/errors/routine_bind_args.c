/* bind without one name: empty, and two names. */
#pragma acc routine seq bind()
float f(float x) { return x; }
#pragma acc routine seq bind(f, g)
float g(float x) { return x; }
