/* Half-typed and malformed directives: one clear error each, no cascade. */
void syntax(float *a, int n)
{
#pragma acc parallel loop copyin(a[0:n] // want "missing '\\)'|expected '\\)'|unclosed"
    for (int i = 0; i < n; i++) a[i] = 0;
#pragma acc // want "expected an OpenACC directive name"
#pragma acc parallel, copy(a[0:n]) // want "comma"
    { }
#pragma acc parallel loop reduction(+ s) // want "':'"
    for (int i = 0; i < n; i++) a[i] = 0;
}
