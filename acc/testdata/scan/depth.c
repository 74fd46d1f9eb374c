/* Brace depth ignores braces in literals, comments and preprocessor lines. */
#pragma acc routine seq
void g(void) { const char *s = "{{"; char c = '{'; /* { */ // {
#define OPEN {
#if 0 { 
#endif
#pragma acc parallel
  {
    {
#pragma acc loop
    }
  }
}
#pragma acc declare copyin(x)
}}
#pragma acc routine seq
int big = 1'000'000; {
#pragma acc parallel
}
