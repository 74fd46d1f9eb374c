package acc

import "strings"

// Conditional groups: a directive in a group that the preprocessor skips
// is not one of the document's (`#if 0`, the `#else` of `#ifdef _OPENACC`).
// Scan cannot run the preprocessor (it does not read headers, and -D
// definitions are the build's), so it skips a group only when its condition
// is certain from the document alone: `#if 0` and `#if 1`; `_OPENACC`, which
// every OpenACC compiler defines (accls builds with it); and a macro that
// the document itself defined or undefined before the test. Any other
// condition leaves every branch of its group in (as before: both
// directives of `#ifdef GPU … #else … #endif` are seen).

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
	e := strings.Join(strings.Fields(rest), "")
	neg := strings.HasPrefix(e, "!")
	e = strings.TrimPrefix(e, "!")
	var t truth
	switch {
	case e == "0":
		t = isFalse
	case e == "1":
		t = isTrue
	case e == "_OPENACC":
		t = isTrue
	case strings.HasPrefix(e, "defined(") && strings.HasSuffix(e, ")"):
		t = s.defined(e[len("defined(") : len(e)-1])
	case strings.HasPrefix(e, "defined"):
		t = s.defined(e[len("defined"):])
	default:
		return unknown
	}
	if neg {
		t = not(t)
	}
	return t
}

// defined says whether macro name is defined, as far as the document tells.
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
	return unknown
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
	for i < len(text) && (text[i] == '_' || text[i] >= 'a' && text[i] <= 'z' || text[i] >= 'A' && text[i] <= 'Z' || text[i] >= '0' && text[i] <= '9') {
		i++
	}
	return text[:i], strings.TrimSpace(text[i:])
}

// wordLen is the length of the identifier that line starts with.
func wordLen(line []byte) int {
	i := 0
	for i < len(line) && (line[i] == '_' || line[i] >= 'a' && line[i] <= 'z' || line[i] >= 'A' && line[i] <= 'Z') {
		i++
	}
	return i
}
