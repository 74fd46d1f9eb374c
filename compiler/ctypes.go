package compiler

import (
	"fmt"
	"strings"

	"github.com/accls/accls/source/cfacts"
)

// scalarCL returns the OpenCL C spelling of an arithmetic C type: int types
// by size and signedness (a host long is 64 bits, OpenCL's long), float and
// double. It fails for anything the device cannot hold.
func scalarCL(t *cfacts.Type) (string, error) {
	if t == nil {
		return "", fmt.Errorf("a value of unknown type")
	}
	switch t.Kind {
	case cfacts.TypeInt:
		if isBool(t) {
			return "bool", nil
		}
		u := ""
		if t.Unsigned {
			u = "u"
		}
		switch t.Size {
		case 1:
			return u + "char", nil
		case 2:
			return u + "short", nil
		case 4:
			return u + "int", nil
		case 8:
			return u + "long", nil
		}
	case cfacts.TypeFloat:
		switch t.Size {
		case 4:
			return "float", nil
		case 8:
			return "double", nil
		}
	case cfacts.TypeComplex:
		return complexCL(t) // complex.go
	}
	return "", fmt.Errorf("type '%s' is not supported on the device yet", t.Name)
}

// isBool reports whether t is _Bool (or the bool of <stdbool.h>).
func isBool(t *cfacts.Type) bool {
	return t != nil && t.Kind == cfacts.TypeInt && t.Size == 1 && (t.Name == "_Bool" || t.Name == "bool" || t.Name == "const _Bool")
}

// hostCL is the host-side cl_* type that has the size of the kernel
// parameter for a scalar of type t (bool travels as uchar).
func hostCL(t *cfacts.Type) (string, error) {
	s, err := scalarCL(t)
	if err != nil {
		return "", err
	}
	if s == "bool" {
		s = "uchar"
	}
	if isComplex(t) { // C's complex type: the layout of cl_float2/cl_double2, and C converts to it
		return strings.TrimSuffix(s, "2") + " _Complex", nil
	}
	return "cl_" + s, nil
}

// paramCL is the kernel parameter type of a scalar passed by value.
func paramCL(t *cfacts.Type) (string, error) {
	s, err := scalarCL(t)
	if s == "bool" {
		s = "uchar"
	}
	return s, err
}

// isArith reports whether t is an integer, floating or complex type (a
// number the device may hold; scalarCL says which ones it can).
func isArith(t *cfacts.Type) bool {
	return t != nil && (t.Kind == cfacts.TypeInt || t.Kind == cfacts.TypeFloat || t.Kind == cfacts.TypeComplex)
}

// needsFP64 reports whether OpenCL type ty needs cl_khr_fp64.
func needsFP64(ty string) bool { return ty == "double" || ty == "double2" }

// isDouble reports whether t is double (needs cl_khr_fp64).
func isDouble(t *cfacts.Type) bool {
	return t != nil && t.Kind == cfacts.TypeFloat && t.Size == 8
}

// elemType returns the innermost element type of arrays and pointers to
// arrays: float for float[4][5], float (*)[5] and float *.
func elemType(t *cfacts.Type) *cfacts.Type {
	for t != nil && (t.Kind == cfacts.TypeArray || t.Kind == cfacts.TypePointer) {
		t = t.Elem
	}
	return t
}

// redType is the accrt type name and OpenCL type of a reduction variable
// with operator op. A _Bool reduces as a uchar with a logical operator
// (boolRedOp); a complex value takes + and * only.
func redType(t *cfacts.Type, op string) (accrt, cl string, err error) {
	if isComplex(t) && op != "+" && op != "*" {
		return "", "", fmt.Errorf("reduction operator '%s' is not defined on complex values (+ and * are)", op)
	}
	if t != nil {
		switch {
		case isBool(t):
			return "ACCRT_BOOL", "uchar", nil
		case t.Kind == cfacts.TypeInt && t.Size == 1:
			if t.Unsigned {
				return "ACCRT_UCHAR", "uchar", nil
			}
			return "ACCRT_CHAR", "char", nil
		case t.Kind == cfacts.TypeInt && t.Size == 2:
			if t.Unsigned {
				return "ACCRT_USHORT", "ushort", nil
			}
			return "ACCRT_SHORT", "short", nil
		case t.Kind == cfacts.TypeInt && t.Size == 4 && !isBool(t):
			if t.Unsigned {
				return "ACCRT_UINT", "uint", nil
			}
			return "ACCRT_INT", "int", nil
		case t.Kind == cfacts.TypeInt && t.Size == 8:
			if t.Unsigned {
				return "ACCRT_ULONG", "ulong", nil
			}
			return "ACCRT_LONG", "long", nil
		case t.Kind == cfacts.TypeFloat && t.Size == 4:
			return "ACCRT_FLOAT", "float", nil
		case t.Kind == cfacts.TypeFloat && t.Size == 8:
			return "ACCRT_DOUBLE", "double", nil
		case isComplex(t):
			if cl, err := complexCL(t); err == nil {
				return "ACCRT_C" + strings.ToUpper(complexPart(cl)), cl, nil
			}
		}
	}
	name := "?"
	if t != nil {
		name = t.Name
	}
	return "", "", fmt.Errorf("a reduction on type '%s' is not supported yet (_Bool, char, short, int, long, their unsigned forms, float, double and their _Complex forms are)", name)
}

// boolRedOp is the operator that reduces _Bool values as op does, keeping
// them 0 or 1 (C converts each result to _Bool): + and max are ||, * and
// min are &&, & is && and | is ||. Combining uchar partials with + could
// also wrap around to 0.
func boolRedOp(op string) string {
	switch op {
	case "+", "max", "|", "||":
		return "||"
	case "*", "min", "&", "&&":
		return "&&"
	}
	return op // ^ keeps 0 and 1
}

// scalarReduction is the reduction of a scalar variable v with operator op.
func scalarReduction(op string, v *cfacts.Var) (*Reduction, error) {
	accrt, cl, err := redType(v.Type, op)
	if err != nil {
		return nil, err
	}
	if isBool(v.Type) {
		op = boolRedOp(op)
	}
	return &Reduction{Op: op, Var: v, Name: v.Name, Accrt: accrt, CL: cl}, nil
}

// redOps maps a reduction operator to its accrt name.
var redOps = map[string]string{
	"+": "ACCRT_ADD", "*": "ACCRT_MUL", "max": "ACCRT_MAX", "min": "ACCRT_MIN",
	"&": "ACCRT_BAND", "|": "ACCRT_BOR", "^": "ACCRT_BXOR", "&&": "ACCRT_LAND", "||": "ACCRT_LOR",
}

// identityCL is the OpenCL C spelling of the identity of op on cl type ty.
func identityCL(op, ty string) string {
	if ty == "float2" || ty == "double2" { // complex (+ and *)
		if op == "*" {
			return "(" + ty + ")(1, 0)"
		}
		return "(" + ty + ")(0, 0)"
	}
	isF := ty == "float" || ty == "double"
	switch op {
	case "+", "|", "^", "||":
		if isF {
			return "0.0" + fSuffix(ty)
		}
		return "0"
	case "*", "&&":
		if isF {
			return "1.0" + fSuffix(ty)
		}
		return "1"
	case "&":
		return "(" + ty + ")~(" + ty + ")0"
	case "max":
		switch ty {
		case "float", "double":
			return "-INFINITY"
		case "int":
			return "INT_MIN"
		case "uint", "ulong", "uchar", "ushort":
			return "0"
		case "long":
			return "LONG_MIN"
		case "char":
			return "CHAR_MIN"
		case "short":
			return "SHRT_MIN"
		}
	case "min":
		switch ty {
		case "float", "double":
			return "INFINITY"
		case "int":
			return "INT_MAX"
		case "uint":
			return "UINT_MAX"
		case "long":
			return "LONG_MAX"
		case "ulong":
			return "ULONG_MAX"
		case "char":
			return "CHAR_MAX"
		case "uchar":
			return "UCHAR_MAX"
		case "short":
			return "SHRT_MAX"
		case "ushort":
			return "USHRT_MAX"
		}
	}
	return "0"
}

func fSuffix(ty string) string {
	if ty == "float" {
		return "f"
	}
	return ""
}

// combineCL is the OpenCL C expression combining a and b with op.
func combineCL(op, ty, a, b string) string {
	if op == "*" && (ty == "float2" || ty == "double2") {
		return "_accls_cmul" + complexSuffix(ty) + "(" + a + ", " + b + ")" // complex.go
	}
	switch op {
	case "max":
		return fmt.Sprintf("(%s > %s ? %s : %s)", a, b, a, b)
	case "min":
		return fmt.Sprintf("(%s < %s ? %s : %s)", a, b, a, b)
	case "&&", "||":
		return fmt.Sprintf("(%s)(%s %s %s)", ty, a, op, b)
	}
	return fmt.Sprintf("%s %s %s", a, op, b)
}

// clReserved are the OpenCL C keywords and type names that C programs may
// use as identifiers.
var clReserved = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`global local constant private kernel __global __local __constant
		__private __kernel read_only write_only read_write __read_only __write_only __read_write
		bool uchar ushort uint ulong half quad complex imaginary size_t ptrdiff_t intptr_t uintptr_t
		image1d_t image2d_t image3d_t image1d_array_t image2d_array_t image1d_buffer_t sampler_t event_t
		uniform pipe typeof true false vec_step generic __generic queue_t ndrange_t clk_event_t reserve_id_t
		cl_mem_fence_flags memory_order memory_scope atomic_int atomic_uint atomic_long atomic_ulong
		atomic_float atomic_double atomic_flag atomic_intptr_t atomic_uintptr_t atomic_size_t atomic_ptrdiff_t`) {
		clReserved[w] = true
	}
	for _, t := range []string{"char", "uchar", "short", "ushort", "int", "uint", "long", "ulong", "float", "double", "half"} {
		for _, n := range []string{"2", "3", "4", "8", "16"} {
			clReserved[t+n] = true
		}
	}
}

// clName is how a user's identifier is spelled in OpenCL C: unchanged,
// unless it is an OpenCL keyword or type name (then with a trailing '_').
func clName(name string) string {
	name = identName(name) // a member path (attach.go)
	if clReserved[name] {
		return name + "_"
	}
	return name
}
