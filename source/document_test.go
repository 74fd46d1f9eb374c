package source

import (
	"math/rand"
	"slices"
	"strings"
	"testing"

	"go.lsp.dev/protocol"

	"github.com/accls/accls/acc"
)

func pos(line, char uint32) protocol.Position { return protocol.Position{Line: line, Character: char} }

func rng(l1, c1, l2, c2 uint32) *protocol.Range {
	return &protocol.Range{Start: pos(l1, c1), End: pos(l2, c2)}
}

func TestLines(t *testing.T) {
	tests := []struct {
		text  string
		lines []int32
	}{
		{"", []int32{0}},
		{"a", []int32{0}},
		{"a\n", []int32{0, 2}},
		{"a\nb", []int32{0, 2}},
		{"a\r\nb", []int32{0, 3}},
		{"a\rb", []int32{0, 2}},
		{"\r\r\n\n\r", []int32{0, 1, 3, 4, 5}},
		{"\n\n", []int32{0, 1, 2}},
	}
	for _, tt := range tests {
		d := New([]byte(tt.text), 1)
		if !slices.Equal(d.lines, tt.lines) {
			t.Errorf("lines(%q) = %v, want %v", tt.text, d.lines, tt.lines)
		}
	}
}

// The text used by the position tests. Per line:
//
//	0: "a😀b"            😀 is 4 bytes, 2 UTF-16 units
//	1: "é\xffx"          é is 2 bytes, 1 unit; \xff is 1 byte, 1 unit
//	2: ""                (CRLF line end)
//	3: "c"               (lone CR line end)
//	4: "𝔸𝔹"             2 × (4 bytes, 2 units)
const posText = "a😀b\né\xffx\r\n\r\nc\r𝔸𝔹"

func TestPosition(t *testing.T) {
	d := New([]byte(posText), 1)
	tests := []struct {
		off  int
		want protocol.Position
	}{
		{-5, pos(0, 0)},
		{0, pos(0, 0)},
		{1, pos(0, 1)},    // before 😀
		{2, pos(0, 1)},    // inside 😀: back to its start
		{4, pos(0, 1)},    // inside 😀
		{5, pos(0, 3)},    // after 😀
		{6, pos(0, 4)},    // end of line 0
		{7, pos(1, 0)},    // é
		{9, pos(1, 1)},    // \xff
		{10, pos(1, 2)},   // x
		{11, pos(1, 3)},   // end of line 1 (before \r\n)
		{12, pos(1, 3)},   // between \r and \n: end of line
		{13, pos(2, 0)},   // empty line
		{15, pos(3, 0)},   // c
		{16, pos(3, 1)},   // the lone \r
		{17, pos(4, 0)},   // 𝔸
		{21, pos(4, 2)},   // 𝔹
		{25, pos(4, 4)},   // EOF
		{1000, pos(4, 4)}, // past EOF
	}
	for _, tt := range tests {
		if got := d.Position(tt.off); got != tt.want {
			t.Errorf("Position(%d) = %v, want %v", tt.off, got, tt.want)
		}
	}
}

func TestOffset(t *testing.T) {
	d := New([]byte(posText), 1)
	tests := []struct {
		p    protocol.Position
		want int
	}{
		{pos(0, 0), 0},
		{pos(0, 1), 1},
		{pos(0, 2), 1}, // middle of the surrogate pair: start of 😀
		{pos(0, 3), 5},
		{pos(0, 4), 6},
		{pos(0, 99), 6}, // past the line end: clamp before the \n
		{pos(1, 1), 9},
		{pos(1, 2), 10},
		{pos(1, 3), 11},
		{pos(1, 4), 11}, // clamp before \r\n
		{pos(2, 0), 13},
		{pos(2, 7), 13},
		{pos(3, 1), 16},
		{pos(3, 2), 16}, // clamp before the lone \r
		{pos(4, 2), 21},
		{pos(4, 3), 21},
		{pos(4, 4), 25},
		{pos(4, 5), 25},
		{pos(5, 0), 25}, // past the last line: EOF
		{pos(1<<31, 0), 25},
		{pos(1<<32-1, 1<<32-1), 25},
	}
	for _, tt := range tests {
		if got := d.Offset(tt.p); got != tt.want {
			t.Errorf("Offset(%v) = %d, want %d", tt.p, got, tt.want)
		}
	}
	// Every character start round-trips.
	for off := 0; off <= len(posText); off++ {
		p := d.Position(off)
		if back := d.Offset(p); back > off {
			t.Errorf("Offset(Position(%d)=%v) = %d, beyond the offset", off, p, back)
		}
	}
}

func TestRangeSpan(t *testing.T) {
	d := New([]byte(posText), 1)
	r := d.Range(acc.Span{Start: 1, End: 5})
	if r != *rng(0, 1, 0, 3) {
		t.Errorf("Range = %v", r)
	}
	if s := d.Span(*rng(0, 3, 0, 1)); s != (acc.Span{Start: 1, End: 5}) {
		t.Errorf("Span of a reversed range = %v", s)
	}
	if r := d.Range(acc.Span{Start: 5, End: 1}); r.Start != r.End {
		t.Errorf("Range of a bad span = %v", r)
	}
}

func TestEmpty(t *testing.T) {
	d := New(nil, 0)
	if d.LineCount() != 1 || d.Offset(pos(3, 3)) != 0 || d.Position(10) != pos(0, 0) {
		t.Errorf("empty document: lines %d", d.LineCount())
	}
	d = d.Apply(1, Change{Range: rng(0, 0, 0, 0), Text: "x\ny"})
	if string(d.Text()) != "x\ny" || d.LineCount() != 2 || d.Version() != 1 {
		t.Errorf("insert into empty: %q %d", d.Text(), d.LineCount())
	}
}

func TestApply(t *testing.T) {
	tests := []struct {
		name    string
		text    string
		changes []Change
		want    string
	}{
		{"insert", "abc", []Change{{rng(0, 1, 0, 1), "X"}}, "aXbc"},
		{"delete", "abc", []Change{{rng(0, 1, 0, 2), ""}}, "ac"},
		{"replace across lines", "ab\ncd\nef", []Change{{rng(0, 1, 2, 1), "Z"}}, "aZf"},
		{"insert lines", "ab", []Change{{rng(0, 1, 0, 1), "\n\r\n\r"}}, "a\n\r\n\rb"},
		{"full", "abc", []Change{{nil, "x\ny"}}, "x\ny"},
		{"full then incremental", "abc", []Change{{nil, "x\ny"}, {rng(1, 1, 1, 1), "z"}}, "x\nyz"},
		{"sequence", "hello", []Change{{rng(0, 5, 0, 5), " world"}, {rng(0, 0, 0, 1), "H"}, {rng(0, 11, 0, 11), "!"}}, "Hello world!"},
		{"join CR and LF", "a\rb", []Change{{rng(1, 0, 1, 1), "\n"}}, "a\r\n"},
		{"split CRLF", "a\r\nb", []Change{{rng(0, 1, 0, 1), "x"}}, "ax\r\nb"},
		{"insert between CR LF", "a\r\nb", []Change{{rng(1, 0, 1, 0), "x"}}, "a\r\nxb"},
		{"delete LF of CRLF", "a\r\nb\nc", []Change{{rng(0, 1, 1, 0), "\r"}}, "a\rb\nc"},
		{"CR before LF", "a\nb", []Change{{rng(0, 1, 0, 1), "\r"}}, "a\r\nb"},
		{"emoji", "x😀y", []Change{{rng(0, 1, 0, 3), "é"}}, "xéy"},
		{"mid surrogate", "x😀y", []Change{{rng(0, 2, 0, 2), "z"}}, "xz😀y"},
		{"past end of line", "ab\ncd", []Change{{rng(0, 9, 0, 9), "!"}}, "ab!\ncd"},
		{"past EOF", "ab\ncd", []Change{{rng(9, 0, 9, 0), "!"}}, "ab\ncd!"},
		{"reversed range", "abcd", []Change{{rng(0, 3, 0, 1), ""}}, "ad"},
		{"invalid utf8", "a\xff\xfeb", []Change{{rng(0, 2, 0, 3), "-"}}, "a\xff-b"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := New([]byte(tt.text), 1)
			nd := d.Apply(2, tt.changes...)
			if string(nd.Text()) != tt.want {
				t.Errorf("text = %q, want %q", nd.Text(), tt.want)
			}
			if string(d.Text()) != tt.text {
				t.Errorf("the original changed: %q", d.Text())
			}
			if want := lineStarts(nd.Text(), nil); !slices.Equal(nd.lines, want) {
				t.Errorf("lines = %v, want %v", nd.lines, want)
			}
			if nd.Version() != 2 || d.Version() != 1 {
				t.Errorf("versions %d %d", nd.Version(), d.Version())
			}
		})
	}
}

// TestApplyRandom checks the incremental line index against a fresh one over
// many random edits made of line-break-heavy text.
func TestApplyRandom(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	alphabet := []string{"a", "b", "\n", "\r", "\r\n", "é", "😀", "\xff"}
	randText := func(n int) string {
		var sb strings.Builder
		for range n {
			sb.WriteString(alphabet[r.Intn(len(alphabet))])
		}
		return sb.String()
	}
	for round := range 200 {
		text := randText(r.Intn(20))
		d := New([]byte(text), 0)
		ref := []byte(text)
		for step := range 30 {
			var changes []Change
			for range 1 + r.Intn(3) {
				// Pick offsets in the reference, convert them to positions.
				cur := New(ref, 0)
				s, e := r.Intn(len(ref)+1), r.Intn(len(ref)+1)
				if e < s {
					s, e = e, s
				}
				ps, pe := cur.Position(s), cur.Position(e)
				s, e = cur.Offset(ps), cur.Offset(pe)
				repl := randText(r.Intn(4))
				ref = slices.Concat(ref[:s:s], []byte(repl), ref[e:])
				changes = append(changes, Change{&protocol.Range{Start: ps, End: pe}, repl})
			}
			d = d.Apply(int32(step), changes...)
			if string(d.Text()) != string(ref) {
				t.Fatalf("round %d step %d: text %q, want %q", round, step, d.Text(), ref)
			}
			if want := lineStarts(ref, nil); !slices.Equal(d.lines, want) {
				t.Fatalf("round %d step %d: text %q: lines %v, want %v", round, step, ref, d.lines, want)
			}
		}
	}
}

func FuzzApply(f *testing.F) {
	f.Add("a\r\nb", uint32(0), uint32(1), uint32(1), uint32(0), "\r")
	f.Fuzz(func(t *testing.T, text string, l1, c1, l2, c2 uint32, repl string) {
		d := New([]byte(text), 0)
		nd := d.Apply(1, Change{rng(l1, c1, l2, c2), repl})
		if want := lineStarts(nd.Text(), nil); !slices.Equal(nd.lines, want) {
			t.Fatalf("lines %v, want %v", nd.lines, want)
		}
		if string(d.Text()) != text {
			t.Fatal("original modified")
		}
	})
}

func BenchmarkApply10kLines(b *testing.B) {
	var sb strings.Builder
	for i := range 10000 {
		sb.WriteString("    a[i] = b[i] + c[i]; // line ")
		sb.WriteString(strings.Repeat("x", i%7))
		sb.WriteByte('\n')
	}
	d := New([]byte(sb.String()), 0)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		d = d.Apply(int32(i), Change{rng(5000, 4, 5000, 4), "x"})
		d = d.Apply(int32(i), Change{rng(5000, 4, 5000, 5), ""})
	}
}

func TestLineColumnAndOffsetAt(t *testing.T) {
	d := New([]byte("ab\ncé\n\nx"), 1)
	for _, tc := range []struct{ off, line, col int }{
		{0, 1, 1}, {2, 1, 3}, {3, 2, 1}, {5, 2, 3}, {7, 3, 1}, {8, 4, 1}, {9, 4, 2}, {99, 4, 2},
	} {
		if l, c := d.LineColumn(tc.off); l != tc.line || c != tc.col {
			t.Errorf("LineColumn(%d) = %d:%d, want %d:%d", tc.off, l, c, tc.line, tc.col)
		}
		if tc.off <= d.Len() {
			if got := d.OffsetAt(tc.line, tc.col); got != tc.off {
				t.Errorf("OffsetAt(%d, %d) = %d, want %d", tc.line, tc.col, got, tc.off)
			}
		}
	}
	if got := d.OffsetAt(9, 1); got != 0 {
		t.Errorf("OffsetAt past the last line = %d, want 0", got)
	}
}
