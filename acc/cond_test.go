package acc

import (
	"strings"
	"testing"
)

// TestConditionalGroups: directives in branches the preprocessor certainly
// skips are not the document's; uncertain conditions keep every branch.
func TestConditionalGroups(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       []string // the directives' names, in order
	}{
		{"if 0", "#if 0\n#pragma acc kernels\n#else\n#pragma acc parallel\n#endif\n", []string{"parallel"}},
		{"if 1", "#if 1\n#pragma acc kernels\n#else\n#pragma acc parallel\n#endif\n", []string{"kernels"}},
		{"ifdef _OPENACC", "#ifdef _OPENACC\n#pragma acc kernels\n#else\n#pragma acc parallel\n#endif\n", []string{"kernels"}},
		{"ifndef _OPENACC", "#ifndef _OPENACC\n#pragma acc kernels\n#endif\n#pragma acc serial\n", []string{"serial"}},
		{"if !defined", "#if !defined(_OPENACC)\n#pragma acc kernels\n#elif 1\n#pragma acc parallel\n#endif\n", []string{"parallel"}},
		{"defined in the file", "#define GPU 1\n#ifdef GPU\n#pragma acc kernels\n#else\n#pragma acc parallel\n#endif\n#undef GPU\n#ifdef GPU\n#pragma acc serial\n#endif\n", []string{"kernels"}},
		{"unknown: both", "#ifdef GPU\n#pragma acc kernels\n#else\n#pragma acc parallel\n#endif\n", []string{"kernels", "parallel"}},
		{"unknown then else", "#if N > 2\n#pragma acc kernels\n#elif 0\n#pragma acc loop\n#else\n#pragma acc parallel\n#endif\n", []string{"kernels", "parallel"}},
		{"nested in a skipped group", "#if 0\n#ifdef _OPENACC\n#pragma acc kernels\n#else\n#pragma acc serial\n#endif\n#endif\n#pragma acc parallel\n", []string{"parallel"}},
		{"_Pragma", "#if 0\nvoid f(void) { _Pragma(\"acc kernels\") }\n#endif\nvoid g(void) { _Pragma(\"acc serial\") }\n", []string{"serial"}},
		{"define in a skipped group", "#if 0\n#define GPU\n#endif\n#ifdef GPU\n#pragma acc kernels\n#endif\n", []string{"kernels"}},
		{"comments", "#if /* off */ 0 // really\n#pragma acc kernels\n#endif\n", nil},
	} {
		var got []string
		for _, d := range Scan([]byte(tc.text)).Directives {
			got = append(got, d.Name)
		}
		if strings.Join(got, ",") != strings.Join(tc.want, ",") {
			t.Errorf("%s: directives %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestActiveDirectives: with the preprocessor's macros (what cfacts gives),
// #ifdef of a macro a header or -D defines and #if expressions decide.
func TestActiveDirectives(t *testing.T) {
	text := []byte("#ifdef TEST_ASYNC\n#pragma acc kernels async\n#else\n#pragma acc kernels\n#endif\n" +
		"#if LEVEL >= 2 && defined(GPU)\n#pragma acc parallel\n#elif LEVEL == 1 || !defined(GPU)\n#pragma acc serial\n#endif\n" +
		"#if UNKNOWN_FN(3)\n#pragma acc loop\n#endif\n")
	f := Scan(text)
	if len(f.Directives) != 5 {
		t.Fatalf("Scan: %d directives, want every branch's 5", len(f.Directives))
	}
	for _, tc := range []struct {
		m    Macros
		want string
	}{
		{Macros{Defined: map[string]bool{"TEST_ASYNC": false, "LEVEL": true, "GPU": true}, Values: Consts{"LEVEL": 2}}, "kernels,parallel,loop"},
		{Macros{Defined: map[string]bool{"TEST_ASYNC": true, "LEVEL": true, "GPU": true}, Values: Consts{"LEVEL": 1}}, "kernels,serial,loop"},
		{Macros{Defined: map[string]bool{"TEST_ASYNC": false, "LEVEL": false, "GPU": false}}, "kernels,serial,loop"},
		{Macros{Defined: map[string]bool{"LEVEL": true}}, "kernels,kernels,parallel,serial,loop"}, // no value: every branch
	} {
		var got []string
		for _, d := range ActiveDirectives(text, f, &tc.m).Directives {
			got = append(got, d.Name)
		}
		if strings.Join(got, ",") != tc.want {
			t.Errorf("%+v: directives %v, want %s", tc.m, got, tc.want)
		}
	}
}
