package server

import "testing"

func TestSnippetToText(t *testing.T) {
	tests := []struct{ in, want string }{
		{"copyin", "copyin"},
		{"copyin($1)$0", "copyin()"},
		{"copyin(${1:var})$0", "copyin(var)"},
		{"reduction(${1|+,*,max|}:${2:var})", "reduction(+:var)"},
		{"${1:a ${2:b}} c", "a b c"},
		{`\$x \} \\ }`, `$x } \ }`},
		{"${12}x", "x"},
		{"$", "$"},
		{"${1|a", ""},
	}
	for _, tt := range tests {
		if got := snippetToText(tt.in); got != tt.want {
			t.Errorf("snippetToText(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
