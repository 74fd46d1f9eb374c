package completion

import (
	"strings"

	"github.com/accls/accls/acc"
)

// NameSlot says that a C name can be typed at the cursor: a variable of a
// var-list, a name in a sub-array's bounds or in a clause's expression
// (`if`, `num_gangs`, `async` ...). This package knows only the directive;
// the server, which has the C facts, proposes the variables in scope
// there, or the members of Member's type after `.` or `->`.
type NameSlot struct {
	// Member is the expression before the `.` or `->` right before the
	// word at the cursor ("mesh->cell[i]"), "" for a plain name.
	Member string
	Arrow  bool
}

// nameArgs are the argument kinds that hold C names.
var nameArgs = map[acc.ArgKind]bool{
	acc.ArgVarList: true, acc.ArgReduction: true, acc.ArgCond: true, acc.ArgOptCond: true,
	acc.ArgIntExpr: true, acc.ArgOptIntExpr: true, acc.ArgIntExprList: true, acc.ArgGang: true,
	acc.ArgWorker: true, acc.ArgVector: true, acc.ArgWait: true,
}

// nameSlot is the slot for text before the word at the cursor (partial)
// inside the parentheses of an argument of kind k, nil when no C name goes
// there (a reduction's operator, a number being typed).
func nameSlot(k acc.ArgKind, before, partial string) *NameSlot {
	if !nameArgs[k] {
		return nil
	}
	if k == acc.ArgReduction && !strings.Contains(before, ":") {
		return nil // the operator comes first
	}
	isDigit := func(c byte) bool { return c >= '0' && c <= '9' }
	if n := len(before); n > 0 && isDigit(before[n-1]) || partial != "" && isDigit(partial[0]) {
		return nil
	}
	trimmed := strings.TrimRight(before, " \t")
	var arrow bool
	switch {
	case strings.HasSuffix(trimmed, "->"):
		trimmed, arrow = strings.TrimSuffix(trimmed, "->"), true
	case strings.HasSuffix(trimmed, ".") && !strings.HasSuffix(trimmed, ".."):
		trimmed = strings.TrimSuffix(trimmed, ".")
	default:
		return &NameSlot{}
	}
	path := memberPath(trimmed)
	if path == "" {
		return nil // `1.` is a number, `)`. is not a path we follow
	}
	return &NameSlot{Member: path, Arrow: arrow}
}

// memberPath is the access path that ends text: a name followed by
// subscripts and member accesses (`mesh->cell[i].w2`), "" when text does
// not end in one.
func memberPath(text string) string {
	i := len(text)
	for {
		for i > 0 && (text[i-1] == ' ' || text[i-1] == '\t') {
			i--
		}
		switch {
		case i > 0 && text[i-1] == ']':
			depth := 0
			j := i - 1
			for ; j >= 0; j-- {
				if text[j] == ']' {
					depth++
				} else if text[j] == '[' {
					depth--
					if depth == 0 {
						break
					}
				}
			}
			if j < 0 {
				return ""
			}
			i = j
			continue
		case i > 0 && isIdent(text[i-1]):
			j := i
			for j > 0 && isIdent(text[j-1]) {
				j--
			}
			if text[j] >= '0' && text[j] <= '9' {
				return ""
			}
			i = j
			rest := strings.TrimRight(text[:i], " \t")
			// (a name after a subscript or a member, or the path's start)
			switch {
			case strings.HasSuffix(rest, "->"):
				i = len(rest) - 2
				continue
			case strings.HasSuffix(rest, "."):
				i = len(rest) - 1
				continue
			}
			return strings.TrimSpace(text[i:])
		}
		return ""
	}
}
