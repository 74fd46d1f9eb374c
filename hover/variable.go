package hover

import (
	"fmt"
	"strings"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/analysis"
	"github.com/accls/accls/source/cfacts"
)

// AttrClause is the clause that spells a data attribute ("copy",
// "firstprivate", …); "" for AttrNone.
func AttrClause(a analysis.Attr) string {
	switch a {
	case analysis.AttrCopy:
		return "copy"
	case analysis.AttrCopyin:
		return "copyin"
	case analysis.AttrCopyout:
		return "copyout"
	case analysis.AttrCreate:
		return "create"
	case analysis.AttrNoCreate:
		return "no_create"
	case analysis.AttrPresent:
		return "present"
	case analysis.AttrDeviceptr:
		return "deviceptr"
	case analysis.AttrAttach:
		return "attach"
	case analysis.AttrPrivate:
		return "private"
	case analysis.AttrFirstprivate:
		return "firstprivate"
	case analysis.AttrReduction:
		return "reduction"
	case analysis.AttrDeclared:
		return "declare"
	}
	return ""
}

// Movement says what happens to a variable of attribute a at the entry and
// at the exit of the construct whose clause gives it.
func Movement(a analysis.Attr) (entry, exit string) {
	const unlessPresent = " (unless it is already present on the device: then nothing moves and only its reference counter changes)"
	switch a {
	case analysis.AttrCopy:
		return "device memory is allocated and the host data copied to it" + unlessPresent,
			"the device data is copied back to the host and the device memory freed (when the last reference goes)"
	case analysis.AttrCopyin:
		return "device memory is allocated and the host data copied to it" + unlessPresent,
			"the device memory is freed without copying back (when the last reference goes)"
	case analysis.AttrCopyout:
		return "device memory is allocated, uninitialized; nothing is copied in" + unlessPresent,
			"the device data is copied back to the host and the device memory freed (when the last reference goes)"
	case analysis.AttrCreate:
		return "device memory is allocated, uninitialized; nothing is copied" + unlessPresent,
			"the device memory is freed; nothing is copied back"
	case analysis.AttrNoCreate:
		return "nothing moves: the device copy is used if the data is already present, otherwise the host address",
			"nothing moves"
	case analysis.AttrPresent:
		return "nothing moves: the data must already be present on the device (a runtime error otherwise)",
			"nothing moves"
	case analysis.AttrDeviceptr:
		return "nothing moves: the pointer already holds a device address", "nothing moves"
	case analysis.AttrAttach:
		return "the device copy of the pointer is made to point at the device copy of its target; no data is copied",
			"the pointer is detached; no data is copied"
	case analysis.AttrPrivate:
		return "each gang, worker or vector lane gets its own uninitialized copy; nothing is copied in",
			"the private copies are discarded; nothing is copied back"
	case analysis.AttrFirstprivate:
		return "each gang gets its own copy, initialized with the value the variable has at the entry",
			"the copies are discarded; nothing is copied back"
	case analysis.AttrReduction:
		return "each gang, worker or vector lane gets a private copy initialized for the operator",
			"the private copies are combined with the operator, and with the original value, into the original variable"
	case analysis.AttrDeclared:
		return "nothing moves here: the data was placed on the device by the declare directive, for its whole scope",
			"nothing moves here"
	}
	return "", ""
}

// VariableMarkdown explains the data attribute a variable has in a
// construct: a is the attribute, construct names the construct it applies
// to (e.g. "`parallel loop` construct (line 12)") and from, when the clause
// that gives it is on an enclosing data construct, names that construct (""
// otherwise).
func VariableMarkdown(a analysis.VarAttr, construct, from string) string {
	var b strings.Builder
	name := "?"
	if a.Var != nil {
		name = a.Var.Name
	}
	clause := AttrClause(a.Attr)
	how := "explicit"
	switch {
	case a.Implicit:
		how = "implicit"
	case a.Clause == nil && a.Attr != analysis.AttrNone:
		how = "predetermined"
	}
	fmt.Fprintf(&b, "#### `%s`", name)
	if clause != "" {
		fmt.Fprintf(&b, " — %s `%s`", how, clause)
	}
	b.WriteString("\n\n")
	if a.Var != nil && a.Var.Type != nil && a.Var.Type.Name != "" {
		fmt.Fprintf(&b, "```c\n%s\n```\n\n", declaration(a.Var.Type.Name, name))
	}
	switch {
	case clause == "":
		fmt.Fprintf(&b, "In the %s it has no data attribute.", construct)
	case a.Implicit:
		fmt.Fprintf(&b, "In the %s no clause names it: it is implicitly **`%s`**.", construct, clause)
	case how == "predetermined":
		fmt.Fprintf(&b, "In the %s it is **`%s`** (predetermined).", construct, clause)
	case from != "":
		fmt.Fprintf(&b, "In the %s it is **`%s`**, from the `%s` clause of the enclosing %s.", construct, clause, clauseName(a), from)
	default:
		fmt.Fprintf(&b, "In the %s it is **`%s`** (the `%s` clause).", construct, clause, clauseName(a))
	}
	if r := strings.TrimSpace(a.Reason); r != "" {
		b.WriteString(" " + reasonSentence(r))
	}
	b.WriteString("\n\n")
	entry, exit := Movement(a.Attr)
	if entry != "" {
		where := ""
		if from != "" {
			where = " of the enclosing " + from
		}
		fmt.Fprintf(&b, "- **At entry%s:** %s.\n", where, entry)
		fmt.Fprintf(&b, "- **At exit%s:** %s.\n", where, exit)
	}
	if a.Bounds != "" || a.Bytes >= 0 {
		b.WriteString("- **Data:** ")
		if a.Bounds != "" {
			fmt.Fprintf(&b, "`%s`", a.Bounds)
		}
		if a.Bytes >= 0 {
			if a.Bounds != "" {
				b.WriteString(", ")
			}
			b.WriteString(byteSize(a.Bytes))
		}
		b.WriteString("\n")
	}
	if rows := rowsNote(a); rows != "" {
		fmt.Fprintf(&b, "- **Rows:** %s\n", rows)
	}
	if unmappedPointee(a) {
		// compiler/inferbounds.go
		fmt.Fprintf(&b, "- **Its data under accls:** OpenACC maps only the pointer; accls, like NVIDIA's compiler, copies the elements `%s`'s subscripts reach (bounds from the loops around them) unless they are present, so that the run works. GCC and Clang do not: map `%s[…]` in a clause to be portable. The kernel preview's host plan shows the section.\n", name, name)
	}
	if len(a.PointsInto) > 0 {
		var names []string
		for _, v := range a.PointsInto {
			names = append(names, "`"+v.Name+"`")
		}
		whose := names[0] + "'s"
		if len(names) > 1 {
			whose = "theirs"
		}
		fmt.Fprintf(&b, "- **Points into:** the data of %s; reads and writes through `%s` count as %s.\n",
			strings.Join(names, " or "), name, whose)
	}
	if use := useOf(a); use != "" {
		fmt.Fprintf(&b, "- **Use in the construct:** %s.\n", use)
	}
	return strings.TrimRight(b.String(), "\n") + "\n"
}

// reasonSentence makes a sentence of an explanation: capitalized unless it
// starts with code (a clause such as "copyout(a[0:n]) on …"), ending in a
// full stop.
func reasonSentence(r string) string {
	word, _, _ := strings.Cut(r, " ")
	if strings.ContainsAny(word, "()[]'`_") {
		if !strings.ContainsAny(r[len(r)-1:], ".!?") {
			r += "."
		}
		return r
	}
	return sentence(r)
}

// clauseName is the clause as written (an alias spelling included).
func clauseName(a analysis.VarAttr) string {
	if a.Clause != nil && a.Clause.Name != "" {
		return a.Clause.Name
	}
	return AttrClause(a.Attr)
}

// declaration writes a declaration of name with the type C spells as typ:
// "float *" → "float *a", "double [100]" → "double a[100]".
func declaration(typ, name string) string {
	if i := strings.IndexByte(typ, '['); i >= 0 {
		return strings.TrimSpace(typ[:i]) + " " + name + typ[i:]
	}
	if strings.HasSuffix(typ, "*") {
		return typ + name
	}
	return typ + " " + name
}

func useOf(a analysis.VarAttr) string {
	switch {
	case a.Read && a.Written:
		return "read and written"
	case a.Read:
		return "read only"
	case a.Written:
		return "written only"
	}
	return ""
}

// byteSize writes n bytes readably: "4096 bytes (4 KiB)".
func byteSize(n int64) string {
	s := fmt.Sprintf("%d bytes", n)
	if n == 1 {
		s = "1 byte"
	}
	switch {
	case n >= 1<<30:
		s += fmt.Sprintf(" (%.1f GiB)", float64(n)/(1<<30))
	case n >= 1<<20:
		s += fmt.Sprintf(" (%.1f MiB)", float64(n)/(1<<20))
	case n >= 1<<10:
		s += fmt.Sprintf(" (%.1f KiB)", float64(n)/(1<<10))
	}
	return s
}

// rowsNote explains a clause item that names the rows of a pointer to
// pointers (OpenACC 3.3 §2.7.1), "" for other items.
func rowsNote(a analysis.VarAttr) string {
	if a.Var == nil || !analysis.IsRowsPointer(a.Var.Type) || a.Item == nil || a.Item.Var == nil || len(a.Item.Var.Subscripts) < 2 {
		return ""
	}
	subs := a.Item.Var.Subscripts
	text := func(s acc.Subscript) string {
		if s.Span.End > s.Span.Start && a.Item.Span.Start <= s.Span.Start && s.Span.End <= a.Item.Span.End {
			return a.Item.Text[s.Span.Start-a.Item.Span.Start : s.Span.End-a.Item.Span.Start]
		}
		return "[…]"
	}
	return fmt.Sprintf("`%s` is a pointer to pointers: `%s%s` names its row pointers and, in each row, the elements `%s`; "+
		"each row gets a device copy, to which the device copy of its pointer is attached. "+
		"accls keeps the rows in one device buffer and indexes it as a two-dimensional array.",
		a.Var.Name, a.Var.Name, text(subs[0]), text(subs[1]))
}

// unmappedPointee reports whether a is a pointer that no clause names and
// whose data the construct reads or writes (p[i], *p, p->f).
func unmappedPointee(a analysis.VarAttr) bool {
	if !a.Implicit || !a.Deref || a.Var == nil || a.Var.Type == nil || a.Var.Type.Kind != cfacts.TypePointer {
		return false
	}
	return a.Attr == analysis.AttrFirstprivate || a.Attr == analysis.AttrCopy
}
