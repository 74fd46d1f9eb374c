package cfacts

import (
	"strings"

	"github.com/accls/accls/acc"
	"modernc.org/cc/v4"
)

// The values of the document's #if and #elif conditions, for
// acc.ActiveDirectives: the OpenACC directives are blanked before cc/v4
// preprocesses the text, so which branch of a conditional group the
// preprocessor keeps must be told apart here. acc's scanner evaluates
// what it can alone (defined names, integer macros); a condition that uses
// a function-like macro (#if VERSION(2, 5) >= 205) or an object-like one
// whose value is not an integer constant needs the macros' expansion,
// which condValues does with the translation unit's macros at its end.

// condValues evaluates the conditions texts (the text after #if or #elif)
// and returns their truth keyed by acc.CondKey; a condition that cannot be
// evaluated (__has_include, a # operator, a string) is left out.
func condValues(texts []string, ast *cc.AST) map[string]bool {
	if len(texts) == 0 || ast == nil {
		return nil
	}
	var out map[string]bool
	for _, text := range texts {
		key := acc.CondKey(text)
		if _, done := out[key]; done || key == "" {
			continue
		}
		x := &ppExpander{macros: ast.Macros}
		toks, ok := ppTokens(acc.CondText(text))
		if !ok {
			continue
		}
		toks, ok = x.expand(toks, 0)
		if !ok {
			continue
		}
		var b strings.Builder
		for _, t := range toks {
			s := t.s
			if isPPIdent(s) { // an identifier left after expansion is 0 (C11 6.10.1p4)
				s = "0"
				if t.s == "true" {
					s = "1"
				}
			}
			b.WriteString(s)
			b.WriteByte(' ')
		}
		v, ok := acc.CondValue(b.String())
		if !ok {
			continue
		}
		if out == nil {
			out = map[string]bool{}
		}
		out[key] = v != 0
	}
	return out
}

// ppTok is a preprocessing token of a condition and the macros whose
// expansion produced it (which it must not expand again).
type ppTok struct {
	s    string
	hide []string
}

func (t ppTok) hidden(name string) bool {
	for _, h := range t.hide {
		if h == name {
			return true
		}
	}
	return false
}

// ppTokens splits a condition into preprocessing tokens: identifiers,
// numbers and punctuators; false for character and string literals.
func ppTokens(s string) ([]ppTok, bool) {
	var out []ppTok
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
			i++
		case c == '"' || c == '\'':
			return nil, false
		case isIdentChar(c) && !(c >= '0' && c <= '9'):
			j := i
			for j < len(s) && isIdentChar(s[j]) {
				j++
			}
			out = append(out, ppTok{s: s[i:j]})
			i = j
		case c >= '0' && c <= '9' || c == '.' && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9':
			j := i + 1
			for j < len(s) && (isIdentChar(s[j]) || s[j] == '.' ||
				(s[j] == '+' || s[j] == '-') && (s[j-1] == 'e' || s[j-1] == 'E' || s[j-1] == 'p' || s[j-1] == 'P')) {
				j++
			}
			out = append(out, ppTok{s: s[i:j]})
			i = j
		default:
			n := 1
			if i+1 < len(s) {
				switch s[i : i+2] {
				case "&&", "||", "==", "!=", "<=", ">=", "<<", ">>", "##":
					n = 2
				}
			}
			out = append(out, ppTok{s: s[i : i+n]})
			i += n
		}
	}
	return out, true
}

func isPPIdent(s string) bool {
	return s != "" && isIdentChar(s[0]) && !(s[0] >= '0' && s[0] <= '9')
}

// ppExpander expands the macros of a condition.
type ppExpander struct {
	macros map[string]*cc.Macro
	steps  int // tokens produced: a bound on runaway expansions
}

// maxExpansion bounds the tokens an expansion produces.
const maxExpansion = 10000

// expand replaces the macros in toks by their expansions (defined X and
// defined(X) by 1 or 0), as the preprocessor does for an #if line: a
// replacement is scanned again with what follows it, the macro's name
// hidden in it. depth counts the arguments expanded within arguments.
func (x *ppExpander) expand(toks []ppTok, depth int) ([]ppTok, bool) {
	if depth > maxConstNesting {
		return nil, false
	}
	var out []ppTok
	for len(toks) > 0 {
		t := toks[0]
		if t.s == "defined" {
			j, paren := 1, len(toks) > 1 && toks[1].s == "("
			if paren {
				j++
			}
			if j >= len(toks) || !isPPIdent(toks[j].s) || paren && (j+1 >= len(toks) || toks[j+1].s != ")") {
				return nil, false
			}
			v := "0"
			if x.macros[toks[j].s] != nil {
				v = "1"
			}
			out = append(out, ppTok{s: v})
			if paren {
				j++
			}
			toks = toks[j+1:]
			continue
		}
		m := x.macros[t.s]
		if !isPPIdent(t.s) || m == nil || t.hidden(t.s) || m.IsFnLike && (len(toks) < 2 || toks[1].s != "(") {
			out = append(out, t) // (a function-like macro's name alone is no invocation)
			toks = toks[1:]
			continue
		}
		hide := append(append([]string(nil), t.hide...), t.s)
		var repl []ppTok
		end := 0 // the last token the invocation takes
		if m.IsFnLike {
			args, close, ok := ppArgs(toks, 1)
			if !ok {
				return nil, false
			}
			end = close
			if repl, ok = x.substitute(m, args, hide, depth); !ok {
				return nil, false
			}
		} else {
			for _, r := range m.ReplacementList() {
				if s := r.SrcStr(); s == "#" || s == "##" {
					return nil, false
				}
				repl = append(repl, ppTok{s: r.SrcStr(), hide: hide})
			}
		}
		x.steps += len(repl)
		if x.steps > maxExpansion {
			return nil, false
		}
		toks = append(repl, toks[end+1:]...)
	}
	return out, true
}

// ppArgs collects the arguments of the invocation whose '(' is toks[open]:
// the tokens of each, split at the commas outside inner parentheses, and
// the index of the closing ')'.
func ppArgs(toks []ppTok, open int) (args [][]ppTok, close int, ok bool) {
	depth := 0
	var cur []ppTok
	for i := open + 1; i < len(toks); i++ {
		switch toks[i].s {
		case "(":
			depth++
		case ")":
			if depth == 0 {
				return append(args, cur), i, true
			}
			depth--
		case ",":
			if depth == 0 {
				args = append(args, cur)
				cur = nil
				continue
			}
		}
		cur = append(cur, toks[i])
	}
	return nil, 0, false
}

// substitute is the replacement list of function-like macro m with its
// parameters replaced by the expanded arguments (__VA_ARGS__ by the
// variable ones); false for # and ## (not needed by conditions).
func (x *ppExpander) substitute(m *cc.Macro, args [][]ppTok, hide []string, depth int) ([]ppTok, bool) {
	params := make([]string, len(m.Params))
	for i, p := range m.Params {
		params[i] = p.SrcStr()
	}
	named := len(params)
	if m.VarArg >= 0 {
		named = m.VarArg
	}
	if len(args) == 1 && len(args[0]) == 0 && named == 0 {
		args = nil // m(): no argument
	}
	if len(args) < named || m.VarArg < 0 && len(args) > named {
		return nil, false
	}
	expanded := func(a []ppTok) ([]ppTok, bool) { return x.expand(a, depth+1) }
	var out []ppTok
	for _, r := range m.ReplacementList() {
		s := r.SrcStr()
		switch {
		case s == "#" || s == "##":
			return nil, false
		case s == "__VA_ARGS__" && m.VarArg >= 0:
			for k, a := range args[named:] {
				if k > 0 {
					out = append(out, ppTok{s: ",", hide: hide})
				}
				e, ok := expanded(a)
				if !ok {
					return nil, false
				}
				out = append(out, e...)
			}
			continue
		}
		k := -1
		for i := 0; i < named; i++ {
			if params[i] == s {
				k = i
			}
		}
		if k < 0 {
			out = append(out, ppTok{s: s, hide: hide})
			continue
		}
		e, ok := expanded(args[k])
		if !ok {
			return nil, false
		}
		out = append(out, e...)
	}
	return out, true
}
