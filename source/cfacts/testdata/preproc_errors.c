#if 0
this is not C {
#endif

int ok(void) { return 1; }

#ifdef SOMETHING
int hidden(void) { return 2; }
#endif

#error this is an error directive

int also_ok(int x) { return x; }
/* an unterminated comment
int never(void) { return 3; }
