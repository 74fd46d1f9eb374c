package compiler

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/accls/accls/source/cfacts"
)

// Structs on the device: the kernels use the user's struct types (arrays of
// structs in data clauses, struct variables copied or firstprivate, private
// struct locals, members in expressions), declared again in the OpenCL
// program with the same members. The device sees the host's bytes, so a
// struct is accepted only when its layout is the natural one that OpenCL C
// gives the same members (every member at the offset its alignment puts it,
// the size rounded to the largest alignment): members that are numbers,
// fixed-size arrays of them, or such structs. Pointers (their device copy
// needs attach), bit-fields, flexible array members, _Bool (its size on the
// device is the implementation's) and packed or over-aligned layouts are
// reported. Every definition carries a size check that the OpenCL compiler
// evaluates, so a device whose layout differs fails to build instead of
// reading shifted members.

// structTable holds the struct types the kernels use, in the order of
// their first use (a member's struct before the struct that contains it).
type structTable struct {
	byKey map[string]*clStruct
	order []*clStruct
	names map[string]bool // spellings taken
}

// clStruct is one struct type of the OpenCL program.
type clStruct struct {
	spell string // as the kernels spell it: "particle", "struct box"
	def   string // its definition and size check
	align int64  // its largest member's alignment
}

// typeCL spells t for the device: a number (scalarCL) or a struct declared
// in the program.
func (p *Program) typeCL(t *cfacts.Type) (string, error) {
	if isRecord(t) {
		return p.structCL(t)
	}
	return scalarCL(t)
}

// structTable is the program's struct types, made when first needed.
func (p *Program) structTable() *structTable {
	if p.structs == nil {
		p.structs = &structTable{byKey: map[string]*clStruct{}, names: map[string]bool{}}
	}
	return p.structs
}

// structCL registers struct type t (and the structs of its members) and
// returns its spelling; an error says why the device cannot hold it.
func (p *Program) structCL(t *cfacts.Type) (string, error) {
	s, err := p.structTable().add(p, t, 0)
	if err != nil {
		return "", err
	}
	return s.spell, nil
}

func (st *structTable) add(p *Program, t *cfacts.Type, depth int) (*clStruct, error) {
	if depth > 32 {
		return nil, fmt.Errorf("'%s' nests too deeply", t.Name)
	}
	key := structKey(t)
	if s, ok := st.byKey[key]; ok {
		return s, nil
	}
	if t.Size <= 0 {
		return nil, fmt.Errorf("'%s' is incomplete", t.Name)
	}
	var members []string
	align := int64(1)
	var off int64
	union := t.Kind == cfacts.TypeUnion
	for _, f := range t.Fields {
		what := fmt.Sprintf("member '%s' of '%s'", f.Name, t.Name)
		switch {
		case f.Bitfield:
			return nil, fmt.Errorf("%s is a bit-field: bit-fields are not supported on the device", what)
		case f.Flexible:
			return nil, fmt.Errorf("%s is a flexible array member: not supported on the device", what)
		case f.Name == "":
			return nil, fmt.Errorf("'%s' has an unnamed member: not supported on the device", t.Name)
		}
		base := f.Type
		dims := ""
		for base != nil && base.Kind == cfacts.TypeArray {
			if base.Len <= 0 {
				return nil, fmt.Errorf("%s is an array of unknown length: not supported on the device", what)
			}
			dims += "[" + strconv.FormatInt(base.Len, 10) + "]"
			base = base.Elem
		}
		var spell string
		var a int64
		switch {
		case base == nil:
			return nil, fmt.Errorf("%s has an unknown type", what)
		case base.Kind == cfacts.TypePointer && dims != "":
			return nil, fmt.Errorf("%s is an array of pointers: not supported on the device (each element would need its own attachment)", what)
		case base.Kind == cfacts.TypePointer:
			// Opaque: the kernels reach what it points to through its
			// member path (attach.go), never through the struct's bytes.
			switch base.Size {
			case 8:
				spell, a = "ulong", 8
			case 4:
				spell, a = "uint", 4
			default:
				return nil, fmt.Errorf("%s is a pointer of %d bytes: not supported on the device", what, base.Size)
			}
		case isBool(base):
			return nil, fmt.Errorf("%s is _Bool, whose size on the device is the implementation's: use an integer type", what)
		case isRecord(base):
			s, err := st.add(p, base, depth+1)
			if err != nil {
				return nil, err
			}
			spell, a = s.spell, s.align
		default:
			s, err := scalarCL(base)
			if err != nil {
				return nil, fmt.Errorf("%s: %v", what, err)
			}
			if needsFP64(s) {
				p.UsesDouble = true
			}
			spell, a = s, base.Size
		}
		if union { // every member at 0, the size the largest member's
			if f.Offset != 0 {
				return nil, fmt.Errorf("%s is at byte %d on the host: not supported on the device", what, f.Offset)
			}
			off = max(off, f.Type.Size)
		} else {
			off = roundUp(off, a)
			if off != f.Offset && isComplex(base) { // (C aligns it as its parts, OpenCL as the vector)
				return nil, fmt.Errorf("%s is a complex number at byte %d: on the device it is a %s, aligned to %d bytes; move it to an offset that is a multiple of %d (first, or after members of such sizes)", what, f.Offset, spell, a, a)
			}
			if off != f.Offset {
				return nil, fmt.Errorf("%s is at byte %d on the host, not %d as its alignment puts it: packed or aligned structs are not supported on the device", what, f.Offset, off)
			}
			off += f.Type.Size
		}
		align = max(align, a)
		members = append(members, fmt.Sprintf("\t%s %s%s;", spell, clName(f.Name), dims))
	}
	if len(members) == 0 {
		return nil, fmt.Errorf("'%s' has no members", t.Name)
	}
	if size := roundUp(off, align); size != t.Size {
		return nil, fmt.Errorf("'%s' is %d bytes on the host, not %d as its members' alignment makes it: packed or aligned structs are not supported on the device", t.Name, t.Size, size)
	}
	s := &clStruct{spell: st.spelling(t), align: align}
	var b strings.Builder
	body := "{\n" + strings.Join(members, "\n") + "\n}"
	if strings.HasPrefix(s.spell, "struct ") || strings.HasPrefix(s.spell, "union ") {
		fmt.Fprintf(&b, "%s %s;\n", s.spell, body)
	} else {
		keyword := "struct"
		if union {
			keyword = "union"
		}
		fmt.Fprintf(&b, "typedef %s %s %s;\n", keyword, body, s.spell)
	}
	fmt.Fprintf(&b, "typedef char _accls_size_of_%s[sizeof(%s) == %d ? 1 : -1]; /* the host's layout (%d bytes) */\n",
		strings.ReplaceAll(s.spell, " ", "_"), s.spell, t.Size, t.Size)
	s.def = b.String()
	st.byKey[key] = s
	st.order = append(st.order, s)
	return s, nil
}

// spelling names a struct in the program: its tag (struct box) or typedef
// name (particle) when free, else a generated tag.
func (st *structTable) spelling(t *cfacts.Type) string {
	name := strings.TrimPrefix(t.Name, "const ")
	ok := name != "" && !strings.Contains(name, "<")
	tag, found := strings.CutPrefix(name, "struct ")
	if !found {
		tag, found = strings.CutPrefix(name, "union ")
	}
	if found {
		ok = ok && isIdent(tag) && !clReserved[tag]
	} else {
		ok = ok && isIdent(name) && !clReserved[name] && !strings.HasPrefix(name, "_accls")
	}
	if !ok || st.names[name] {
		name = fmt.Sprintf("struct _accls_struct%d", len(st.order)+1)
		if t.Kind == cfacts.TypeUnion {
			name = fmt.Sprintf("union _accls_union%d", len(st.order)+1)
		}
	}
	st.names[name] = true
	return name
}

// definitions is the program's struct declarations, members first.
func (st *structTable) definitions() string {
	if st == nil || len(st.order) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("\n/* The program's structs, with the host's layout. */\n")
	for _, s := range st.order {
		b.WriteString(s.def)
	}
	return b.String()
}

// structKey identifies a struct type by its members (two spellings of one
// type, a typedef and its tag, are one device struct).
func structKey(t *cfacts.Type) string {
	var b strings.Builder
	var walk func(t *cfacts.Type, depth int)
	walk = func(t *cfacts.Type, depth int) {
		if t == nil || depth > 32 {
			b.WriteString("?")
			return
		}
		switch t.Kind {
		case cfacts.TypeStruct, cfacts.TypeUnion:
			if t.Kind == cfacts.TypeUnion {
				b.WriteString("u")
			}
			b.WriteString("{")
			for _, f := range t.Fields {
				fmt.Fprintf(&b, "%s@%d:", f.Name, f.Offset)
				walk(f.Type, depth+1)
				b.WriteString(";")
			}
			b.WriteString("}")
		case cfacts.TypeArray:
			fmt.Fprintf(&b, "[%d]", t.Len)
			walk(t.Elem, depth+1)
		default:
			fmt.Fprintf(&b, "%d/%d/%v/%s", t.Kind, t.Size, t.Unsigned, strings.TrimPrefix(t.Name, "const "))
		}
	}
	walk(t, 0)
	return b.String()
}

func roundUp(n, a int64) int64 {
	if a <= 1 {
		return n
	}
	return (n + a - 1) / a * a
}

// isStructData reports whether t is a struct or union or an array (of
// arrays) of them: data the kernels hold as bytes of the host's layout.
func isStructData(t *cfacts.Type) bool {
	return isRecord(elemType(t))
}

// isRecord reports whether t is a struct or a union.
func isRecord(t *cfacts.Type) bool {
	return t != nil && (t.Kind == cfacts.TypeStruct || t.Kind == cfacts.TypeUnion)
}

// isIdent reports whether s is a C identifier (isIdentByte: cacheexpr.go).
func isIdent(s string) bool {
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isIdentByte(s[i]) {
			return false
		}
	}
	return true
}

// layoutAssert is a host declaration that fails the host build when the
// host lays out the struct of expression x (of struct type t) otherwise
// than the device declaration does: the C front end (cc/v4) ignores
// `packed` attributes and pragmas, the host compiler does not. name is the
// variable, for the message. "" when t is no struct.
func layoutAssert(t *cfacts.Type, x, name string) string {
	if !isRecord(t) {
		return ""
	}
	var conds []string
	var walk func(t *cfacts.Type, x string, depth int)
	walk = func(t *cfacts.Type, x string, depth int) {
		ty := "__typeof__(" + x + ")"
		conds = append(conds, fmt.Sprintf("sizeof(%s) == %d", ty, t.Size))
		for _, f := range t.Fields {
			if f.Name == "" || f.Bitfield {
				continue
			}
			conds = append(conds, fmt.Sprintf("__builtin_offsetof(%s, %s) == %d", ty, f.Name, f.Offset))
			e, sub := f.Type, x+"."+f.Name
			for e != nil && e.Kind == cfacts.TypeArray {
				e, sub = e.Elem, sub+"[0]"
			}
			if isRecord(e) && depth < 32 {
				walk(e, sub, depth+1)
			}
		}
	}
	walk(t, x, 0)
	return fmt.Sprintf("_Static_assert(%s, %s);", strings.Join(conds, " && "),
		strconv.Quote(fmt.Sprintf("accls: the host lays out the %s of '%s' otherwise than its device copy: packed or aligned structs are not supported on the device", t.Name, name)))
}
