package cfacts

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/accls/accls/acc"
	"modernc.org/cc/v4"
)

// conv turns a cc/v4 AST into the model. There is no AST walker in cc/v4:
// every node type the grammar can produce inside a function is handled here.
type conv struct {
	st     *state
	text   []byte // what cc parsed (st.work)
	n      int    // length of the document: offsets are clamped to it
	name   string
	file   *File
	vars   map[*cc.Declarator]*Var
	types  map[cc.Type]*Type
	macros map[string]*cc.Macro
	invEnd map[int]int
	prev   map[string]*Func // functions of the previous File, by name

	fn    *Func
	block *Stmt // the innermost block or for statement: the scope of locals
}

func convert(st *state, ast *cc.AST, prev *File) *File {
	c := &conv{
		st:     st,
		text:   st.work,
		n:      len(st.text),
		name:   st.name,
		file:   &File{Decls: map[string]*FuncDecl{}},
		vars:   map[*cc.Declarator]*Var{},
		types:  map[cc.Type]*Type{},
		macros: ast.Macros,
		invEnd: map[int]int{},
	}
	if prev != nil {
		c.prev = map[string]*Func{}
		for _, f := range prev.Funcs {
			if _, ok := c.prev[f.Name]; !ok {
				c.prev[f.Name] = f
			}
		}
	}
	for l := ast.TranslationUnit; l != nil; l = l.TranslationUnit {
		ed := l.ExternalDeclaration
		if ed == nil {
			continue
		}
		switch ed.Case {
		case cc.ExternalDeclarationFuncDef:
			c.funcDef(ed.FunctionDefinition)
		case cc.ExternalDeclarationDecl:
			d := ed.Declaration
			_, inDoc := c.start(d)
			if !inDoc {
				c.headerDecl(d)
				continue
			}
			span := c.span(d, d.Token, d.Token2, d.Token3)
			c.file.Globals = append(c.file.Globals, c.declaration(d, span, nil)...)
		}
	}
	c.restoreDropped()
	c.file.Notes = st.notes
	c.file.Consts = directiveConsts(append(st.directiveNames, st.condNames...), ast)
	c.file.Macros = condMacros(append(st.directiveNames, st.condNames...), ast)
	c.file.ScopeNames = scopeNames(st.directiveNames, ast)
	c.file.Conds = condValues(st.condTexts, ast)
	return c.file
}

// namesake finds the function of the previous File that a nameless
// dropped definition stands for: one not in the new File whose body has the
// same length, the nearest one when there are several.
func (c *conv) namesake(d droppedFunc, have map[string]bool) *Func {
	var best *Func
	for _, pf := range c.prev {
		if have[pf.Name] || pf.Body == nil || pf.Body.Span.Len() != d.bodyLen {
			continue
		}
		if best == nil || abs(pf.Body.Span.Start-d.open) < abs(best.Body.Span.Start-d.open) {
			best = pf
		}
	}
	return best
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// restoreDropped brings back, stale, the functions whose definition error
// recovery removed whole, from the previous File.
func (c *conv) restoreDropped() {
	if len(c.st.dropped) == 0 {
		return
	}
	have := map[string]bool{}
	for _, f := range c.file.Funcs {
		have[f.Name] = true
	}
	globals := map[string]*Var{}
	for _, v := range c.file.Globals {
		globals[v.Name] = v
	}
	added := false
	for _, d := range c.st.dropped {
		pf := c.prev[d.name]
		if d.name == "" {
			pf = c.namesake(d, have)
		}
		if pf == nil || have[pf.Name] {
			continue
		}
		if d.name == "" {
			d.name, d.nameOff = pf.Name, d.open-(pf.Body.Span.Start-pf.NameSpan.Start)
		}
		delta := d.start - pf.Span.Start
		if d.open >= 0 && pf.Body != nil {
			delta = d.open - pf.Body.Span.Start
		}
		f := copyFunc(pf, d.nameOff-pf.NameSpan.Start, delta, globals)
		f.Span = acc.Span{Start: d.start, End: d.end}
		f.NameSpan = acc.Span{Start: d.nameOff, End: d.nameOff + len(d.name)}
		c.file.Funcs = append(c.file.Funcs, f)
		if fd := c.file.Decls[d.name]; fd != nil {
			if fd.Def == nil {
				fd.Def = f
			}
		} else {
			c.file.Decls[d.name] = &FuncDecl{Name: d.name, NameSpan: f.NameSpan, Def: f}
		}
		have[d.name] = true
		c.file.Stale = true
		added = true
	}
	if added {
		slices.SortStableFunc(c.file.Funcs, func(a, b *Func) int { return a.Span.Start - b.Span.Start })
	}
}

// ---- positions

// start returns the document offset of the first token of n.
func (c *conv) start(n cc.Node) (int, bool) {
	p := n.Position()
	if !p.IsValid() || p.Filename != c.name || p.Offset >= len(c.text) {
		return 0, false // not in the document (or the EOF sentinel)
	}
	return min(p.Offset, c.n), true
}

// tokSpan returns the span of a token in the document. A token that comes
// from a macro expansion spans the whole macro invocation.
func (c *conv) tokSpan(t cc.Token) (acc.Span, bool) {
	if t.Ch == 0 {
		return acc.Span{}, false
	}
	p := t.Position()
	if !p.IsValid() || p.Filename != c.name {
		return acc.Span{}, false
	}
	off := p.Offset
	src := t.Src()
	end := off + len(src)
	if !(end <= len(c.text) && bytes.Equal(c.text[off:end], src) &&
		!(len(src) > 0 && isIdentChar(src[len(src)-1]) && end < len(c.text) && isIdentChar(c.text[end]))) {
		end = c.invocationEnd(off)
	}
	return acc.Span{Start: min(off, c.n), End: min(end, c.n)}, true
}

// invocationEnd returns the end of the macro invocation at off: the name,
// and the parenthesized arguments of a function-like macro.
func (c *conv) invocationEnd(off int) int {
	if e, ok := c.invEnd[off]; ok {
		return e
	}
	text := c.text
	e := off + 1
	switch {
	case off >= len(text):
		e = off
	case isIdentStart(text[off]):
		e = off
		for e < len(text) && isIdentChar(text[e]) {
			e++
		}
		if m := c.macros[string(text[off:e])]; m != nil && m.IsFnLike {
			j := skipBlanksComments(text, e)
			if j < len(text) && text[j] == '(' {
				e = matchParen(text, j)
			}
		}
	case text[off] == '"':
		// Adjacent string literals, which cc joins.
		e = literalEnd(text, off)
		for {
			j := skipBlanksComments(text, e)
			if j >= len(text) || text[j] != '"' {
				break
			}
			e = literalEnd(text, j)
		}
	}
	c.invEnd[off] = e
	return e
}

// matchParen returns the offset after the ')' matching text[i] == '('.
func matchParen(text []byte, i int) int {
	depth := 0
	for j := i; j < len(text); {
		switch ch := text[j]; {
		case ch == '(':
			depth++
		case ch == ')':
			depth--
			if depth == 0 {
				return j + 1
			}
		case ch == '"' || ch == '\'':
			j = literalEnd(text, j)
			continue
		case ch == '/' && j+1 < len(text) && (text[j+1] == '*' || text[j+1] == '/'):
			if text[j+1] == '/' {
				j = lineEnd(text, j)
			} else if e := blockCommentEnd(text, j); e > 0 {
				j = e
			} else {
				return len(text)
			}
			continue
		}
		j++
	}
	return len(text)
}

// span returns the span from the first token of n to the last of toks.
func (c *conv) span(n cc.Node, toks ...cc.Token) acc.Span {
	s, _ := c.start(n)
	sp := acc.Span{Start: s, End: s}
	for _, t := range toks {
		if ts, ok := c.tokSpan(t); ok && ts.End > sp.End {
			sp.End = ts.End
		}
	}
	return sp
}

// extend makes sp end no earlier than the token t ends.
func (c *conv) extend(sp *acc.Span, toks ...cc.Token) {
	for _, t := range toks {
		if ts, ok := c.tokSpan(t); ok && ts.End > sp.End {
			sp.End = ts.End
		}
	}
}

func extendTo(sp *acc.Span, spans ...acc.Span) {
	for _, s := range spans {
		if s.End > sp.End {
			sp.End = s.End
		}
	}
}

// ---- declarations

// undeclared reports whether d is the declarator cc/v4 makes up on the spot
// for an identifier nothing declares (an extern int named by the identifier
// itself).
func undeclared(d *cc.Declarator, x *cc.PrimaryExpression) bool {
	if t := d.Type(); t == nil || t.Kind() == cc.InvalidKind {
		return true
	}
	if !d.IsExtern() {
		return false
	}
	a, b := d.NameTok().Position(), x.Token.Position()
	return a.Filename == b.Filename && a.Offset == b.Offset
}

// headerDecl records the functions a declaration outside the document
// declares.
func (c *conv) headerDecl(d *cc.Declaration) {
	if d.Case != cc.DeclarationDecl {
		return
	}
	for l := d.InitDeclaratorList; l != nil; l = l.InitDeclaratorList {
		if id := l.InitDeclarator; id != nil && id.Declarator != nil {
			if dd := id.Declarator; !dd.IsTypename() && isFunc(dd) {
				c.declareFunc(dd)
			}
		}
	}
}

func isFunc(d *cc.Declarator) bool {
	t := d.Type()
	return t != nil && t.Kind() == cc.Function
}

// declareFunc records a function declarator in File.Decls.
func (c *conv) declareFunc(d *cc.Declarator) *FuncDecl {
	name := d.Name()
	if fd := c.file.Decls[name]; fd != nil {
		return fd
	}
	fd := &FuncDecl{Name: name}
	if sp, ok := c.tokSpan(d.NameTok()); ok {
		fd.NameSpan = sp
	} else {
		fd.FromHeader = true
	}
	c.file.Decls[name] = fd
	return fd
}

// declaration converts the variables a declaration declares; span is the
// declaration's. scope is the block (nil at file scope).
func (c *conv) declaration(d *cc.Declaration, span acc.Span, scope *Stmt) []*Var {
	var vars []*Var
	one := func(dd *cc.Declarator, init *cc.Initializer) {
		if dd == nil || dd.IsTypename() || dd.Name() == "" {
			return
		}
		if isFunc(dd) {
			c.declareFunc(dd)
			return
		}
		v := c.newVar(dd)
		v.Span = span
		switch {
		case scope == nil:
			v.Storage = StorageGlobal
		case dd.IsExtern():
			v.Storage = StorageExtern
		case dd.IsStatic():
			v.Storage = StorageStatic
		default:
			v.Storage = StorageLocal
		}
		v.Scope = scope
		v.Func = c.fn
		if scope == nil {
			v.Func = nil
		}
		v.Type = c.varType(dd)
		if init != nil {
			v.Init = c.initializer(init)
		}
		vars = append(vars, v)
	}
	switch d.Case {
	case cc.DeclarationDecl:
		for l := d.InitDeclaratorList; l != nil; l = l.InitDeclaratorList {
			if id := l.InitDeclarator; id != nil {
				one(id.Declarator, id.Initializer)
			}
		}
	case cc.DeclarationAuto:
		one(d.Declarator, d.Initializer)
	}
	return vars
}

// newVar makes the Var of a declarator and registers it, before its type
// and initializer are converted (they may refer to it).
func (c *conv) newVar(d *cc.Declarator) *Var {
	if v := c.vars[d]; v != nil {
		return v
	}
	v := &Var{Name: d.Name()}
	if sp, ok := c.tokSpan(d.NameTok()); ok {
		v.NameSpan = sp
	} else {
		v.FromHeader = true
	}
	c.vars[d] = v
	return v
}

// varOf returns the Var an identifier resolves to. Declarators not met in
// the document's declarations (header globals) get a Var on first use.
func (c *conv) varOf(d *cc.Declarator) *Var {
	if v := c.vars[d]; v != nil {
		return v
	}
	v := c.newVar(d)
	v.Storage = StorageGlobal
	switch {
	case d.IsParam():
		v.Storage = StorageParam
	case d.StorageDuration() == cc.Automatic:
		v.Storage = StorageLocal
	}
	v.Type = c.varType(d)
	return v
}

// varType is the declarator's type with its restrict qualifiers.
func (c *conv) varType(d *cc.Declarator) *Type {
	t := c.typ(d.Type())
	if d.Pointer != nil && d.DirectDeclarator != nil && d.DirectDeclarator.Case == cc.DirectDeclaratorIdent {
		t = c.qualify(t, d.Pointer)
	}
	return t
}

// declaratorEnd returns the end of a declarator's last token.
func (c *conv) declaratorEnd(d *cc.Declarator) int {
	end := -1
	var walk func(dd *cc.DirectDeclarator)
	walk = func(dd *cc.DirectDeclarator) {
		if dd == nil {
			return
		}
		for _, t := range []cc.Token{dd.Token, dd.Token2, dd.Token3} {
			if sp, ok := c.tokSpan(t); ok && sp.End > end {
				end = sp.End
			}
		}
		walk(dd.DirectDeclarator)
		if dd.Declarator != nil {
			walk(dd.Declarator.DirectDeclarator)
		}
	}
	walk(d.DirectDeclarator)
	return end
}

func (c *conv) initializer(n *cc.Initializer) *Expr {
	if n == nil {
		return nil
	}
	switch n.Case {
	case cc.InitializerExpr:
		return c.expr(n.AssignmentExpression)
	case cc.InitializerInitList:
		e := &Expr{Kind: ExprOther, Op: "{}", Span: c.span(n, n.Token, n.Token2, n.Token3), Type: c.exprType(n.Type())}
		for l := n.InitializerList; l != nil; l = l.InitializerList {
			if x := c.initializer(l.Initializer); x != nil {
				e.Args = append(e.Args, x)
			}
		}
		return e
	}
	return nil
}

// ---- functions

func (c *conv) funcDef(fd *cc.FunctionDefinition) {
	d := fd.Declarator
	if d == nil || fd.CompoundStatement == nil {
		return
	}
	if _, ok := c.start(fd.CompoundStatement); !ok {
		c.headerFunc(d)
		return
	}
	f := &Func{Name: d.Name()}
	f.NameSpan, _ = c.tokSpan(d.NameTok())
	f.Span = c.span(fd, fd.CompoundStatement.Token2)
	if ft, ok := d.Type().(*cc.FunctionType); ok {
		f.Result = c.typ(ft.Result())
	}
	decl := c.declareFunc(d)
	if decl.Def == nil {
		decl.Def = f
	}
	c.file.Funcs = append(c.file.Funcs, f)
	c.fn, c.block = f, nil
	defer func() { c.fn, c.block = nil, nil }()

	c.params(f, d)
	open, _ := c.start(fd.CompoundStatement)
	if c.st.blanked[open] {
		c.staleBody(f, open)
		return
	}
	f.Holes = c.st.holes[open]
	defer func() {
		if r := recover(); r != nil {
			f.Body = nil
			c.st.note(f.NameSpan.Start, f.NameSpan.End, fmt.Sprintf("function '%s' could not be converted: %v", f.Name, r))
			c.file.Notes = c.st.notes
		}
	}()
	f.Body = c.compound(fd.CompoundStatement, nil)
}

// headerFunc records a function defined outside the document (in an
// included file).
func (c *conv) headerFunc(d *cc.Declarator) {
	c.declareFunc(d)
}

// staleBody gives f the body of its namesake in the previous File, when
// there is one, shifted to where f's body now starts.
func (c *conv) staleBody(f *Func, open int) {
	if pf := c.prev[f.Name]; pf != nil && pf.Body != nil {
		globals := map[string]*Var{}
		for _, v := range c.file.Globals {
			globals[v.Name] = v
		}
		f.Body = copyBodyWith(pf, f, open-pf.Body.Span.Start, globals)
		f.Stale = true
		c.file.Stale = true
		return
	}
	c.st.note(f.NameSpan.Start, f.NameSpan.End, fmt.Sprintf("function '%s' has syntax errors; its body is not analyzed", f.Name))
}

// params converts the parameters of a function definition.
func (c *conv) params(f *Func, d *cc.Declarator) {
	ft, ok := d.Type().(*cc.FunctionType)
	if !ok {
		return
	}
	// The parameter declarations, for their spans, in order.
	decls := map[*cc.Declarator]*cc.ParameterDeclaration{}
	var written []*cc.Declarator
	if dd := funcDirect(d.DirectDeclarator); dd != nil && dd.ParameterTypeList != nil {
		for l := dd.ParameterTypeList.ParameterList; l != nil; l = l.ParameterList {
			if pd := l.ParameterDeclaration; pd != nil && pd.Declarator != nil {
				decls[pd.Declarator] = pd
				written = append(written, pd.Declarator)
			}
		}
	}
	params := ft.Parameters()
	var ps []*cc.Declarator
	for k, p := range params {
		if p == nil || p.Declarator == nil || p.Declarator.Name() == "" {
			continue
		}
		pd := p.Declarator
		if c.vars[pd] != nil && c.vars[pd].Func != nil && c.vars[pd].Func != f && len(written) == len(params) && written[k].Name() == pd.Name() {
			// a function defined twice (a line being duplicated): the type
			// cc/v4 gives the second lists the first's parameters; its
			// own are the ones written in it
			pd = written[k]
		}
		v := c.newVar(pd)
		v.Storage, v.Func = StorageParam, f
		if decl := decls[pd]; decl != nil {
			v.Span = c.span(decl)
			v.Span.End = max(v.Span.End, c.declaratorEnd(pd))
		} else {
			v.Span = v.NameSpan
		}
		f.Params = append(f.Params, v)
		ps = append(ps, pd)
	}
	// Types last: a VLA parameter's length names earlier parameters.
	for i, pd := range ps {
		f.Params[i].Type = c.varType(pd)
		f.Params[i].ArrayParamLen = arrayParamLen(pd)
	}
}

// arrayParamLen is the constant length a parameter's declarator gives its
// first dimension (a[N][M]: N), 0 when it is not an array of constant
// length.
func arrayParamLen(d *cc.Declarator) int64 {
	dd := d.DirectDeclarator
	if dd == nil {
		return 0
	}
	// a[N][M] nests as (a[N])[M]: the first dimension is the innermost
	for dd.DirectDeclarator != nil && dd.DirectDeclarator.Case != cc.DirectDeclaratorIdent {
		dd = dd.DirectDeclarator
	}
	if dd.Case != cc.DirectDeclaratorArr && dd.Case != cc.DirectDeclaratorStaticArr || dd.AssignmentExpression == nil {
		return 0
	}
	switch v := dd.AssignmentExpression.Value().(type) {
	case cc.Int64Value:
		return max(int64(v), 0)
	case cc.UInt64Value:
		return int64(min(uint64(v), 1<<40))
	}
	return 0
}

// funcDirect finds the direct declarator with the parameter list of a
// function declarator: `f(params)` in `int f(params)`, `(*f(params))(int)`.
func funcDirect(dd *cc.DirectDeclarator) *cc.DirectDeclarator {
	for dd != nil {
		switch dd.Case {
		case cc.DirectDeclaratorFuncParam, cc.DirectDeclaratorFuncIdent:
			if in := dd.DirectDeclarator; in != nil && in.Case == cc.DirectDeclaratorIdent {
				return dd
			}
			dd = dd.DirectDeclarator
		case cc.DirectDeclaratorDecl:
			if dd.Declarator == nil {
				return nil
			}
			dd = dd.Declarator.DirectDeclarator
		default:
			dd = dd.DirectDeclarator
		}
	}
	return nil
}

// ---- statements

func (c *conv) newStmt(kind StmtKind, n cc.Node, parent *Stmt) *Stmt {
	s := &Stmt{Kind: kind, Parent: parent, Func: c.fn}
	s.Span.Start, _ = c.start(n)
	s.Span.End = s.Span.Start
	return s
}

func (c *conv) compound(n *cc.CompoundStatement, parent *Stmt) *Stmt {
	s := c.newStmt(StmtCompound, n, parent)
	outer := c.block
	c.block = s
	for l := n.BlockItemList; l != nil; l = l.BlockItemList {
		if it := c.blockItem(l.BlockItem, s); it != nil {
			s.List = append(s.List, it)
		}
	}
	c.block = outer
	c.extend(&s.Span, n.Token, n.Token2)
	return s
}

func (c *conv) blockItem(n *cc.BlockItem, parent *Stmt) *Stmt {
	if n == nil {
		return nil
	}
	switch n.Case {
	case cc.BlockItemDecl:
		if c.isFuncName(n.Declaration, parent) {
			return nil
		}
		return c.declStmt(n.Declaration, parent)
	case cc.BlockItemStmt:
		return c.stmt(n.Statement, parent)
	case cc.BlockItemLabel:
		s := c.newStmt(StmtOther, n.LabelDeclaration, parent)
		c.extend(&s.Span, n.LabelDeclaration.Token2)
		return s
	case cc.BlockItemFuncDef:
		// A GCC nested function.
		s := c.newStmt(StmtOther, n.DeclarationSpecifiers, parent)
		if n.CompoundStatement != nil {
			c.extend(&s.Span, n.CompoundStatement.Token2)
		}
		return s
	}
	return nil
}

// hole returns the hole of the current function that contains off.
func (c *conv) hole(off int) (acc.Span, bool) {
	if c.fn == nil {
		return acc.Span{}, false
	}
	for _, h := range c.fn.Holes {
		if h.Start <= off && off < h.End {
			return h, true
		}
	}
	return acc.Span{}, false
}

// isFuncName reports whether d is the declaration cc/v4 injects at the '{'
// of every function body: static const char __func__[] = "name";
func (c *conv) isFuncName(d *cc.Declaration, block *Stmt) bool {
	if d == nil || d.Case != cc.DeclarationDecl || d.InitDeclaratorList == nil || d.InitDeclaratorList.InitDeclaratorList != nil {
		return false
	}
	id := d.InitDeclaratorList.InitDeclarator
	if id == nil || id.Declarator == nil || id.Declarator.Name() != "__func__" {
		return false
	}
	s, _ := c.start(d)
	return block != nil && block.Parent == nil && s == block.Span.Start
}

func (c *conv) declStmt(d *cc.Declaration, parent *Stmt) *Stmt {
	if d == nil {
		return nil
	}
	s := c.newStmt(StmtDecl, d, parent)
	c.extend(&s.Span, d.Token, d.Token2, d.Token3)
	s.Decls = c.declaration(d, s.Span, c.block)
	return s
}

func (c *conv) stmt(n *cc.Statement, parent *Stmt) *Stmt {
	if n == nil {
		return nil
	}
	switch n.Case {
	case cc.StatementLabeled:
		return c.labeled(n.LabeledStatement, parent)
	case cc.StatementCompound:
		return c.compound(n.CompoundStatement, parent)
	case cc.StatementExpr:
		es := n.ExpressionStatement
		if es.ExpressionList == nil {
			s := c.newStmt(StmtNull, es, parent)
			c.extend(&s.Span, es.Token)
			if h, ok := c.hole(s.Span.Start); ok {
				// The ';' error recovery left in place of a broken
				// statement: it stands for the hole where a statement is
				// needed (a loop body), and is dropped from blocks.
				if parent != nil && parent.Kind == StmtCompound {
					return nil
				}
				s.Span = h
			}
			return s
		}
		s := c.newStmt(StmtExpr, es, parent)
		s.Expr = c.expr(es.ExpressionList)
		extendTo(&s.Span, s.Expr.Span)
		c.extend(&s.Span, es.Token)
		return s
	case cc.StatementSelection:
		return c.selection(n.SelectionStatement, parent)
	case cc.StatementIteration:
		return c.iteration(n.IterationStatement, parent)
	case cc.StatementJump:
		return c.jump(n.JumpStatement, parent)
	case cc.StatementAsm:
		s := c.newStmt(StmtOther, n.AsmStatement, parent)
		c.extend(&s.Span, n.AsmStatement.Token)
		return s
	}
	return nil
}

func (c *conv) labeled(n *cc.LabeledStatement, parent *Stmt) *Stmt {
	var s *Stmt
	switch n.Case {
	case cc.LabeledStatementLabel:
		s = c.newStmt(StmtLabel, n, parent)
		s.Label = n.Token.SrcStr()
	case cc.LabeledStatementCaseLabel, cc.LabeledStatementRange:
		s = c.newStmt(StmtCase, n, parent)
		s.Expr = c.expr(n.ConstantExpression)
	default:
		s = c.newStmt(StmtDefault, n, parent)
	}
	c.extend(&s.Span, n.Token, n.Token2, n.Token3)
	if s.Body = c.stmt(n.Statement, s); s.Body != nil {
		extendTo(&s.Span, s.Body.Span)
	}
	return s
}

func (c *conv) selection(n *cc.SelectionStatement, parent *Stmt) *Stmt {
	kind := StmtIf
	if n.Case == cc.SelectionStatementSwitch {
		kind = StmtSwitch
	}
	s := c.newStmt(kind, n, parent)
	s.Cond = c.expr(n.ExpressionList)
	c.extend(&s.Span, n.Token, n.Token2, n.Token3, n.Token4)
	if kind == StmtSwitch {
		s.Body = c.stmt(n.Statement, s)
		if s.Body != nil {
			extendTo(&s.Span, s.Body.Span)
		}
		return s
	}
	if s.Then = c.stmt(n.Statement, s); s.Then != nil {
		extendTo(&s.Span, s.Then.Span)
	}
	if n.Case == cc.SelectionStatementIfElse {
		if s.Else = c.stmt(n.Statement2, s); s.Else != nil {
			extendTo(&s.Span, s.Else.Span)
		}
	}
	return s
}

func (c *conv) iteration(n *cc.IterationStatement, parent *Stmt) *Stmt {
	var s *Stmt
	switch n.Case {
	case cc.IterationStatementWhile:
		s = c.newStmt(StmtWhile, n, parent)
		s.Cond = c.expr(n.ExpressionList)
	case cc.IterationStatementDo:
		s = c.newStmt(StmtDo, n, parent)
		s.Body = c.stmt(n.Statement, s)
		s.Cond = c.expr(n.ExpressionList)
		c.extend(&s.Span, n.Token5)
		if s.Body != nil {
			extendTo(&s.Span, s.Body.Span)
		}
		return s
	case cc.IterationStatementFor:
		s = c.newStmt(StmtFor, n, parent)
		if n.ExpressionList != nil {
			init := &Stmt{Kind: StmtExpr, Parent: s, Func: c.fn, Expr: c.expr(n.ExpressionList)}
			init.Span = init.Expr.Span
			c.extend(&init.Span, n.Token3)
			s.Init = init
		}
		s.Cond = c.expr(n.ExpressionList2)
		s.Post = c.expr(n.ExpressionList3)
	case cc.IterationStatementForDecl:
		s = c.newStmt(StmtFor, n, parent)
		outer := c.block
		c.block = s // the loop variables are the for statement's
		s.Init = c.declStmt(n.Declaration, s)
		s.Cond = c.expr(n.ExpressionList)
		s.Post = c.expr(n.ExpressionList2)
		s.Body = c.stmt(n.Statement, s)
		c.block = outer
		if s.Body != nil {
			extendTo(&s.Span, s.Body.Span)
		}
		return s
	default:
		return nil
	}
	s.Body = c.stmt(n.Statement, s)
	if s.Body != nil {
		extendTo(&s.Span, s.Body.Span)
	}
	return s
}

func (c *conv) jump(n *cc.JumpStatement, parent *Stmt) *Stmt {
	var s *Stmt
	switch n.Case {
	case cc.JumpStatementGoto:
		s = c.newStmt(StmtGoto, n, parent)
		s.Label = n.Token2.SrcStr()
	case cc.JumpStatementGotoExpr:
		s = c.newStmt(StmtGoto, n, parent)
		s.Expr = c.expr(n.ExpressionList)
	case cc.JumpStatementContinue:
		s = c.newStmt(StmtContinue, n, parent)
	case cc.JumpStatementBreak:
		s = c.newStmt(StmtBreak, n, parent)
	case cc.JumpStatementReturn:
		s = c.newStmt(StmtReturn, n, parent)
		s.Expr = c.expr(n.ExpressionList)
	default:
		return nil
	}
	c.extend(&s.Span, n.Token, n.Token2, n.Token3)
	return s
}

// ---- expressions

func (c *conv) exprType(t cc.Type) *Type {
	if t == nil || t.Kind() == cc.InvalidKind {
		return nil
	}
	return c.typ(t)
}

// node starts an expression of the given kind for n.
func (c *conv) node(kind ExprKind, n cc.ExpressionNode, op string) *Expr {
	e := &Expr{Kind: kind, Op: op}
	e.Span.Start, _ = c.start(n)
	e.Span.End = e.Span.Start
	t := n.Type()
	e.Type = c.exprType(t)
	if t != nil && cc.IsIntegerType(t) {
		switch v := n.Value().(type) {
		case cc.Int64Value:
			e.IsInt, e.Int = true, int64(v)
		case cc.UInt64Value:
			e.IsInt, e.Int = true, int64(v)
		}
	}
	return e
}

// fin sets the end of e from its operands and its tokens.
func (c *conv) fin(e *Expr, toks ...cc.Token) *Expr {
	for _, x := range []*Expr{e.X, e.Y, e.Z} {
		if x != nil && x.Span.End > e.Span.End {
			e.Span.End = x.Span.End
		}
	}
	for _, a := range e.Args {
		if a.Span.End > e.Span.End {
			e.Span.End = a.Span.End
		}
	}
	c.extend(&e.Span, toks...)
	return e
}

func (c *conv) binary(n cc.ExpressionNode, kind ExprKind, op string, x, y cc.ExpressionNode, tok cc.Token) *Expr {
	e := c.node(kind, n, op)
	e.X, e.Y = c.expr(x), c.expr(y)
	if kind == ExprBinary && strings.Contains("+-*/", op) {
		e.Type = complexResult(e.Type, e.X, e.Y)
	}
	return c.fin(e, tok)
}

// complexResult corrects the type t that cc/v4 gives arithmetic on a
// __builtin_complex call (which it types int: glibc's CMPLX), and a
// conditional expression between complex values of two precisions: the
// result is complex when an operand is, and double when either is.
func complexResult(t *Type, x, y *Expr) *Type {
	var widest *Type // the widest complex operand
	wide := false    // an operand has 8-byte parts or more (double, double _Complex)
	for _, o := range []*Expr{x, y} {
		if o == nil || o.Type == nil {
			continue
		}
		switch ot := o.Type; ot.Kind {
		case TypeComplex:
			if widest == nil || ot.Size > widest.Size {
				widest = ot
			}
			wide = wide || ot.Size >= 16
		case TypeFloat:
			wide = wide || ot.Size >= 8
		}
	}
	switch {
	case t != nil && t.Kind == TypeComplex && (t.Size >= 16 || !wide):
		return t
	case widest == nil:
		return t
	case wide && widest.Size < 16:
		return complexDouble
	}
	return widest
}

// complexDouble is double _Complex, for complexResult.
var complexDouble = &Type{Kind: TypeComplex, Name: "_Complex double", Size: 16, Len: -1,
	Elem: &Type{Kind: TypeFloat, Name: "double", Size: 8, Len: -1}}

// builtinComplexType is the type of __builtin_complex(re, im): the complex
// type of its parts' type (cc/v4 does not know the builtin and says int).
func builtinComplexType(args []*Expr) *Type {
	if len(args) != 2 || args[0].Type == nil || args[0].Type.Kind != TypeFloat || args[0].Type.Size <= 0 {
		return nil
	}
	part := args[0].Type
	return &Type{Kind: TypeComplex, Name: "_Complex " + strings.TrimPrefix(part.Name, "const "), Size: 2 * part.Size, Len: -1, Elem: part}
}

// expr converts an expression; nil stays nil.
func (c *conv) expr(n cc.ExpressionNode) *Expr {
	switch x := n.(type) {
	case nil:
		return nil
	case *cc.PrimaryExpression:
		if x == nil {
			return nil
		}
		return c.primary(x)
	case *cc.PostfixExpression:
		if x == nil {
			return nil
		}
		return c.postfix(x)
	case *cc.UnaryExpression:
		if x == nil {
			return nil
		}
		return c.unary(x)
	case *cc.CastExpression:
		if x == nil {
			return nil
		}
		if x.Case == cc.CastExpressionUnary {
			return c.expr(x.UnaryExpression)
		}
		e := c.node(ExprCast, x, "")
		e.X = c.expr(x.CastExpression)
		return c.fin(e, x.Token, x.Token2)
	case *cc.MultiplicativeExpression:
		if x == nil {
			return nil
		}
		switch x.Case {
		case cc.MultiplicativeExpressionMul:
			return c.binary(x, ExprBinary, "*", x.MultiplicativeExpression, x.CastExpression, x.Token)
		case cc.MultiplicativeExpressionDiv:
			return c.binary(x, ExprBinary, "/", x.MultiplicativeExpression, x.CastExpression, x.Token)
		case cc.MultiplicativeExpressionMod:
			return c.binary(x, ExprBinary, "%", x.MultiplicativeExpression, x.CastExpression, x.Token)
		}
		return c.expr(x.CastExpression)
	case *cc.AdditiveExpression:
		if x == nil {
			return nil
		}
		switch x.Case {
		case cc.AdditiveExpressionAdd:
			return c.binary(x, ExprBinary, "+", x.AdditiveExpression, x.MultiplicativeExpression, x.Token)
		case cc.AdditiveExpressionSub:
			return c.binary(x, ExprBinary, "-", x.AdditiveExpression, x.MultiplicativeExpression, x.Token)
		}
		return c.expr(x.MultiplicativeExpression)
	case *cc.ShiftExpression:
		if x == nil {
			return nil
		}
		switch x.Case {
		case cc.ShiftExpressionLsh:
			return c.binary(x, ExprBinary, "<<", x.ShiftExpression, x.AdditiveExpression, x.Token)
		case cc.ShiftExpressionRsh:
			return c.binary(x, ExprBinary, ">>", x.ShiftExpression, x.AdditiveExpression, x.Token)
		}
		return c.expr(x.AdditiveExpression)
	case *cc.RelationalExpression:
		if x == nil {
			return nil
		}
		op := ""
		switch x.Case {
		case cc.RelationalExpressionLt:
			op = "<"
		case cc.RelationalExpressionGt:
			op = ">"
		case cc.RelationalExpressionLeq:
			op = "<="
		case cc.RelationalExpressionGeq:
			op = ">="
		default:
			return c.expr(x.ShiftExpression)
		}
		return c.binary(x, ExprBinary, op, x.RelationalExpression, x.ShiftExpression, x.Token)
	case *cc.EqualityExpression:
		if x == nil {
			return nil
		}
		switch x.Case {
		case cc.EqualityExpressionEq:
			return c.binary(x, ExprBinary, "==", x.EqualityExpression, x.RelationalExpression, x.Token)
		case cc.EqualityExpressionNeq:
			return c.binary(x, ExprBinary, "!=", x.EqualityExpression, x.RelationalExpression, x.Token)
		}
		return c.expr(x.RelationalExpression)
	case *cc.AndExpression:
		if x == nil {
			return nil
		}
		if x.Case == cc.AndExpressionAnd {
			return c.binary(x, ExprBinary, "&", x.AndExpression, x.EqualityExpression, x.Token)
		}
		return c.expr(x.EqualityExpression)
	case *cc.ExclusiveOrExpression:
		if x == nil {
			return nil
		}
		if x.Case == cc.ExclusiveOrExpressionXor {
			return c.binary(x, ExprBinary, "^", x.ExclusiveOrExpression, x.AndExpression, x.Token)
		}
		return c.expr(x.AndExpression)
	case *cc.InclusiveOrExpression:
		if x == nil {
			return nil
		}
		if x.Case == cc.InclusiveOrExpressionOr {
			return c.binary(x, ExprBinary, "|", x.InclusiveOrExpression, x.ExclusiveOrExpression, x.Token)
		}
		return c.expr(x.ExclusiveOrExpression)
	case *cc.LogicalAndExpression:
		if x == nil {
			return nil
		}
		if x.Case == cc.LogicalAndExpressionLAnd {
			return c.binary(x, ExprBinary, "&&", x.LogicalAndExpression, x.InclusiveOrExpression, x.Token)
		}
		return c.expr(x.InclusiveOrExpression)
	case *cc.LogicalOrExpression:
		if x == nil {
			return nil
		}
		if x.Case == cc.LogicalOrExpressionLOr {
			return c.binary(x, ExprBinary, "||", x.LogicalOrExpression, x.LogicalAndExpression, x.Token)
		}
		return c.expr(x.LogicalAndExpression)
	case *cc.ConditionalExpression:
		if x == nil {
			return nil
		}
		if x.Case != cc.ConditionalExpressionCond {
			return c.expr(x.LogicalOrExpression)
		}
		e := c.node(ExprCond, x, "?:")
		e.X, e.Y, e.Z = c.expr(x.LogicalOrExpression), c.expr(x.ExpressionList), c.expr(x.ConditionalExpression)
		e.Type = complexResult(e.Type, e.Y, e.Z)
		return c.fin(e, x.Token, x.Token2)
	case *cc.AssignmentExpression:
		if x == nil {
			return nil
		}
		op := assignOps[x.Case]
		if op == "" {
			return c.expr(x.ConditionalExpression)
		}
		return c.binary(x, ExprAssign, op, x.UnaryExpression, x.AssignmentExpression, x.Token)
	case *cc.ExpressionList:
		if x == nil {
			return nil
		}
		e := c.expr(x.AssignmentExpression)
		for l := x.ExpressionList; l != nil; l = l.ExpressionList {
			y := c.expr(l.AssignmentExpression)
			comma := &Expr{Kind: ExprComma, Op: ",", X: e, Y: y}
			if e != nil {
				comma.Span = e.Span
			}
			if y != nil {
				comma.Type = y.Type
			}
			e = c.fin(comma)
		}
		if e != nil && e.Kind == ExprComma {
			e.Type = c.exprType(x.Type())
		}
		return e
	case *cc.ConstantExpression:
		if x == nil {
			return nil
		}
		return c.expr(x.ConditionalExpression)
	}
	// Unknown node types (a newer cc/v4): an opaque expression.
	e := c.node(ExprOther, n, "")
	return e
}

var assignOps = map[cc.AssignmentExpressionCase]string{
	cc.AssignmentExpressionAssign: "=", cc.AssignmentExpressionMul: "*=", cc.AssignmentExpressionDiv: "/=",
	cc.AssignmentExpressionMod: "%=", cc.AssignmentExpressionAdd: "+=", cc.AssignmentExpressionSub: "-=",
	cc.AssignmentExpressionLsh: "<<=", cc.AssignmentExpressionRsh: ">>=", cc.AssignmentExpressionAnd: "&=",
	cc.AssignmentExpressionXor: "^=", cc.AssignmentExpressionOr: "|=",
}

func (c *conv) primary(x *cc.PrimaryExpression) *Expr {
	switch x.Case {
	case cc.PrimaryExpressionIdent:
		e := c.node(ExprIdent, x, "")
		e.Name = x.Token.SrcStr()
		if d, ok := x.ResolvedTo().(*cc.Declarator); ok && d != nil && !d.IsTypename() && !isFunc(d) {
			if undeclared(d, x) {
				user := ""
				if c.fn != nil {
					user = c.fn.Name
				}
				addUse(&c.file.undeclared, e.Name, user)
				e.Type = nil // cc/v4 says int; nothing is known
			} else {
				e.Var = c.varOf(d)
			}
		}
		return c.fin(e, x.Token)
	case cc.PrimaryExpressionInt, cc.PrimaryExpressionFloat, cc.PrimaryExpressionChar, cc.PrimaryExpressionLChar:
		e := c.node(ExprConst, x, "")
		e.Text = x.Token.SrcStr()
		return c.fin(e, x.Token)
	case cc.PrimaryExpressionString, cc.PrimaryExpressionLString:
		e := c.node(ExprString, x, "")
		e.Text = x.Token.SrcStr()
		if v, ok := x.Value().(cc.StringValue); ok {
			e.Name = string(v) // the bytes a char array it initializes holds
		}
		return c.fin(e, x.Token)
	case cc.PrimaryExpressionExpr:
		// Parentheses have no node of their own: the inner expression
		// spans them.
		in := c.expr(x.ExpressionList)
		if in == nil {
			return c.fin(c.node(ExprOther, x, "()"), x.Token, x.Token2)
		}
		if s, ok := c.start(x); ok && s < in.Span.Start {
			in.Span.Start = s
		}
		c.extend(&in.Span, x.Token2)
		return in
	case cc.PrimaryExpressionStmt:
		// A statement expression ({ ... }): its statements are not
		// modelled; its expression statements' expressions are Args.
		e := c.node(ExprOther, x, "({})")
		if cs := x.CompoundStatement; cs != nil {
			for l := cs.BlockItemList; l != nil; l = l.BlockItemList {
				if bi := l.BlockItem; bi != nil && bi.Case == cc.BlockItemStmt && bi.Statement != nil &&
					bi.Statement.Case == cc.StatementExpr && bi.Statement.ExpressionStatement.ExpressionList != nil {
					if a := c.expr(bi.Statement.ExpressionStatement.ExpressionList); a != nil {
						e.Args = append(e.Args, a)
					}
				}
			}
		}
		return c.fin(e, x.Token, x.Token2)
	case cc.PrimaryExpressionGeneric:
		e := c.node(ExprOther, x, "_Generic")
		if g := x.GenericSelection; g != nil {
			if a := g.Associated(); a != nil {
				e.X = c.expr(a.AssignmentExpression)
			}
			c.extend(&e.Span, g.Token4)
		}
		return c.fin(e)
	}
	return c.fin(c.node(ExprOther, x, ""), x.Token, x.Token2)
}

func (c *conv) postfix(x *cc.PostfixExpression) *Expr {
	switch x.Case {
	case cc.PostfixExpressionPrimary:
		return c.expr(x.PrimaryExpression)
	case cc.PostfixExpressionIndex:
		e := c.node(ExprIndex, x, "[]")
		e.X, e.Y = c.expr(x.PostfixExpression), c.expr(x.ExpressionList)
		return c.fin(e, x.Token, x.Token2)
	case cc.PostfixExpressionCall:
		e := c.node(ExprCall, x, "()")
		e.X = c.expr(x.PostfixExpression)
		switch g := e.X; {
		case g != nil && g.Kind == ExprIdent:
			e.Name = g.Name
		case g != nil && g.Kind == ExprOther && g.Op == "_Generic" && g.X != nil && g.X.Kind == ExprIdent && g.X.Var == nil:
			// _Generic((x), float: fabsf, default: fabs)(x), a type-generic
			// macro: the function the selection names
			e.Name = g.X.Name
		}
		for l := x.ArgumentExpressionList; l != nil; l = l.ArgumentExpressionList {
			if a := c.expr(l.AssignmentExpression); a != nil {
				e.Args = append(e.Args, a)
			}
		}
		if e.Name == "__builtin_complex" {
			if t := builtinComplexType(e.Args); t != nil {
				e.Type = t
			}
		}
		return c.fin(e, x.Token, x.Token2)
	case cc.PostfixExpressionSelect, cc.PostfixExpressionPSelect:
		op := "."
		if x.Case == cc.PostfixExpressionPSelect {
			op = "->"
		}
		e := c.node(ExprMember, x, op)
		e.X = c.expr(x.PostfixExpression)
		e.Name = x.Token2.SrcStr()
		return c.fin(e, x.Token, x.Token2)
	case cc.PostfixExpressionInc, cc.PostfixExpressionDec:
		op := "++"
		if x.Case == cc.PostfixExpressionDec {
			op = "--"
		}
		e := c.node(ExprPostInc, x, op)
		e.X = c.expr(x.PostfixExpression)
		return c.fin(e, x.Token)
	case cc.PostfixExpressionComplit:
		e := c.node(ExprOther, x, "(){}")
		for l := x.InitializerList; l != nil; l = l.InitializerList {
			if a := c.initializer(l.Initializer); a != nil {
				e.Args = append(e.Args, a)
			}
		}
		return c.fin(e, x.Token, x.Token2, x.Token3, x.Token4, x.Token5)
	}
	return c.fin(c.node(ExprOther, x, ""), x.Token)
}

var unaryOps = map[cc.UnaryExpressionCase]string{
	cc.UnaryExpressionAddrof: "&", cc.UnaryExpressionDeref: "*", cc.UnaryExpressionPlus: "+",
	cc.UnaryExpressionMinus: "-", cc.UnaryExpressionCpl: "~", cc.UnaryExpressionNot: "!",
}

func (c *conv) unary(x *cc.UnaryExpression) *Expr {
	switch x.Case {
	case cc.UnaryExpressionPostfix:
		return c.expr(x.PostfixExpression)
	case cc.UnaryExpressionInc, cc.UnaryExpressionDec:
		op := "++"
		if x.Case == cc.UnaryExpressionDec {
			op = "--"
		}
		e := c.node(ExprPreInc, x, op)
		e.X = c.expr(x.UnaryExpression)
		return c.fin(e, x.Token)
	case cc.UnaryExpressionAddrof, cc.UnaryExpressionDeref, cc.UnaryExpressionPlus,
		cc.UnaryExpressionMinus, cc.UnaryExpressionCpl, cc.UnaryExpressionNot:
		e := c.node(ExprUnary, x, unaryOps[x.Case])
		e.X = c.expr(x.CastExpression)
		return c.fin(e, x.Token)
	case cc.UnaryExpressionSizeofExpr:
		e := c.node(ExprSizeof, x, "sizeof")
		e.X = c.expr(x.UnaryExpression)
		return c.fin(e, x.Token)
	case cc.UnaryExpressionSizeofType:
		e := c.node(ExprSizeof, x, "sizeof")
		return c.fin(e, x.Token, x.Token2, x.Token3)
	case cc.UnaryExpressionAlignofExpr:
		e := c.node(ExprOther, x, "_Alignof")
		e.X = c.expr(x.UnaryExpression)
		return c.fin(e, x.Token)
	case cc.UnaryExpressionAlignofType:
		return c.fin(c.node(ExprOther, x, "_Alignof"), x.Token, x.Token2, x.Token3)
	case cc.UnaryExpressionImag, cc.UnaryExpressionReal:
		op := "__real__"
		if x.Case == cc.UnaryExpressionImag {
			op = "__imag__"
		}
		e := c.node(ExprOther, x, op)
		e.X = c.expr(x.UnaryExpression)
		return c.fin(e, x.Token)
	}
	// &&label
	return c.fin(c.node(ExprOther, x, "&&"), x.Token, x.Token2)
}
