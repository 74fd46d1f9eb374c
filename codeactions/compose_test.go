package codeactions

import (
	"math/rand/v2"
	"testing"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/analysis"
)

// TestComposition applies random rounds of random edits and checks that the
// composed edits of the original text reproduce the text of the rounds.
func TestComposition(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for n := 0; n < 2000; n++ {
		text := make([]byte, r.IntN(20))
		for i := range text {
			text[i] = 'a' + byte(r.IntN(26))
		}
		c := newComposition(text)
		for round := 0; round < 4; round++ {
			var edits []analysis.TextEdit
			at := 0
			for at <= len(c.cur) && r.IntN(3) > 0 {
				s := at + r.IntN(len(c.cur)-at+1)
				e := s + r.IntN(min(3, len(c.cur)-s)+1)
				repl := []string{"", "X", "YZ"}[r.IntN(3)]
				edits = append(edits, analysis.TextEdit{Span: acc.Span{Start: s, End: e}, NewText: repl})
				at = e + 1
			}
			if err := c.add(edits); err != nil {
				t.Fatalf("text %q, round %d, edits %v: %v", text, round, edits, err)
			}
		}
		got, err := Apply(text, c.edits)
		if err != nil || string(got) != string(c.cur) {
			t.Fatalf("text %q: composed %v give %q (%v), want %q", text, c.edits, got, err, c.cur)
		}
	}
}
