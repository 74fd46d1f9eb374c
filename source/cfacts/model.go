package cfacts

import "github.com/accls/accls/acc"

// The model below is what every consumer sees; nothing outside this package
// touches cc/v4. All spans are half-open byte offsets into the document text
// that was parsed (for stale functions: shifted to the current text, see Func.Stale).

// File is the C content of one document.
type File struct {
	Funcs   []*Func // function definitions, in source order
	Globals []*Var  // file-scope variables, in source order
	// Decls are the functions declared (with or without a body), by name; a
	// call to a name not here is to an undeclared function.
	Decls map[string]*FuncDecl
	// Stale is set when some function's facts come from an earlier text.
	Stale bool
	// Notes are things the front end tells the user once (a missing header
	// replaced by a stub, a function whose body could not be parsed).
	Notes []Note
	// Consts are the integer constants that the document's OpenACC
	// directives name, with their values: object-like macros whose
	// replacement is an integer constant expression, and enumeration
	// constants (consts.go). `collapse(N)` needs N's value; the directive
	// text is not preprocessed.
	Consts acc.Consts
	// Macros tells, for the identifiers the document's #if lines test and
	// its OpenACC directives name, whether they are defined macros
	// (consts.go condMacros); their integer values are in Consts.
	Macros map[string]bool
	// ScopeNames tells, for the identifiers of the document's OpenACC
	// directives, whether the file scope declares them, in the document or
	// a header: a variable, a function, a type or an enumeration constant
	// (consts.go scopeNames).
	ScopeNames map[string]bool
	// Conds are the values of the document's #if and #elif conditions
	// with every macro expanded, keyed by acc.CondKey (ppcond.go): for
	// the conditions the macros' names and values alone do not decide.
	Conds map[string]bool

	inc *incBase // for the next incremental parse; nil when it cannot be one
	// undeclared maps the identifiers used that name nothing declared to
	// the functions that use them ("" for file scope). cc/v4 declares such
	// a name where it first sees it, and later uses resolve to that; the
	// reduced text of an incremental parse lacks the other bodies, so it
	// sees other first uses: no incremental parse follows a file with one
	// at file scope, and one whose function uses a name that another
	// function uses undeclared, or that the file declares, falls back to a
	// full parse (incremental.go).
	undeclared map[string]map[string]bool
}

// Note is a message of the front end about the document as a whole or one place.
type Note struct {
	Span    acc.Span
	Message string
	// Incomplete: what the note reports may leave names undeclared (a
	// header not found or not preprocessed, a name assumed to be a type).
	Incomplete bool
}

// DeclarationsIncomplete reports whether a note says that declarations
// may be missing: a name the document uses may then be declared where the
// front end could not see it.
func (f *File) DeclarationsIncomplete() bool {
	for _, n := range f.Notes {
		if n.Incomplete {
			return true
		}
	}
	return false
}

// FuncDecl is a declared function (prototype or definition).
type FuncDecl struct {
	Name     string
	NameSpan acc.Span // of the first declaration
	Def      *Func    // nil when only declared in this document
	// FromHeader is set for functions declared outside the document (system
	// headers, included files, compiler builtins); NameSpan is then empty.
	FromHeader bool
}

// Func is one function definition.
type Func struct {
	Name     string
	NameSpan acc.Span
	Span     acc.Span // from the start of the declaration specifiers to the closing brace
	Params   []*Var
	Result   *Type
	Body     *Stmt // the compound statement; nil when the body could not be parsed and no earlier facts exist
	// Stale is set when the current body does not parse: Body is then the one
	// of the last text in which it did, with spans shifted by the move of the
	// function's start. Its spans inside the body may not match the current text.
	Stale bool
	// Holes are the parts of the current body that did not parse and were
	// left out of Body by error recovery (statements being typed); nil
	// normally.
	Holes []acc.Span
}

// StmtKind is the kind of a statement.
type StmtKind int

const (
	StmtCompound StmtKind = iota // { List... }
	StmtExpr                     // Expr;
	StmtDecl                     // a declaration: Decls
	StmtIf                       // if (Cond) Then [else Else]
	StmtFor                      // for (Init; Cond; Post) Body
	StmtWhile                    // while (Cond) Body
	StmtDo                       // do Body while (Cond);
	StmtSwitch                   // switch (Cond) Body
	StmtCase                     // case Expr: Body
	StmtDefault                  // default: Body
	StmtLabel                    // Label: Body
	StmtGoto                     // goto Label;
	StmtBreak                    // break;
	StmtContinue                 // continue;
	StmtReturn                   // return [Expr];
	StmtNull                     // ;
	StmtOther                    // anything else (asm)
)

// Stmt is one statement.
type Stmt struct {
	Kind   StmtKind
	Span   acc.Span
	Parent *Stmt // nil for a function body
	Func   *Func

	List  []*Stmt // StmtCompound: the block items in order
	Init  *Stmt   // StmtFor: the init clause (a StmtDecl or StmtExpr), nil when empty
	Cond  *Expr   // StmtIf, StmtFor, StmtWhile, StmtDo, StmtSwitch; nil when empty
	Post  *Expr   // StmtFor, nil when empty
	Expr  *Expr   // StmtExpr, StmtReturn (nil for a bare return), StmtCase
	Body  *Stmt   // StmtFor, StmtWhile, StmtDo, StmtSwitch, StmtCase, StmtDefault, StmtLabel
	Then  *Stmt   // StmtIf
	Else  *Stmt   // StmtIf, nil when absent
	Decls []*Var  // StmtDecl: the variables it declares (initializers in Var.Init)
	Label string  // StmtLabel, StmtGoto
}

// ExprKind is the kind of an expression.
type ExprKind int

const (
	ExprIdent   ExprKind = iota // Name; Var when it names a variable
	ExprConst                   // a literal; Int/IsInt for integer constants, Text for all
	ExprString                  // a string literal
	ExprUnary                   // Op X with Op one of - + ! ~ * &
	ExprPreInc                  // ++X / --X (Op "++" or "--")
	ExprPostInc                 // X++ / X-- (Op "++" or "--")
	ExprBinary                  // X Op Y: * / % + - << >> < > <= >= == != & ^ | && ||
	ExprAssign                  // X Op Y: = *= /= %= += -= <<= >>= &= ^= |=
	ExprCond                    // X ? Y : Z
	ExprCall                    // X(Args...); Name is the callee's name when X is an identifier
	ExprIndex                   // X[Y]
	ExprMember                  // X.Name (Op ".") or X->Name (Op "->")
	ExprCast                    // (Type) X
	ExprSizeof                  // sizeof X / sizeof(type); X nil for a type
	ExprComma                   // X, Y
	ExprOther                   // compound literals, generic selections, statement expressions...
)

// Expr is one expression.
type Expr struct {
	Kind    ExprKind
	Op      string
	Span    acc.Span
	X, Y, Z *Expr
	Args    []*Expr
	Name    string // ExprIdent, ExprMember (the member), ExprCall (the callee when it is a plain name, or a _Generic selection of one); ExprString: the value of a narrow literal, its terminating NUL included ("" for wide ones)
	Var     *Var   // ExprIdent naming a variable (nil for functions and enum constants)
	Type    *Type  // the expression's type when known
	// IsInt is set for integer constant expressions (literals, enum constants,
	// sizeof, and arithmetic on them) and Int holds the value.
	IsInt bool
	Int   int64
	Text  string // the source text of literals
}

// Storage is where a variable lives.
type Storage int

const (
	StorageGlobal Storage = iota // file scope (static or not)
	StorageParam                 // function parameter
	StorageLocal                 // automatic variable in a block
	StorageStatic                // static variable in a block
	StorageExtern                // extern declaration in a block
)

// Var is one declared variable.
type Var struct {
	Name     string
	NameSpan acc.Span // the declarator's identifier
	Span     acc.Span // the whole declaration
	Type     *Type
	Storage  Storage
	Func     *Func // nil for globals
	Scope    *Stmt // the block (or for statement) that declares a local; nil otherwise
	Init     *Expr // the initializer, nil when none
	// ArrayParamLen is, for a parameter declared as an array of constant
	// length (int a[N][M], which C makes a pointer: N), that length; 0
	// otherwise.
	ArrayParamLen int64
	// FromHeader is set for variables declared outside the document (a
	// system or included header: stderr, errno...); its spans are then empty.
	// Such variables are not in File.Globals.
	FromHeader bool
}

// TypeKind is the kind of a type.
type TypeKind int

const (
	TypeVoid    TypeKind = iota
	TypeInt              // integer types, char, _Bool, enums
	TypeFloat            // float, double, long double
	TypeComplex          // _Complex types
	TypePointer
	TypeArray
	TypeStruct
	TypeUnion
	TypeFunc
	TypeOther
)

// Type is a C type, reduced to what the checks and the compiler need.
type Type struct {
	Kind TypeKind
	Name string // as C spells it: "float", "float *", "double [100]", "struct point"
	Elem *Type  // TypePointer: the pointee; TypeArray: the element; TypeFunc: the result; TypeComplex: each part
	// Len is an array's length; -1 when unknown (incomplete array, VLA).
	Len int64
	// LenExpr is a VLA's length expression, nil otherwise.
	LenExpr *Expr
	// Size is sizeof the type in bytes; -1 when unknown (VLA, incomplete).
	Size     int64
	Unsigned bool
	Fields   []*Field // TypeStruct, TypeUnion
	// Restrict and Const qualify the type itself (for a pointer: the pointer, not the pointee).
	Restrict, Const bool

	named bool // Name is a typedef name, not the structural spelling
}

// Field is a member of a struct or union.
type Field struct {
	Name string
	Type *Type
	// Offset is the member's byte offset in the host's layout.
	Offset int64
	// Bitfield and Flexible mark bit-field members and a flexible array
	// member (T a[] last).
	Bitfield, Flexible bool
}

// IsScalar reports whether t is an arithmetic, enum or pointer type: the
// types OpenACC calls scalar (§2.6.2: implicitly firstprivate in parallel).
func (t *Type) IsScalar() bool {
	switch t.Kind {
	case TypeInt, TypeFloat, TypeComplex, TypePointer:
		return true
	}
	return false
}

// IsRecord reports whether t is a struct or union type (false for nil).
func (t *Type) IsRecord() bool {
	return t != nil && (t.Kind == TypeStruct || t.Kind == TypeUnion)
}

// IsAggregate reports whether t is an array, struct or union: the types
// OpenACC treats as implicitly copy (or present).
func (t *Type) IsAggregate() bool {
	switch t.Kind {
	case TypeArray, TypeStruct, TypeUnion:
		return true
	}
	return false
}
