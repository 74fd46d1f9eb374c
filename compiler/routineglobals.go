package compiler

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/analysis"
	"github.com/accls/accls/source/cfacts"
)

// Declared globals in routines. A global that a file-scope declare puts on
// the device (create, copyin, device_resident, link) is visible in
// routines (OpenACC 3.3 §2.13): a lookup table filled at run time, a
// parameter of the model set once and copied with update device. OpenCL
// 1.2 has no program-scope __global variables, so a routine that uses such
// globals, itself or through the routines it calls, takes their device
// copies as hidden parameters after its own, typed as the kernels type
// them: an array as a pointer to its first element or to its rows
// (`__global float (*_accls_g_grid)[M]`), a scalar as a pointer to the
// device copy. Every call passes them on, and a kernel that calls such a
// routine looks the globals up in the present table like a declared global
// it uses itself (routineGlobalVars). Global constants keep their
// __constant copy (constglobals.go).

// routineGlobals returns the declared globals routine fm uses, directly or
// through the routines it calls, in a fixed order (first use in the body,
// a callee's where the call is).
func (c *compilation) routineGlobals(fm *analysis.FuncModel) []*cfacts.Var {
	if home := c.homeOf(fm); home != c {
		return home.routineGlobals(fm) // another file's routine (peers.go)
	}
	rs := c.routines()
	if gs, ok := rs.globals[fm]; ok {
		return gs
	}
	if rs.globals == nil {
		rs.globals = map[*analysis.FuncModel][]*cfacts.Var{}
	}
	rs.globals[fm] = nil // a recursive call sees none: recursion is an error (routinegen)
	var out []*cfacts.Var
	add := func(v *cfacts.Var) {
		// by name: a callee of another file has its own Var (peers.go)
		if !slices.ContainsFunc(out, func(o *cfacts.Var) bool { return o.Name == v.Name }) {
			out = append(out, v)
		}
	}
	if fm.Func.Body != nil {
		walkAllExprs(fm.Func.Body, func(e *cfacts.Expr) {
			switch {
			case e.Kind == cfacts.ExprIdent && c.declaredGlobal(e.Var):
				add(e.Var)
			case e.Kind == cfacts.ExprCall && e.Name != "":
				if callee := c.routineOf(e.Name); callee != nil && callee != fm {
					for _, v := range c.routineGlobals(callee) {
						add(v)
					}
				}
			}
		})
	}
	rs.globals[fm] = out
	return out
}

// declaredGlobal reports whether v is a global that a file-scope declare
// puts on the device and that is not a global constant.
func (c *compilation) declaredGlobal(v *cfacts.Var) bool {
	if v == nil || v.Storage != cfacts.StorageGlobal && v.Storage != cfacts.StorageExtern {
		return false
	}
	if _, _, ok := constantGlobal(c.prog.Text, v); ok {
		return false
	}
	cl, _ := analysis.FileScopeDeclare(c.model, v)
	if cl == nil || cl.Spec == nil {
		return false
	}
	switch cl.Spec.Name {
	case "create", "copyin", "device_resident", "link":
		return true
	}
	return false
}

// kernelGlobalName is how a kernel spells the device copy of global v when
// it passes it to a routine: the array, or the pointer to the scalar
// (kernelgen's names for ModeArray and ModeRef variables).
func kernelGlobalName(v *cfacts.Var) string {
	if v.Type != nil && v.Type.Kind == cfacts.TypeArray {
		return clName(v.Name)
	}
	return clName(v.Name) + "_ref"
}

// routineGlobalName names the hidden parameter of global v in a routine,
// apart from the routine's own parameters and variables (a parameter may
// have the global's name when only a callee uses the global).
func routineGlobalName(v *cfacts.Var) string {
	return "_accls_g_" + clName(v.Name)
}

// routineGlobalParam declares the hidden parameter of a routine for global
// v, with the type the kernels give its device copy (params, kernelgen).
func (c *compilation) routineGlobalParam(v *cfacts.Var) (string, error) {
	t := v.Type
	if t == nil {
		return "", fmt.Errorf("the type of '%s' is not known", v.Name)
	}
	switch {
	case isArith(t):
		ty, err := c.prog.typeCL(t)
		if err != nil {
			return "", err
		}
		if ty == "bool" {
			ty = "uchar"
		}
		return fmt.Sprintf("__global %s *%s", ty, routineGlobalName(v)), nil
	case t.Kind == cfacts.TypeArray:
		el := elemType(t)
		if el == nil || !isArith(el) && !isRecord(el) {
			return "", fmt.Errorf("'%s': only arrays of numbers or structs can be used on the device (element type '%s')", v.Name, typeName(el))
		}
		ty, err := c.prog.typeCL(el)
		if err != nil {
			return "", err
		}
		if ty == "bool" {
			ty = "uchar"
		}
		dims := ""
		for x := t.Elem; x != nil && x.Kind == cfacts.TypeArray; x = x.Elem {
			if x.Len < 0 {
				return "", fmt.Errorf("'%s': an array with an inner dimension of unknown length", v.Name)
			}
			dims += "[" + strconv.FormatInt(x.Len, 10) + "]"
		}
		if dims == "" {
			return fmt.Sprintf("__global %s *%s", ty, routineGlobalName(v)), nil
		}
		return fmt.Sprintf("__global %s (*%s)%s", ty, routineGlobalName(v), dims), nil
	}
	return "", fmt.Errorf("'%s' has type '%s': a routine can use declared globals that are numbers or arrays (a pointer's device copy would hold a host address)", v.Name, t.Name)
}

// routineGlobalVars gives the construct the declared globals that the
// routines it calls use: a present lookup each, as for a declared global
// the construct uses itself (declare.go declared). A global the construct
// also uses keeps its variable, which must then be its device copy. A
// global of another file (its routine's, peers.go) is looked up by the host
// address its file registered (accrt_declared_global): this file need not
// see it, and it may be static there.
func (l *lowering) routineGlobalVars() {
	c := l.c
	walkAllExprs(l.r.Stmt, func(e *cfacts.Expr) {
		if e.Kind != cfacts.ExprCall || e.Name == "" {
			return
		}
		fm := c.routineOf(e.Name)
		if fm == nil {
			return
		}
		for _, v := range c.routineGlobals(fm) {
			if cv := l.globalVar(v.Name); cv != nil {
				if cv.Mode != ModeArray && cv.Mode != ModeRef {
					c.errorAt(e.Span, "'%s' uses the global '%s' (its device copy, from the file-scope declare), which is %s in this construct: not supported by the compiler", e.Name, v.Name, cv.Mode)
				}
				cv.ReadOnly = false // the routine may write it
				continue
			}
			if v.Type != nil && v.Type.Kind == cfacts.TypePointer {
				c.errorAt(e.Span, "'%s' uses the global pointer '%s': its file-scope declare puts the pointer itself on the device, whose copy holds a host address device code cannot use; pass the data to '%s' as a parameter (a sub-array in a data clause of the construct)", e.Name, v.Name, e.Name)
				continue
			}
			home := c.globalHome(v)
			if home == nil {
				c.errorAt(e.Span, "'%s' uses the global '%s', which no file-scope declare of the program puts on the device (internal error)", e.Name, v.Name)
				continue
			}
			cl, it := analysis.FileScopeDeclare(home.model, v)
			a := &analysis.VarAttr{Var: v, Attr: analysis.AttrDeclared, Clause: cl, Item: it, First: e.Span, Read: true, Written: true}
			cv := &CVar{Var: v, Name: v.Name, Attr: analysis.AttrDeclared, Read: true, Written: true,
				Why: fmt.Sprintf("used by routine '%s': declare %s at file scope", fm.Func.Name, cl.Spec.Name)}
			if home == c {
				cv = l.declared(cv, a)
			} else {
				cv = l.otherFileGlobal(cv, a, home, e.Span)
			}
			if cv == nil {
				continue
			}
			l.con.Vars = append(l.con.Vars, cv)
			l.cvars[v] = cv
		}
	})
}

// globalVar is the construct's variable for the global name, nil if none:
// a routine of another file has its own Var for a global (peers.go).
func (l *lowering) globalVar(name string) *CVar {
	for v, cv := range l.cvars {
		if v.Name == name && (v.Storage == cfacts.StorageGlobal || v.Storage == cfacts.StorageExtern) {
			return cv
		}
	}
	return nil
}

// globalHome is the compilation of the file whose file-scope declare puts
// global v on the device, among the program's files (peers.go), the
// translated one first; nil when none has one.
func (c *compilation) globalHome(v *cfacts.Var) *compilation {
	for _, pc := range c.files.all() {
		if cl, _ := analysis.FileScopeDeclare(pc.model, v); cl != nil && cl.Spec != nil {
			return pc
		}
	}
	return nil
}

// otherFileGlobal is the variable of a construct for global v of another
// file that a routine of that file uses: a lookup of the host address that
// file registered for it (accrt_declared_global), the whole variable.
func (l *lowering) otherFileGlobal(cv *CVar, a *analysis.VarAttr, home *compilation, at acc.Span) *CVar {
	v := cv.Var
	file := home.prog.File
	switch {
	case a.Clause == nil || a.Clause.Spec == nil || a.Item == nil || a.Item.Var == nil:
		l.c.errorAt(at, "'%s' of %s: its declare clause could not be read", v.Name, file)
		return nil
	case a.Clause.Spec.Name == "link":
		l.c.errorAt(at, "'%s' of %s is 'declare link': its device copy comes from a data clause of that file, so a routine of %s that uses it can be called from that file only", v.Name, file, file)
		return nil
	case len(a.Item.Var.Subscripts) > 0 || len(a.Item.Var.Members) > 0 || v.Type == nil || v.Type.Size <= 0:
		l.c.errorAt(at, "'%s' of %s: a routine of another file can use a global declared as a whole variable of known size only", v.Name, file)
		return nil
	}
	loc := fmt.Sprintf("%s:%d", l.c.prog.File, l.c.prog.lines.line(at.Start))
	di := &DataItem{Clause: "lookup", Name: v.Name, Var: v, Pos: at.Start, Lo: "0",
		Start: fmt.Sprintf("accrt_declared_global(%s, %s, %s)", strconv.Quote(v.Name), strconv.Quote(file), strconv.Quote(loc)),
		Bytes: fmt.Sprintf("(size_t)%d", v.Type.Size)}
	return l.deviceCopyVar(cv, a, di) // declare.go
}

// kernelRoutineGlobals are the declared globals that the routines kernel k
// calls use.
func (c *compilation) kernelRoutineGlobals(k *Kernel) []*cfacts.Var {
	var out []*cfacts.Var
	for _, s := range k.Stmts {
		walkAllExprs(s, func(e *cfacts.Expr) {
			if e.Kind != cfacts.ExprCall || e.Name == "" {
				return
			}
			if fm := c.routineOf(e.Name); fm != nil {
				for _, v := range c.routineGlobals(fm) {
					if !slices.Contains(out, v) {
						out = append(out, v)
					}
				}
			}
		})
	}
	return out
}

// routineGlobalArgs are the hidden arguments of a call of routine fm: the
// device copies of its globals, which the calling kernel holds as
// variables (routineGlobalVars) and a calling routine as its own hidden
// parameters (its globals include its callees').
func (g *kgen) routineGlobalArgs(fm *analysis.FuncModel) []string {
	var args []string
	for _, v := range g.c.routineGlobals(fm) {
		if g.rt == nil && !slices.ContainsFunc(g.k.Vars, func(cv *CVar) bool {
			return cv.Var.Name == v.Name && (cv.Mode == ModeArray || cv.Mode == ModeRef)
		}) {
			g.fail(fm.Func.NameSpan, "'%s' uses the global '%s', which this kernel has no device copy of (internal error)", fm.Func.Name, v.Name)
		}
		if g.rt == nil {
			args = append(args, kernelGlobalName(v))
		} else {
			args = append(args, routineGlobalName(v))
		}
	}
	return args
}

// routineGlobalCVars are the variables of a routine's stand-in kernel for
// its declared globals: device memory like a kernel's arrays and scalars
// in device memory, so that redundant code and pointer address spaces
// treat them as they treat those (memKey, pointedSpace).
func routineGlobalCVars(globals []*cfacts.Var) []*CVar {
	var cvs []*CVar
	for _, v := range globals {
		mode := ModeRef
		if v.Type != nil && v.Type.Kind == cfacts.TypeArray {
			mode = ModeArray
		}
		cvs = append(cvs, &CVar{Var: v, Name: v.Name, Mode: mode, Attr: analysis.AttrDeclared, Read: true, Written: true})
	}
	return cvs
}
