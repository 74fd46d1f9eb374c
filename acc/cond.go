package acc

import "strings"

// Conditional groups: a directive in a group that the preprocessor skips
// is not one of the document's (`#if 0`, the `#else` of `#ifdef _OPENACC`).
// Scan cannot run the preprocessor (it does not read headers, and -D
// definitions are the build's), so it skips a group only when its condition
// is certain from the document alone: `#if 0` and `#if 1`; `_OPENACC`, which
// every OpenACC compiler defines (accls builds with it); and a macro that
// the document itself defined or undefined before the test. With the C
// front end's Macros (ActiveDirectives), also the macros the document's
// headers and the build define, their integer values, and the values of
// whole conditions it evaluated with every macro expanded (function-like
// ones: #if VERSION(2, 5) >= 205). Any other condition leaves every
// branch of its group in (both directives of `#ifdef GPU … #else …
// #endif` are seen).

// condGroup is one open #if group.
type condGroup struct {
	skip    bool // the current branch is skipped
	taken   bool // a branch of the group was certainly taken
	unsure  bool // an earlier branch's condition was not certain
	outside bool // the whole group lies in a skipped branch
}

// truth is what the document alone says of a condition.
type truth int

const (
	unknown truth = iota
	isTrue
	isFalse
)

// skipping reports whether the text being scanned is in a skipped branch.
func (s *scanner) skipping() bool {
	return len(s.conds) > 0 && s.conds[len(s.conds)-1].skip
}

// conditional follows a preprocessor line (its text from the word after
// `#`): the #if family, #define and #undef.
func (s *scanner) conditional(line []byte) {
	switch string(line[:wordLen(line)]) { // #include and the like: nothing to read (no allocation)
	case "if", "ifdef", "ifndef", "elif", "elifdef", "elifndef", "else", "endif", "define", "undef":
	default:
		return
	}
	word, rest := ppWords(line)
	switch word {
	case "if", "ifdef", "ifndef":
		g := condGroup{outside: s.skipping()}
		t := s.condition(word, rest)
		switch {
		case g.outside:
			g.skip, g.taken = true, true
		case t == isFalse:
			g.skip = true
		case t == isTrue:
			g.taken = true
		default:
			g.unsure = true
		}
		s.conds = append(s.conds, g)
	case "elif", "elifdef", "elifndef", "else":
		if len(s.conds) == 0 {
			return
		}
		g := &s.conds[len(s.conds)-1]
		if g.outside || g.taken {
			g.skip = true
			return
		}
		t := isTrue // #else
		if word != "else" {
			t = s.condition(strings.TrimPrefix(word, "el"), rest)
		}
		g.skip = t == isFalse
		switch {
		case g.skip:
		case t == isTrue && !g.unsure:
			g.taken = true
		default:
			g.unsure = true
		}
	case "endif":
		if len(s.conds) > 0 {
			s.conds = s.conds[:len(s.conds)-1]
		}
	case "define", "undef":
		if s.skipping() {
			return
		}
		name, _ := ppWords([]byte(rest))
		if name == "" {
			return
		}
		if s.defs == nil {
			s.defs = map[string]bool{}
		}
		s.defs[name] = word == "define"
	}
}

// condition evaluates an #if (expr), #ifdef or #ifndef (name) line's rest.
func (s *scanner) condition(word, rest string) truth {
	switch word {
	case "ifdef", "ifndef":
		name, _ := ppWords([]byte(rest))
		t := s.defined(name)
		if word == "ifndef" {
			t = not(t)
		}
		return t
	}
	full := strings.Join(strings.Fields(rest), "")
	e := strings.TrimPrefix(full, "!")
	neg := len(e) < len(full)
	var t truth
	switch {
	case e == "0":
		t = isFalse
	case e == "1":
		t = isTrue
	case e == "_OPENACC":
		t = isTrue
	case strings.HasPrefix(e, "defined(") && strings.HasSuffix(e, ")") && isIdent(e[len("defined("):len(e)-1]):
		t = s.defined(e[len("defined(") : len(e)-1])
	default: // an expression: with the preprocessor's macros, when given
		t := s.ifValue(full)
		if v, ok := s.macros.cond(full); t == unknown && ok {
			t = isFalse
			if v {
				t = isTrue
			}
		}
		return t
	}
	if neg {
		t = not(t)
	}
	return t
}

// isIdent reports whether w is one identifier.
func isIdent(w string) bool {
	for i := 0; i < len(w); i++ {
		if !isIdentByte(w[i]) || i == 0 && w[i] >= '0' && w[i] <= '9' {
			return false
		}
	}
	return w != ""
}

// defined says whether macro name is defined, as far as the document (and
// the preprocessor's Macros, when given) tells.
func (s *scanner) defined(name string) truth {
	if d, ok := s.defs[name]; ok {
		if d {
			return isTrue
		}
		return isFalse
	}
	if name == "_OPENACC" {
		return isTrue
	}
	if s.macros != nil {
		if d, ok := s.macros.Defined[name]; ok {
			if d {
				return isTrue
			}
			return isFalse
		}
	}
	return unknown
}

// Macros is what the preprocessor knows of the macros that a document's
// #if lines test (source/cfacts: with the build's -D definitions and the
// headers), for ActiveDirectives.
type Macros struct {
	Defined map[string]bool // the name is a defined macro
	Values  Consts          // the integer values of those that have one
	// Conds are the values of #if and #elif conditions the preprocessor
	// evaluated with every macro expanded (function-like ones too), keyed
	// by CondKey: for those the names alone do not decide.
	Conds map[string]bool
}

// CondText is the condition of an #if or #elif line (the text after the
// word) without its comments and line continuations.
func CondText(rest string) string {
	_, text := ppWords([]byte("if " + rest))
	return text
}

// CondKey is CondText without blanks: the key of Macros.Conds.
func CondKey(rest string) string {
	return strings.Join(strings.Fields(CondText(rest)), "")
}

// CondValue evaluates a condition whose macros are all expanded: integer
// literals and the operators of #if lines.
func CondValue(text string) (int64, bool) {
	v, _, ok := evalConst(constParser{cond: true, s: text})
	return v, ok
}

// cond is the value of the condition of key CondKey that the preprocessor
// evaluated, false when it did not.
func (m *Macros) cond(key string) (value, ok bool) {
	if m == nil {
		return false, false
	}
	value, ok = m.Conds[key]
	return value, ok
}

// ActiveDirectives is f (Scan's result for text) without the directives of
// the conditional groups that the preprocessor skips, as far as m tells
// (an #if it cannot evaluate keeps every branch). f itself when none is
// skipped.
func ActiveDirectives(text []byte, f *File, m *Macros) *File {
	if f == nil || len(f.Directives) == 0 || m == nil || len(m.Defined) == 0 && len(m.Conds) == 0 {
		return f
	}
	s := scannerPool.Get().(*scanner)
	s.text, s.depth, s.commentEnd = text, 0, -1
	s.conds, s.skipped = s.conds[:0], s.skipped[:0]
	clear(s.defs)
	s.macros = m
	s.run()
	skipped := map[int]bool{}
	for _, at := range s.skipped {
		skipped[at] = true
	}
	s.dirs, s.macros = nil, nil
	s.text, s.line = nil, nil
	scannerPool.Put(s)
	if len(skipped) == 0 {
		return f
	}
	out := &File{}
	for _, d := range f.Directives {
		if !skipped[d.Span.Start] {
			out.Directives = append(out.Directives, d)
		}
	}
	return out
}

// ifValue evaluates an #if expression with the preprocessor's macros: the
// defined operators first, then the integer expression, an identifier
// that is no macro being 0 as in C; unknown when a name has no known value.
func (s *scanner) ifValue(e string) truth {
	if s.macros == nil {
		return unknown
	}
	var b strings.Builder
	vals := Consts{}
	for i := 0; i < len(e); {
		c := e[i]
		if !isIdentByte(c) || c >= '0' && c <= '9' { // a number's digits are copied one by one
			b.WriteByte(c)
			i++
			continue
		}
		j := i
		for j < len(e) && isIdentByte(e[j]) {
			j++
		}
		name := e[i:j]
		if name == "defined" { // defined(X) or defined X, the blanks gone
			k, paren := j, j < len(e) && e[j] == '('
			if paren {
				k++
			}
			l := k
			for l < len(e) && isIdentByte(e[l]) {
				l++
			}
			t := s.defined(e[k:l])
			if t == unknown {
				return unknown
			}
			if paren && l < len(e) && e[l] == ')' {
				l++
			}
			if t == isTrue {
				b.WriteByte('1')
			} else {
				b.WriteByte('0')
			}
			i = l
			continue
		}
		switch t := s.defined(name); {
		case t == isFalse:
			vals[name] = 0
		case name == "_OPENACC":
			vals[name] = 202211
		case t == isTrue:
			v, ok := s.macros.Values[name]
			if !ok {
				return unknown
			}
			vals[name] = v
		default:
			return unknown
		}
		b.WriteString(name)
		i = j
	}
	v, _, ok := evalConst(constParser{cond: true, s: b.String(), consts: vals})
	switch {
	case !ok:
		return unknown
	case v != 0:
		return isTrue
	}
	return isFalse
}

func not(t truth) truth {
	switch t {
	case isTrue:
		return isFalse
	case isFalse:
		return isTrue
	}
	return unknown
}

// ppWords splits a preprocessor line after `#` into its first word and the
// rest, comments removed.
func ppWords(line []byte) (string, string) {
	text := string(line)
	if i := strings.Index(text, "//"); i >= 0 {
		text = text[:i]
	}
	for {
		i := strings.Index(text, "/*")
		if i < 0 {
			break
		}
		j := strings.Index(text[i+2:], "*/")
		if j < 0 {
			text = text[:i]
			break
		}
		text = text[:i] + " " + text[i+2+j+2:]
	}
	text = strings.TrimSpace(strings.ReplaceAll(text, "\\\n", " "))
	i := 0
	for i < len(text) && isIdentByte(text[i]) {
		i++
	}
	return text[:i], strings.TrimSpace(text[i:])
}

// wordLen is the length of the identifier that line starts with.
func wordLen(line []byte) int {
	i := 0
	for i < len(line) && isIdentByte(line[i]) {
		i++
	}
	return i
}
