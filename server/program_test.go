package server

import "testing"

// TestDefinitionLike: the names a file may define, by the look of its
// text (the filter before a Run parses the directory's files).
func TestDefinitionLike(t *testing.T) {
	text := `#include <stdio.h>
float squash(float v)
{
	printf("%g\n", v);
	return v;
}
static int
count_over(const float *v, int n,
           float limit) {
	if (squash(v[0]) > limit) { return 1; }
	return 0;
}
void set_gain(float g);
int main(void) { return count_over(0, 0, 0); }
`
	got := definitionLike([]byte(text))
	for _, name := range []string{"squash", "count_over", "main"} {
		if !got[name] {
			t.Errorf("%s is defined but not found: %v", name, got)
		}
	}
	for _, name := range []string{"printf", "set_gain", "return"} {
		if got[name] {
			t.Errorf("%s is not defined here but found", name)
		}
	}
}
