package cfacts

import (
	"strconv"
	"strings"

	"modernc.org/cc/v4"
)

var invalidType = &Type{Kind: TypeOther, Name: "<invalid>", Len: -1, Size: -1}

// typ converts a cc/v4 type. Types are shared between the nodes that have
// them (one *Type per cc/v4 type) and must not be changed; qualified copies
// are made by qualify.
func (c *conv) typ(t cc.Type) *Type {
	if t == nil {
		return invalidType
	}
	if r, ok := c.types[t]; ok {
		return r
	}
	r := &Type{Len: -1, Size: -1}
	c.types[t] = r // before the parts: struct types are recursive
	if s := safeSize(t); s >= 0 {
		r.Size = s
	}
	r.Const = t.Attributes().IsConst()
	switch x := t.(type) {
	case *cc.PointerType:
		r.Kind = TypePointer
		r.Elem = c.typ(x.Elem())
	case *cc.ArrayType:
		r.Kind = TypeArray
		r.Elem = c.typ(x.Elem())
		switch {
		case x.IsVLA():
			r.Size = -1
			if e := x.SizeExpression(); e != nil {
				r.LenExpr = c.expr(e)
			}
		case !x.IsIncomplete() && x.Len() >= 0:
			r.Len = x.Len()
		}
	case *cc.StructType:
		r.Kind = TypeStruct
		r.Name = tagName("struct", x.Tag(), t) // now: the fields may point back
		for i := 0; i < x.NumFields(); i++ {
			if f := x.FieldByIndex(i); f != nil {
				r.Fields = append(r.Fields, &Field{Name: f.Name(), Type: c.typ(f.Type()), Offset: f.Offset(), Bitfield: f.IsBitfield(), Flexible: f.IsFlexibleArrayMember()})
			}
		}
	case *cc.UnionType:
		r.Kind = TypeUnion
		r.Name = tagName("union", x.Tag(), t) // now: the fields may point back
		for i := 0; i < x.NumFields(); i++ {
			if f := x.FieldByIndex(i); f != nil {
				r.Fields = append(r.Fields, &Field{Name: f.Name(), Type: c.typ(f.Type()), Offset: f.Offset(), Bitfield: f.IsBitfield(), Flexible: f.IsFlexibleArrayMember()})
			}
		}
	case *cc.EnumType:
		r.Kind = TypeInt
		r.Name = tagName("enum", x.Tag(), t)
		r.Unsigned = !cc.IsSignedInteger(t)
	case *cc.FunctionType:
		r.Kind = TypeFunc
		r.Size = -1
		r.Elem = c.typ(x.Result())
	case *cc.PredefinedType:
		k := t.Kind()
		r.Kind = kindOf(k)
		r.Unsigned = cc.IsIntegerType(t) && !cc.IsSignedInteger(t)
		if r.Kind == TypeOther && k == cc.InvalidKind {
			return invalidType
		}
		if r.Kind == TypeComplex {
			r.Elem = complexPart(k, r.Size)
		}
	default:
		c.types[t] = invalidType
		return invalidType
	}
	switch td := t.Typedef(); {
	case td != nil:
		r.Name, r.named = strings.TrimPrefix(td.Name(), "__predefined_"), true
	case r.Kind == TypePointer || r.Kind == TypeArray || r.Kind == TypeFunc:
		r.Name = spell(r, "")
		return r
	case r.Name == "":
		r.Name = kindNames[t.Kind()]
		if r.Name == "" {
			r.Name = t.String()
		}
	}
	if r.Const {
		r.Name = "const " + r.Name
	}
	return r
}

// safeSize is t.Size(), or -1 where cc/v4 cannot tell (or panics).
func safeSize(t cc.Type) (n int64) {
	defer func() {
		if recover() != nil {
			n = -1
		}
	}()
	if t.IsIncomplete() {
		return -1
	}
	return t.Size()
}

func tagName(kw string, tag cc.Token, t cc.Type) string {
	if s := tag.SrcStr(); s != "" {
		return kw + " " + s
	}
	if td := t.Typedef(); td != nil {
		return td.Name()
	}
	return kw + " <anonymous>"
}

func kindOf(k cc.Kind) TypeKind {
	switch k {
	case cc.Void:
		return TypeVoid
	case cc.Bool, cc.Char, cc.SChar, cc.UChar, cc.Short, cc.UShort, cc.Int, cc.UInt,
		cc.Long, cc.ULong, cc.LongLong, cc.ULongLong, cc.Int128, cc.UInt128, cc.Enum:
		return TypeInt
	case cc.Float, cc.Double, cc.LongDouble, cc.Float16, cc.BFloat16, cc.Float32, cc.Float32x,
		cc.Float64, cc.Float64x, cc.Float128, cc.Float128x, cc.Decimal32, cc.Decimal64, cc.Decimal128:
		return TypeFloat
	case cc.ComplexChar, cc.ComplexDouble, cc.ComplexFloat, cc.ComplexFloat16, cc.ComplexInt,
		cc.ComplexLong, cc.ComplexLongDouble, cc.ComplexLongLong, cc.ComplexShort, cc.ComplexUInt, cc.ComplexUShort:
		return TypeComplex
	case cc.Ptr:
		return TypePointer
	case cc.Array:
		return TypeArray
	case cc.Struct:
		return TypeStruct
	case cc.Union:
		return TypeUnion
	case cc.Function:
		return TypeFunc
	}
	return TypeOther
}

// complexPart is the type of the real and imaginary parts of a complex
// type of kind k and size bytes.
func complexPart(k cc.Kind, size int64) *Type {
	part := &Type{Kind: TypeFloat, Len: -1, Size: -1}
	if size > 0 {
		part.Size = size / 2
	}
	switch k {
	case cc.ComplexFloat:
		part.Name = "float"
	case cc.ComplexDouble:
		part.Name = "double"
	case cc.ComplexLongDouble:
		part.Name = "long double"
	case cc.ComplexFloat16:
		part.Name = "_Float16"
	default: // GNU's complex integer types
		part.Kind, part.Name = TypeInt, strings.TrimPrefix(kindNames[k], "_Complex ")
		part.Unsigned = strings.Contains(part.Name, "unsigned")
	}
	return part
}

var kindNames = map[cc.Kind]string{
	cc.Void: "void", cc.Bool: "_Bool", cc.Char: "char", cc.SChar: "signed char", cc.UChar: "unsigned char",
	cc.Short: "short", cc.UShort: "unsigned short", cc.Int: "int", cc.UInt: "unsigned",
	cc.Long: "long", cc.ULong: "unsigned long", cc.LongLong: "long long", cc.ULongLong: "unsigned long long",
	cc.Int128: "__int128", cc.UInt128: "unsigned __int128",
	cc.Float: "float", cc.Double: "double", cc.LongDouble: "long double", cc.Float16: "_Float16",
	cc.BFloat16: "__bf16", cc.Float32: "_Float32", cc.Float32x: "_Float32x", cc.Float64: "_Float64",
	cc.Float64x: "_Float64x", cc.Float128: "_Float128", cc.Float128x: "_Float128x",
	cc.Decimal32: "_Decimal32", cc.Decimal64: "_Decimal64", cc.Decimal128: "_Decimal128",
	cc.ComplexChar: "_Complex char", cc.ComplexDouble: "_Complex double", cc.ComplexFloat: "_Complex float",
	cc.ComplexFloat16: "_Complex _Float16", cc.ComplexInt: "_Complex int", cc.ComplexLong: "_Complex long",
	cc.ComplexLongDouble: "_Complex long double", cc.ComplexLongLong: "_Complex long long",
	cc.ComplexShort: "_Complex short", cc.ComplexUInt: "_Complex unsigned", cc.ComplexUShort: "_Complex unsigned short",
}

// spell writes t the way C declares it, around the declarator text decl:
// spell(float*, "") = "float *", spell(double[100], "") = "double [100]",
// spell(pointer to int[4], "") = "int (*)[4]".
func spell(t *Type, decl string) string {
	if t == nil {
		return "? " + decl
	}
	switch {
	case t.named || t.Kind != TypePointer && t.Kind != TypeArray && t.Kind != TypeFunc:
		if decl == "" {
			return t.Name
		}
		return t.Name + " " + decl
	case t.Kind == TypePointer:
		inner := "*"
		if t.Const {
			inner += "const "
		}
		if t.Restrict {
			inner += "restrict "
		}
		if decl == "" {
			inner = strings.TrimSuffix(inner, " ")
		}
		inner += decl
		if e := t.Elem; e != nil && !e.named && (e.Kind == TypeArray || e.Kind == TypeFunc) {
			inner = "(" + inner + ")"
		}
		return spell(t.Elem, inner)
	case t.Kind == TypeArray:
		n := ""
		if t.Len >= 0 {
			n = strconv.FormatInt(t.Len, 10)
		} else if t.LenExpr != nil {
			n = "*"
		}
		return spell(t.Elem, decl+"["+n+"]")
	default: // TypeFunc
		return spell(t.Elem, decl+"()")
	}
}

// qualify returns t with the declarator's restrict qualifiers applied:
// cc/v4 keeps const and volatile in its types but not restrict. ptr is the
// declarator's pointer chain: its last '*' is t itself.
func (c *conv) qualify(t *Type, ptr *cc.Pointer) *Type {
	var levels []bool // restrict per '*', in text order
	for p := ptr; p != nil; p = p.Pointer {
		levels = append(levels, hasRestrict(p.TypeQualifiers))
	}
	any := false
	for _, r := range levels {
		any = any || r
	}
	if !any {
		return t
	}
	var apply func(t *Type, i int) *Type
	apply = func(t *Type, i int) *Type {
		// i indexes levels from the end: levels[len-1] is t.
		if i < 0 || t == nil || t.Kind != TypePointer {
			return t
		}
		elem := apply(t.Elem, i-1)
		if !levels[i] && elem == t.Elem {
			return t
		}
		q := *t
		q.Elem = elem
		q.Restrict = q.Restrict || levels[i]
		if !q.named {
			q.Name = spell(&q, "")
		}
		return &q
	}
	return apply(t, len(levels)-1)
}

func hasRestrict(q *cc.TypeQualifiers) bool {
	for ; q != nil; q = q.TypeQualifiers {
		if q.TypeQualifier != nil && q.TypeQualifier.Case == cc.TypeQualifierRestrict {
			return true
		}
	}
	return false
}
