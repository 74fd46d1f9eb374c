package acc

// Form tells how a directive was written.
type Form int

const (
	// FormPragma is `#pragma acc …` (possibly continued with backslash-newlines).
	FormPragma Form = iota
	// FormOperator is `_Pragma("acc …")`; spans point inside the string literal.
	FormOperator
)

// File is the result of scanning one document: every OpenACC directive in
// source order. Scanning never fails; problems are in each Directive's Errors.
type File struct {
	Directives []*Directive
}

// Directive is one `#pragma acc` line (or `_Pragma("acc …")`), parsed as far as
// the text allows: a half-typed directive yields whatever was recognised.
type Directive struct {
	Form Form
	// Span covers the whole directive: from '#' (or the `_Pragma` keyword) to the
	// end of its last continued line (newline excluded) or the closing ')'.
	Span Span
	// Body covers the text after `acc` (where the directive name and clauses
	// are); a cursor inside Body is "in the directive".
	Body Span
	// Name is the directive name as written, multi-word names joined by one
	// space ("enter data", "parallel loop"). Empty when nothing follows `acc`.
	Name     string
	NameSpan Span
	// Spec is the table entry for Name, nil when the name is unknown.
	Spec *DirectiveSpec
	// Paren is the parenthesised argument that directly follows the name:
	// `cache(list)`, `routine(name)`, `wait(args)`. Nil when absent.
	Paren   *ArgList
	Clauses []*Clause
	// Depth is the brace nesting depth of the C code at the directive
	// (0 = file scope), counted by the scanner outside comments and literals.
	Depth  int
	Errors []SyntaxError
}

// Clause is one clause of a directive, e.g. `copyin(readonly: a[0:n])`.
type Clause struct {
	// Name is the clause name as written (an alias or a misspelling included).
	Name     string
	NameSpan Span
	// Spec is the table entry the spelling resolves to (aliases resolved), nil
	// when unknown.
	Spec *ClauseSpec
	// Alias is set when Name is an alias spelling of Spec.Name.
	Alias *Alias
	// Args is the parenthesised argument list, nil when the clause has none.
	Args *ArgList
	// Span covers the name and the arguments.
	Span Span
}

// ArgList is a parenthesised argument list.
type ArgList struct {
	// Span goes from '(' to ')' inclusive, or to the end of the directive when
	// the list is not closed.
	Span   Span
	Closed bool
	// Modifier is a leading `word:` that qualifies the whole list: a data clause
	// modifier (readonly, zero, force) or, for reduction, the operator
	// ("+", "*", "max", "min", "&", "|", "^", "&&", "||").
	Modifier     string
	ModifierSpan Span
	// Items are the comma-separated items after the modifier.
	Items []*Arg
}

// Arg is one comma-separated item of an argument list.
type Arg struct {
	// Span covers the item's value, after its `key:` if it has one (the key
	// is at KeySpan); it is empty, right after the ':', when a key has no
	// value.
	Span Span
	// Text is the item's source text with continuation lines and comments
	// removed and surrounding blanks trimmed.
	Text string
	// Key is an argument keyword written as `key:` in front of the item: gang's
	// num/dim/static, worker's num, vector's length, wait's devnum/queues.
	// In a wait argument the devnum expression is an item with Key "devnum";
	// `queues:` is the Key of the first queue item only (the one it is written
	// in front of); every wait item without a Key is a queue.
	Key     string
	KeySpan Span
	// Star is set when the item is `*` (device_type(*), tile(*), gang(static:*)).
	Star bool
	// Var is the item parsed as a variable reference, when it is one.
	Var *VarRef
	// Consts are the document's named integer constants (File.BindConsts).
	Consts Consts
}

// Expr returns the item as an expression.
func (a *Arg) Expr() *Expr {
	return &Expr{Span: a.Span, Text: a.Text, Consts: a.Consts}
}

// VarRef is a var-list item: a name, optionally with member accesses and
// subscripts or sub-array sections, e.g. `a[lo:len][0:m]`, `s.f`, `p->q[2]`.
type VarRef struct {
	Name     string
	NameSpan Span
	// Members lists `.f` / `->f` accesses after the name, in order.
	Members []Member
	// Subscripts lists the `[...]` parts after the last member (or the name).
	Subscripts []Subscript
}

// Member is one member access inside a VarRef.
type Member struct {
	Arrow bool // `->` rather than `.`
	Name  string
	// Span covers the access: the `.` or `->` and the name.
	Span Span
	// Subscripts lists the `[...]` parts written right before this access,
	// applied to what precedes it: the `[i]` of `a[i].f`. Usually empty.
	Subscripts []Subscript
}

// Subscript is `[index]` or a section `[lower:length]`.
type Subscript struct {
	Span    Span
	Section bool  // a ':' is present
	Lower   *Expr // nil when omitted (`[:n]`)
	Length  *Expr // nil when omitted (`[lo:]`); for a plain index, nil and Lower is the index
}

// Expr is an unparsed C expression as written.
type Expr struct {
	Span Span
	Text string
	// Consts are the document's named integer constants, for Int
	// (File.BindConsts); nil when none are known.
	Consts Consts
}

// Consts maps the names of integer constants (object-like macros,
// enumeration constants) to their values, so that `collapse(N)` with
// `#define N 2` is the constant 2. The C front end knows them; a directive
// only has its text.
type Consts map[string]int64

// BindConsts gives every argument and sub-array bound of the file's
// directives the constants c.
func (f *File) BindConsts(c Consts) {
	if len(c) == 0 {
		return
	}
	subs := func(ss []Subscript) {
		for _, s := range ss {
			if s.Lower != nil {
				s.Lower.Consts = c
			}
			if s.Length != nil {
				s.Length.Consts = c
			}
		}
	}
	list := func(l *ArgList) {
		if l == nil {
			return
		}
		for _, it := range l.Items {
			it.Consts = c
			if v := it.Var; v != nil {
				subs(v.Subscripts)
				for _, m := range v.Members {
					subs(m.Subscripts)
				}
			}
		}
	}
	for _, d := range f.Directives {
		list(d.Paren)
		for _, cl := range d.Clauses {
			list(cl.Args)
		}
	}
}

// SyntaxError is a problem found while scanning a directive.
type SyntaxError struct {
	Span    Span
	Message string
}
