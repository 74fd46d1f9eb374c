package hover

import (
	"fmt"
	"strings"

	"github.com/accls/accls/analysis"
	"github.com/accls/accls/source/cfacts"
)

// Member is a struct member access in a construct (v.n, v.x[i], g->u[i]),
// as hover explains it.
type Member struct {
	// Path spells the access from its variable: "v.x", "g->u".
	Path string
	// Root is the attribute of the variable the path starts from, in the
	// construct; RootFrom names the enclosing construct whose clause gives
	// it ("" when the construct's own).
	Root     analysis.VarAttr
	RootFrom string
	// Type is the member's type, Struct the type it is a member of (both
	// nil when unknown).
	Type, Struct *cfacts.Type
	// Pointer is set for a pointer member whose data the construct
	// reaches (v.x[i], *v.x); Data then says what maps that data and
	// DataFrom names the directive whose clause it is ("" for the
	// construct's own).
	Pointer  bool
	Data     analysis.MemberData
	DataFrom string
	// Read, Written: how the construct uses the member (for a pointer
	// member, the data it points to).
	Read, Written bool
	// Element is set for a member of an array element: the element as
	// written ("all[i % 2]"; Path is then the access, "all[i % 2].n").
	Element string
	// Array is the array the element belongs to when it is not the root
	// variable ("mesh->cell" of "mesh->cell[i].U").
	Array string
	// Cursor is set for a pointer member reached through a pointer to the
	// current element: the assignment that points it there
	// ("c = &mesh->cell[i]"); Array names the elements.
	Cursor string
}

// MemberMarkdown explains a member access in construct (e.g. "`parallel
// loop` construct (line 12)"): for a pointer member, what maps the data it
// points to and whether the device copy of the struct holds its device
// address; for other members, that they move with their struct.
func MemberMarkdown(mb Member, construct string) string {
	var b strings.Builder
	root := "?"
	if mb.Root.Var != nil {
		root = mb.Root.Var.Name
	}
	array := root
	if mb.Array != "" {
		array = mb.Array
	}
	if mb.Element != "" {
		fmt.Fprintf(&b, "#### `%s` — member of an element of `%s`\n\n", mb.Path, array)
	} else {
		fmt.Fprintf(&b, "#### `%s` — member of `%s`\n\n", mb.Path, root)
	}
	if mb.Type != nil && mb.Type.Name != "" {
		decl := declaration(mb.Type.Name, memberName(mb.Path))
		if mb.Struct != nil && mb.Struct.Name != "" {
			decl += "; /* in " + mb.Struct.Name + " */"
		}
		fmt.Fprintf(&b, "```c\n%s\n```\n\n", decl)
	}
	rootAttr := rootSentence(mb, root)
	holder := holderOf(mb.Path)
	structLine := func() {
		what := "struct"
		if mb.Element != "" && mb.Array == "" {
			what = "array"
		}
		if mb.Root.Attr != analysis.AttrNone {
			fmt.Fprintf(&b, "- **The %s:** %s\n", what, rootAttr)
		}
	}
	switch {
	case mb.Element != "" && mb.Root.Attr == analysis.AttrFirstprivate && mb.Root.Var != nil && mb.Root.Var.Type != nil && mb.Root.Var.Type.Kind == cfacts.TypePointer:
		// a pointer without a data clause: only its value reaches the device
		fmt.Fprintf(&b, "In the %s `%s` is a pointer that no clause maps the data of: %s OpenACC gives the device the host address it holds, so `%s` reads host memory there (the `implicit-firstprivate-pointer` diagnostic: map `%s[0:n]`); accls, like NVIDIA's compiler, copies the elements the subscripts reach when the loops' bounds give them.\n\n",
			construct, root, rootAttr, mb.Path, root)
	case mb.Element != "" && !mb.Pointer:
		fmt.Fprintf(&b, "In the %s `%s` is part of the array `%s`'s own data and moves with it: %s\n\n", construct, mb.Path, root, rootAttr)
	case mb.Element != "":
		fmt.Fprintf(&b, "In the %s `%s` is a pointer member of an element of `%s`: %s\n\n", construct, mb.Path, array, deepCopySentence(array, elementMember(mb.Path, mb.Element+".")))
		structLine()
	case mb.Cursor != "" && mb.Pointer:
		fmt.Fprintf(&b, "In the %s `%s` points to an element of `%s` (`%s`), so `%s` is that element's pointer member: %s\n\n",
			construct, root, mb.Array, mb.Cursor, mb.Path, deepCopySentence(mb.Array, elementMember(mb.Path, root+"->")))
	case !mb.Pointer:
		fmt.Fprintf(&b, "In the %s `%s` is part of `%s`'s own data and moves with it: %s\n\n", construct, mb.Path, holder, rootAttr)
	case mb.Data.Clause != nil:
		d := mb.Data
		where := "on the construct"
		switch {
		case mb.DataFrom != "" && d.From != nil:
			where = "of the enclosing " + mb.DataFrom
		case mb.DataFrom != "":
			where = "of the " + mb.DataFrom
		}
		fmt.Fprintf(&b, "In the %s the data `%s` points to is **`%s`**, by `%s(%s)` %s. The device copy of `%s` holds its device address: the member is attached (OpenACC 3.3 §2.6.8).\n\n",
			construct, mb.Path, AttrClause(d.Attr), d.Clause.Name, d.Item.Text, where, holder)
		if d.From != nil {
			entry, exit := Movement(d.Attr)
			if entry != "" {
				at := ""
				if mb.DataFrom != "" {
					at = " of the " + mb.DataFrom
				}
				fmt.Fprintf(&b, "- **At entry%s:** %s.\n", at, entry)
				fmt.Fprintf(&b, "- **At exit%s:** %s.\n", at, exit)
			}
		}
		fmt.Fprintf(&b, "- **Data:** `%s`\n", d.Item.Text)
		structLine()
	case mb.Data.Passed:
		fmt.Fprintf(&b, "In the %s no clause maps the data `%s` points to, but a call before it passes `%s` (`acc_copyin`, `acc_attach`…): the device copy of `%s` holds its device address if that call put the data on the device and attached the member.\n\n",
			construct, mb.Path, mb.Path, holder)
		structLine()
	default:
		fmt.Fprintf(&b, "In the %s no directive before it maps the data `%s` points to, so the device copy of `%s` holds the host address: the accesses through `%s` on the device are invalid unless other code (a caller's `enter data`, `acc_copyin`) put that data on the device and attached the member.\n\n",
			construct, mb.Path, holder, mb.Path)
		structLine()
	}
	if use := useOf(analysis.VarAttr{Read: mb.Read, Written: mb.Written}); use != "" {
		through := ""
		if mb.Pointer {
			through = " (the data it points to)"
		}
		fmt.Fprintf(&b, "- **Use in the construct:** %s%s.\n", use, through)
	}
	return strings.TrimRight(b.String(), "\n") + "\n"
}

// deepCopySentence says how the data of member m of the elements of array
// reaches the device: the manual deep copy, and accls's member pool.
func deepCopySentence(array, m string) string {
	return fmt.Sprintf("the data it points to must be present, entered after `%s` itself element by element (`enter data copyin(%s[i].%s[0:len])`, a manual deep copy), which attaches it. accls keeps the data of every element's `%s` in one device buffer and the kernels find each element's through a table of offsets; the device copy of `%s` keeps the host's addresses.",
		array, array, m, m, array)
}

// rootSentence says the attribute of the variable a member path starts
// from: "`v` is **`copy`** (implicit)."
func rootSentence(mb Member, root string) string {
	a := mb.Root
	clause := AttrClause(a.Attr)
	switch {
	case clause == "":
		return fmt.Sprintf("`%s` has no data attribute here.", root)
	case a.Implicit:
		return fmt.Sprintf("`%s` is implicitly **`%s`**.", root, clause)
	case a.Clause == nil:
		return fmt.Sprintf("`%s` is **`%s`** (predetermined).", root, clause)
	case mb.RootFrom != "":
		return fmt.Sprintf("`%s` is **`%s`**, from the `%s` clause of the enclosing %s.", root, clause, clauseName(a), mb.RootFrom)
	}
	return fmt.Sprintf("`%s` is **`%s`** (the `%s` clause).", root, clause, clauseName(a))
}

// holderOf spells the struct a member path selects from: "v" of "v.x",
// "*g" of "g->u", "g->in" of "g->in.x".
func holderOf(path string) string {
	i := strings.LastIndexAny(path, ".>")
	if i > 0 && path[i] == '>' {
		return "*" + path[:i-1]
	}
	return path[:max(i, 0)]
}

// elementMember is the member of an element that path reaches after
// prefix, the element ("a[i]." of "a[i].in.x", "c->" of "c->in.x"): "in.x",
// a member of a struct embedded in the element ("p->x" one pointer member
// further); the last member when path does not start so.
func elementMember(path, prefix string) string {
	if rest, ok := strings.CutPrefix(path, prefix); ok && rest != "" && !strings.Contains(rest, "[") {
		return rest
	}
	return memberName(path)
}

// memberName is the last member of a path ("x" of "g->in.x").
func memberName(path string) string {
	i := strings.LastIndexAny(path, ".>")
	return path[i+1:]
}
