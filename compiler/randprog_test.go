package compiler_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Random programs: a generator of OpenACC programs that are valid, free of
// races and deterministic, so that `accls run` must print what the plain C
// build prints. Each program is a few constructs drawn from randConstructs
// (loop nests of one to three loops in every way OpenACC lets them be
// partitioned, reductions of every operator and type at every level,
// private and firstprivate data, atomics, data regions with updates, kernels
// constructs with a sequential dependence, async queues, routines, the
// manual deep copy of a struct's cells and pointers to the current cell,
// string literals in device code, arrays a gang shares from their
// initializer), over
// sizes that do not divide the work-group sizes (1, 3, 17, 129, ...), and
// prints a checksum of every array it writes and every scalar it reduces.
//
// Integer arithmetic is kept in range (products taken modulo a prime, inputs
// in [-50, 50]); unsigned types wrap, as C and OpenCL define; floating-point
// values stay small integers, so that sums are exact in any order.
//
// TestRandomPrograms runs the seeds of ACCLS_RANDOM_SEEDS ("1-200", "7",
// "3,9"; default 1-12: 6 s on the 2-core container) and writes each
// failing program to ACCLS_RANDOM_KEEP (a directory) when set. Each output
// is named after the construct that wrote it (out4_struct). Seeds 1-400
// passed on PoCL when it was written; the generator's own first mistakes
// were programs that differ from plain C by OpenACC's rules (copyout of an
// array the loop writes in part, a host change that exit data overwrites,
// a && reduction from -3, which combines to 1).

// randGen writes one program.
type randGen struct {
	rnd     *rand.Rand
	body    strings.Builder
	outputs []randOut
	nextID  int
	ind     string
	kind    string   // the construct being written (randConstructs)
	funcs   []string // functions before main
	globals []string // declarations before the functions
}

// randOut is an array or scalar the program checksums at its end.
type randOut struct {
	name, ctype string
	length      string // "" for a scalar
}

func (g *randGen) pick(xs ...string) string { return xs[g.rnd.IntN(len(xs))] }
func (g *randGen) chance(p float64) bool    { return g.rnd.Float64() < p }

// id names a variable of the construct being written: its kind, then a
// number (a failing output names the construct that wrote it).
func (g *randGen) id(prefix string) string {
	g.nextID++
	return fmt.Sprintf("%s%d_%s", prefix, g.nextID, g.kind)
}
func (g *randGen) line(format string, args ...any) {
	g.body.WriteString(g.ind + fmt.Sprintf(format, args...) + "\n")
}
func (g *randGen) raw(s string) { g.body.WriteString(s + "\n") }

// randLoop is one loop of a nest: its variable, the size of its dimension
// (N, M or L) and its header, which visits a subset of [0, size).
type randLoop struct {
	v, size, header string
}

// loops makes d loop headers over the dimensions N, M, L: upward or
// downward, by 1 or a larger step, over all of the dimension or part of it.
func (g *randGen) loops(d int, full bool) []randLoop {
	vars := []string{"i", "j", "k"}
	sizes := []string{"N", "M", "L"}
	var out []randLoop
	for x := 0; x < d; x++ {
		v, n := vars[x], sizes[x]
		h := fmt.Sprintf("for (int %s = 0; %s < %s; %s++)", v, v, n, v)
		if !full {
			switch g.rnd.IntN(6) {
			case 0:
				h = fmt.Sprintf("for (int %s = %s - 1; %s >= 0; %s--)", v, n, v, v)
			case 1:
				h = fmt.Sprintf("for (int %s = 1; %s < %s - 1; %s += 2)", v, v, n, v)
			case 2:
				h = fmt.Sprintf("for (int %s = %s - 1; %s > 0; %s -= 3)", v, n, v, v)
			case 3:
				h = fmt.Sprintf("for (int %s = %s / 3; %s <= %s - 1; %s++)", v, n, v, n, v)
			}
		}
		out = append(out, randLoop{v: v, size: n, header: h})
	}
	return out
}

// flat is the element of loops ls in an N x M x L array.
func flat(ls []randLoop) string {
	switch len(ls) {
	case 1:
		return "i"
	case 2:
		return "i * M + j"
	}
	return "(i * M + j) * L + k"
}

// readIndex is an index into an input array (any element: reads do not race).
func (g *randGen) readIndex(ls []randLoop) string {
	v := ls[g.rnd.IntN(len(ls))].v
	switch g.rnd.IntN(5) {
	case 0:
		return flat(ls)
	case 1:
		return fmt.Sprintf("(%s * %d + %d) %% SIZE", v, 1+g.rnd.IntN(7), g.rnd.IntN(5))
	case 2:
		return fmt.Sprintf("SIZE - 1 - %s", v)
	case 3:
		return fmt.Sprintf("(%s + %s) %% SIZE", flat(ls), v)
	}
	return strconv.Itoa(g.rnd.IntN(3)) + " % SIZE" // SIZE may be 1 or 2
}

// expr is a long expression of the inputs, the loop variables and
// constants, small enough never to overflow (depth bounds it).
func (g *randGen) expr(ls []randLoop, depth int) string {
	if depth <= 0 || g.chance(0.3) {
		switch g.rnd.IntN(4) {
		case 0:
			return ls[g.rnd.IntN(len(ls))].v
		case 1:
			return strconv.Itoa(g.rnd.IntN(19) - 9)
		case 2:
			return "in2[" + g.readIndex(ls) + "]"
		}
		return "in1[" + g.readIndex(ls) + "]"
	}
	a, b := g.expr(ls, depth-1), g.expr(ls, depth-1)
	switch g.rnd.IntN(18) {
	case 11: // the narrow types' conversions and promotions
		return "(long)(" + g.pick("(signed char)", "(unsigned char)", "(short)", "(unsigned short)") + "(" + a + " * 37))"
	case 12: // unsigned arithmetic and the usual conversions
		return "(long)((unsigned)(" + a + ") % 1000u + (" + b + " < 3u))"
	case 13: // math functions with exact results
		return "(long)" + g.pick("floor((double)("+a+") / 3.0)", "fabs((double)("+a+"))", "sqrt((double)(("+a+") * ("+a+")))",
			"fmod((double)("+a+"), 7.0)", "ceil((float)("+a+") / 4.0f)", "fmin((double)("+a+"), (double)("+b+"))")
	case 14:
		return g.pick("labs(", "(long)abs((int)") + a + ")"
	case 15: // a conversion of a negative double (toward zero)
		return "(long)((double)(" + a + ") * 0.75)"
	case 16:
		return "(" + a + " < " + b + ") + (" + a + " != " + b + ") * 2"

	case 0:
		return "(" + a + " + " + b + ")"
	case 1:
		return "(" + a + " - " + b + ")"
	case 2:
		return "((" + a + " * " + b + ") % 1009)"
	case 3:
		return "(" + a + " / (1 + (" + b + " & 7)))"
	case 4:
		return "(" + a + " % (2 + (" + b + " & 15)))"
	case 5:
		return "(" + a + " > " + b + " ? " + a + " : " + b + ")"
	case 6:
		return "(" + a + " ^ " + b + ")"
	case 7:
		return "((" + a + " & 255) << 2)"
	case 8:
		return "(" + a + " >> 1)"
	case 9:
		return "(" + a + " == " + b + " || " + a + " < 0)"
	}
	return "f_seq(" + a + ")"
}

// output declares a zeroed output array of the program's full size.
func (g *randGen) output(ctype string) string {
	name := g.id("out")
	g.line("%s *%s = calloc(SIZE, sizeof(%s));", ctype, name, ctype)
	g.outputs = append(g.outputs, randOut{name: name, ctype: ctype, length: "SIZE"})
	return name
}

// nest writes loops ls with the directives dirs (one per loop, "" for
// none) around body.
func (g *randGen) nest(ls []randLoop, dirs []string, body func()) {
	saved := g.ind
	for x, l := range ls {
		if dirs[x] != "" {
			g.raw("#pragma acc " + dirs[x])
		}
		g.line("%s {", l.header)
		g.ind += "  "
	}
	body()
	for range ls {
		g.ind = g.ind[:len(g.ind)-2]
		g.line("}")
	}
	g.ind = saved
}

// shape picks how a nest of d loops is partitioned: the construct's
// directive (with its loop, when combined) and the inner loops' directives.
func (g *randGen) shape(d int, data string) (head []string, dirs []string) {
	dirs = make([]string, d)
	sizing := ""
	if g.chance(0.3) {
		sizing = g.pick(" num_gangs(3)", " num_gangs(1)", " vector_length(32)", " vector_length(64)", " num_gangs(7) vector_length(32)")
	}
	switch k := g.rnd.IntN(10); {
	case k == 0 && d >= 2:
		dirs[0] = fmt.Sprintf("parallel loop collapse(%d)%s %s", d, sizing, data)
	case k == 1 && d >= 2:
		dirs[0] = "parallel loop gang" + sizing + " " + data
		dirs[d-1] = "loop vector"
	case k == 2 && d == 3:
		dirs[0] = "parallel loop gang num_workers(4) vector_length(32) " + data
		dirs[1] = "loop worker"
		dirs[2] = "loop vector"
	case k == 3 && d >= 2:
		dirs[0] = fmt.Sprintf("parallel loop tile(%d, %d)%s %s", 1+g.rnd.IntN(8), []int{2, 4, 32}[g.rnd.IntN(3)], sizing, data)
		if d == 3 {
			dirs[0] = fmt.Sprintf("parallel loop tile(2, 4, 3) %s", data)
		}
	case k == 4:
		for x := range dirs[1:] {
			if g.chance(0.5) {
				dirs[x+1] = "loop independent"
			}
		}
		head = []string{"kernels " + data}
		dirs[0] = "loop independent"
	case k == 5:
		dirs[0] = "serial loop " + data
	case k == 6:
		head = []string{"parallel" + sizing + " " + data}
		dirs[0] = g.pick("loop gang", "loop gang worker", "loop", "loop gang vector")
		if d >= 2 && dirs[0] == "loop gang" {
			dirs[1] = g.pick("loop vector", "loop worker", "loop seq", "")
		}
	case k == 7:
		dirs[0] = "parallel loop gang worker vector" + sizing + " " + data
	default:
		dirs[0] = "parallel loop" + sizing + " " + data
		if d >= 2 && g.chance(0.5) {
			dirs[1] = g.pick("loop", "loop vector", "loop seq", "loop independent")
		}
	}
	return head, dirs
}

// region writes the construct around a nest: head is a construct of its
// own (with braces) when the loop directives are not combined.
func (g *randGen) region(head []string, inner func()) {
	if len(head) == 0 {
		inner()
		return
	}
	g.raw("#pragma acc " + head[0])
	g.line("{")
	inner()
	g.line("}")
}

// randConstructs are the kinds of construct a program is made of.
var randConstructs = []struct {
	name string
	gen  func(g *randGen)
}{
	{"map", randMap}, {"map", randMap}, {"red", randReduction}, {"red", randReduction}, {"rowred", randRowReduction},
	{"priv", randPrivate}, {"atomic", randAtomic}, {"data", randData}, {"kseq", randKernelsSeq}, {"async", randAsync},
	{"arrred", randArrayReduction}, {"struct", randStruct}, {"capture", randCapture}, {"control", randControl},
	{"enterexit", randEnterExit}, {"if", randIf}, {"kimplicit", randKernelsImplicit}, {"routinevec", randRoutineVector},
	{"gangstatic", randGangStatic}, {"levels3", randLevels3}, {"static2d", randStatic2D}, {"loopprivate", randLoopPrivate},
	{"cache", randCache}, {"knest", randKernelsNest}, {"api", randAPI}, {"declare", randDeclare},
	{"atomicfp", randAtomicFloat}, {"serialscalar", randSerialScalar}, {"deepcopy", randDeepCopy},
	{"statictable", randStaticTable}, {"strings", randStrings}, {"ganginit", randGangInit},
	{"ktight", randKernelsTight},
}

// randWord is a string literal of 0 to 7 characters, an escape among them
// at times, and its length.
func (g *randGen) randWord() (string, int) {
	n := 0
	var b strings.Builder
	for range g.rnd.IntN(8) {
		switch g.rnd.IntN(12) {
		case 0:
			b.WriteString(g.pick(`\n`, `\t`, `\\`, `\"`, `\177`, `\351`))
			n++
		case 1:
			b.WriteString(`\xe9" "`) // a hex escape ends its literal ("\xe9a" would read the a); C joins the two
			n++
		default:
			b.WriteByte(byte('a' + g.rnd.IntN(26)))
			n++
		}
	}
	return `"` + b.String() + `"`, n
}

// randStrings: string literals in device code: a char array a literal
// initializes (its length from the literal or larger), a pointer to one,
// a table of pointers to several, indexed by the inputs.
func randStrings(g *randGen) {
	out := g.output("long")
	w, n := g.randWord()
	name := g.id("word")
	var decl string
	switch g.rnd.IntN(4) {
	case 0:
		decl = fmt.Sprintf("char %s[] = %s;", name, w)
	case 1:
		decl = fmt.Sprintf("unsigned char %s[%d] = %s;", name, n+1+g.rnd.IntN(3), w)
	case 2:
		decl = fmt.Sprintf("const char *%s = %s;", name, w)
	default:
		w2, n2 := g.randWord()
		n = min(n, n2)
		decl = fmt.Sprintf("const char *%s_t[2] = {%s, %s}; const char *%s = %s_t[i %% 2];", name, w, w2, name, name)
	}
	g.raw(fmt.Sprintf("#pragma acc %s copyin(in1[0:SIZE]) copy(%s[0:SIZE])", g.pick("parallel loop", "kernels loop independent", "parallel loop gang vector", "serial loop"), out))
	g.line("for (int i = 0; i < SIZE; i++) {")
	g.line("  %s", decl)
	g.line("  %s[i] += (long)%s[(in1[i] %% %d + %d) %% %d] * 3 - in1[i] %% 7;", out, name, n+1, n+1, n+1)
	g.line("}")
}

// randGangInit: an array declared with an initializer in a gang loop's
// body and read by its vector loop (gang-shared), which the gang may
// change first.
func randGangInit(g *randGen) {
	out := g.output("long")
	t := g.id("tab")
	k := 2 + g.rnd.IntN(7)
	ty := g.pick("long", "int", "double", "short")
	var vals []string
	for range k {
		vals = append(vals, fmt.Sprint(g.rnd.IntN(21)-10))
	}
	g.raw(fmt.Sprintf("#pragma acc parallel loop gang%s copyin(in1[0:SIZE]) copy(%s[0:SIZE])", g.pick("", " num_gangs(3)", " vector_length(32)"), out))
	g.line("for (int i = 0; i < N; i++) {")
	g.line("  %s %s[%d] = {%s};", ty, t, k, strings.Join(vals, ", "))
	if g.chance(0.5) {
		g.line("  %s[i %% %d] = (%s)(i %% 5);", t, k, ty)
	}
	g.raw("#pragma acc loop " + g.pick("vector", "worker vector", "worker"))
	g.line("  for (int j = 0; j < M * L; j++)")
	g.line("    %s[i * M * L + j] += (long)%s[(j + in1[i * M * L + j] %% %d + %d) %% %d] - j %% 3;", out, t, k, k, k)
	g.line("}")
}

// randStaticTable: a lookup table declared static in the construct that
// only reads it (a constant copy of its initial value in each work-item),
// with a constant initializer or none (zeros), of an integer or floating
// type, in a parallel loop, a kernels loop or a routine's caller.
func randStaticTable(g *randGen) {
	out := g.output("long")
	t := g.id("table")
	n := 3 + g.rnd.IntN(6)
	ty := g.pick("long", "int", "short", "double")
	var vals []string
	for range n {
		vals = append(vals, fmt.Sprint(g.rnd.IntN(19)-9))
	}
	decl := fmt.Sprintf("static const %s %s[%d] = {%s};", ty, t, n, strings.Join(vals, ", "))
	if g.chance(0.2) {
		decl = fmt.Sprintf("static %s %s[%d];", ty, t, n) // zeros
	}
	g.raw(fmt.Sprintf("#pragma acc %s copyin(in1[0:SIZE]) copy(%s[0:SIZE])", g.pick("parallel loop", "kernels loop independent", "parallel loop gang vector"), out))
	g.line("for (int i = 0; i < SIZE; i++) {")
	g.line("  %s", decl)
	if g.chance(0.5) {
		g.line("  static const long bias = %d;", g.rnd.IntN(7))
		g.line("  %s[i] += (long)(%s[(in1[i] %% %d + %d) %% %d] * 2) + bias;", out, t, n, n, n)
	} else {
		g.line("  %s[i] += (long)(%s[i %% %d] * 3) - in1[i] %% 5;", out, t, n)
	}
	g.line("}")
}

// randAPI: data moved with the acc_* routines, a deviceptr clause on
// acc_malloc memory, and acc_is_present.
func randAPI(g *randGen) {
	x := g.output("long")
	d := g.id("dev")
	g.line("for (int i = 0; i < SIZE; i++) %s[i] = in1[i];", x)
	g.line("acc_copyin(%s, SIZE * sizeof(long));", x)
	g.line("long *%s = acc_malloc(SIZE * sizeof(long));", d)
	g.line("acc_memcpy_to_device(%s, in2, SIZE * sizeof(long));", d)
	g.raw(fmt.Sprintf("#pragma acc parallel loop present(%s[0:SIZE]) deviceptr(%s)", x, d))
	g.line("for (int i = 0; i < SIZE; i++) %s[i] = %s[i] * 3 - %s[SIZE - 1 - i];", x, x, d)
	g.line("if (!acc_is_present(%s, SIZE * sizeof(long))) %s[0] = -999;", x, x)
	if g.chance(0.5) {
		g.line("acc_update_self(%s, SIZE / 2 * sizeof(long));", x)
		g.line("for (int i = 0; i < SIZE / 2; i++) %s[i] += 1;", x)
		g.line("acc_update_device(%s, SIZE / 2 * sizeof(long));", x)
	}
	g.line("acc_copyout(%s, SIZE * sizeof(long));", x)
	g.line("acc_free(%s);", d)
}

// randDeclare: a global array on the device with declare create, written
// by one construct, read by a routine, brought back by update.
func randDeclare(g *randGen) {
	name := g.id("glob")
	g.globals = append(g.globals, fmt.Sprintf("static long %s[64];\n#pragma acc declare create(%s)\n", name, name))
	out := g.output("long")
	g.raw(fmt.Sprintf("#pragma acc parallel loop present(%s)", name))
	g.line("for (int q = 0; q < 64; q++) %s[q] = q * q %% 17;", name)
	g.raw(fmt.Sprintf("#pragma acc parallel loop copyin(in1[0:SIZE]) copy(%s[0:SIZE])", out))
	g.line("for (int i = 0; i < SIZE; i++) %s[i] = %s[(in1[i] & 63)] + in1[i];", out, name)
	g.raw(fmt.Sprintf("#pragma acc update self(%s)", name))
	g.outputs = append(g.outputs, randOut{name: name, ctype: "long", length: "64"})
}

// randAtomicFloat: atomic updates of float and double sums of small
// integers (exact in any order).
func randAtomicFloat(g *randGen) {
	ctype := g.pick("float", "double")
	h := g.id("fsum")
	g.line("%s %s[4] = {0, 1, 2, 3};", ctype, h)
	g.outputs = append(g.outputs, randOut{name: h, ctype: ctype, length: "4"})
	ls := g.loops(1+g.rnd.IntN(2), false)
	e := g.expr(ls, 2)
	g.raw(fmt.Sprintf("#pragma acc parallel loop %s copyin(in1[0:SIZE], in2[0:SIZE]) copy(%s)", g.pick("", "gang vector", "collapse(2)"), h))
	if len(ls) == 1 {
		s := g.body.String()
		g.body.Reset()
		g.body.WriteString(strings.Replace(s, "parallel loop collapse(2) copyin", "parallel loop copyin", 1))
	}
	g.nest(ls, make([]string, len(ls)), func() {
		g.line("long v = (%s) %% 8;", e)
		g.raw("#pragma acc atomic")
		g.line("%s[v & 3] += (%s)v;", h, ctype)
	})
}

// randSerialScalar: a serial construct's scalar code: a running value over
// a loop, conditionals, a scalar copied back.
func randSerialScalar(g *randGen) {
	r := g.id("acc")
	g.line("long %s = %d;", r, g.rnd.IntN(9))
	g.outputs = append(g.outputs, randOut{name: r, ctype: "long"})
	g.raw(fmt.Sprintf("#pragma acc serial copyin(in1[0:SIZE]) copy(%s)", r))
	g.line("{")
	g.line("  for (int i = 0; i < SIZE; i++) {")
	g.line("    if (in1[i] > %s %% 50) %s = (%s * 3 + in1[i]) %% 100003;", r, r, r)
	g.line("    else %s -= i & 7;", r)
	g.line("  }")
	g.line("}")
}

// randLevels3: reductions at the worker and the vector level of one gang
// iteration, combined into its element.
func randLevels3(g *randGen) {
	out := g.output("long")
	w, v := []int{1, 2, 4, 8}[g.rnd.IntN(4)], []int{1, 8, 32, 128}[g.rnd.IntN(4)]
	ls := g.loops(3, g.chance(0.5))
	e := g.expr(ls, 2)
	g.raw(fmt.Sprintf("#pragma acc parallel loop gang num_workers(%d) vector_length(%d) copyin(in1[0:SIZE], in2[0:SIZE]) copy(%s[0:SIZE])", w, v, out))
	g.line("%s {", ls[0].header)
	g.line("  long s1 = %d;", g.rnd.IntN(4))
	g.raw("#pragma acc loop worker reduction(+:s1)")
	g.line("  %s {", ls[1].header)
	g.line("    long s2 = 1;")
	g.raw("#pragma acc loop vector reduction(" + g.pick("+", "max", "^") + ":s2)")
	g.line("    %s {", ls[2].header)
	g.line("      long x = (%s) %% 1000;", e)
	g.line("      s2 = %s;", g.pick("s2 + x", "(x > s2 ? x : s2)", "s2 ^ x"))
	g.line("    }")
	g.line("    s1 += s2;")
	g.line("  }")
	g.line("  %s[i] = s1;", out)
	g.line("}")
	// the vector reduction's update matches its operator
	body := g.body.String()
	for _, pair := range [][2]string{{"reduction(+:s2)", "s2 + x"}, {"reduction(max:s2)", "(x > s2 ? x : s2)"}, {"reduction(^:s2)", "s2 ^ x"}} {
		if i := strings.LastIndex(body, "reduction("); i >= 0 && strings.HasPrefix(body[i:], pair[0]) {
			j := strings.LastIndex(body, "s2 = ")
			k := j + strings.Index(body[j:], ";")
			body = body[:j] + "s2 = " + pair[1] + body[k:]
		}
	}
	g.body.Reset()
	g.body.WriteString(body)
}

// randStatic2D: a function over 2-D arrays, a variable-length one
// (parameter) and a fixed-size one, with two-dimensional subscripts.
func randStatic2D(g *randGen) {
	fn := g.id("grid")
	out := g.output("double")
	ls := g.loops(2, false)
	e := g.expr(ls, 2)
	var f strings.Builder
	fmt.Fprintf(&f, "static void %s(int n, int m, const long *in1, const long *in2, double a[n][m], double (*b)[M])\n{\n", fn)
	fmt.Fprintf(&f, "#pragma acc parallel loop %s copyin(in1[0:SIZE], in2[0:SIZE]) copy(a[0:n][0:m]) copyout(b[0:N])\n", g.pick("collapse(2)", "gang", "", "tile(4, 4)"))
	fmt.Fprintf(&f, "  for (int i = 0; i < n; i++)\n    for (int j = 0; j < m; j++) {\n")
	fmt.Fprintf(&f, "      b[i][j] = a[i][j] * 0.5;\n")
	fmt.Fprintf(&f, "      a[i][j] = (double)(%s) + b[i][j];\n    }\n}\n\n", strings.ReplaceAll(strings.ReplaceAll(e, "for (int i", "for (int i"), "\n", ""))
	_ = ls
	g.funcs = append(g.funcs, f.String())
	g.line("{")
	g.line("  double (*b)[M] = malloc(sizeof(double[N][M]));")
	g.line("  for (int i = 0; i < SIZE; i++) %s[i] = (double)(in1[i] %% 9);", out)
	g.line("  %s(N, M, in1, in2, (double (*)[M])%s, b);", fn, out)
	g.line("  double t = 0;")
	g.line("  for (int i = 0; i < N; i++) for (int j = 0; j < M; j++) t += b[i][j] * (i + 2 * j);")
	g.line("  printf(\"%s_b %%.17g\\n\", t);", fn)
	g.line("  free(b);")
	g.line("}")
}

// randLoopPrivate: private clauses on loops inside a parallel construct.
func randLoopPrivate(g *randGen) {
	out := g.output("long")
	ls := g.loops(2, false)
	e := g.expr(ls, 2)
	g.raw(fmt.Sprintf("#pragma acc parallel copyin(in1[0:SIZE], in2[0:SIZE]) copy(%s[0:SIZE])", out))
	g.line("{")
	g.line("  long t, u[3];")
	g.raw("#pragma acc loop gang private(t)")
	g.line("  %s {", ls[0].header)
	g.line("    t = in1[i] * 2;")
	g.raw("#pragma acc loop vector private(u)")
	g.line("    %s {", ls[1].header)
	g.line("      u[0] = %s; u[1] = u[0] + t; u[2] = u[1] * 3 %% 17;", e)
	g.line("      %s[i * M + j] = u[0] + u[1] - u[2];", out)
	g.line("    }")
	g.line("  }")
	g.line("}")
}

// randCache: the cache directive on the elements an iteration reads.
func randCache(g *randGen) {
	out := g.output("long")
	g.raw(fmt.Sprintf("#pragma acc parallel loop %s copyin(in1[0:SIZE]) copy(%s[0:SIZE])", g.pick("", "gang vector", "vector_length(32)"), out))
	g.line("for (int i = 1; i < SIZE - 1; i++) {")
	g.raw("#pragma acc cache(in1[i - 1:3])")
	g.line("  %s[i] = in1[i - 1] - 2 * in1[i] + in1[i + 1];", out)
	g.line("}")
}

// randKernelsNest: a kernels construct whose nest the compiler partitions
// itself, with a row reduction inside.
func randKernelsNest(g *randGen) {
	out := g.output("long")
	ls := g.loops(2, g.chance(0.5))
	e := g.expr(ls, 2)
	g.raw(fmt.Sprintf("#pragma acc kernels copyin(in1[0:SIZE], in2[0:SIZE]) copy(%s[0:SIZE])", out))
	g.line("%s {", ls[0].header)
	g.line("  long s = 0;")
	g.line("  %s", ls[1].header)
	g.line("    s += (%s) %% 100;", e)
	g.line("  %s[i] = s;", out)
	g.line("}")
}

// randKernelsTight: a kernels construct over a tight nest without loop
// directives, which the compiler collapses when the whole nest is
// independent (a map, a sum) and takes back to its outer loop, or keeps
// sequential, when the innermost loop carries a value along a row.
func randKernelsTight(g *randGen) {
	d := 2 + g.rnd.IntN(2)
	ls := g.loops(d, g.chance(0.5))
	out := g.output("long")
	e := g.expr(ls, 2)
	head := fmt.Sprintf("#pragma acc kernels copyin(in1[0:SIZE], in2[0:SIZE]) copy(%s[0:SIZE])", out)
	switch g.rnd.IntN(3) {
	case 0:
		g.raw(head)
		g.nest(ls, make([]string, d), func() { g.line("%s[%s] = (%s) %% 1000;", out, flat(ls), e) })
	case 1:
		r := g.id("sum")
		g.line("long %s = %d;", r, g.rnd.IntN(5))
		g.outputs = append(g.outputs, randOut{name: r, ctype: "long"})
		g.raw(strings.Replace(head, "copy(", "copy("+r+", ", 1))
		g.nest(ls, make([]string, d), func() { g.line("%s += (%s) %% 100;", r, e) })
	default:
		last := ls[d-1].v
		g.raw(head)
		g.nest(ls, make([]string, d), func() {
			g.line("%s[%s] = (%s) %% 100 + (%s > 0 ? %s[%s - 1] : 0);", out, flat(ls), e, last, out, flat(ls))
		})
	}
}

// randArrayReduction: a reduction of a whole array (OpenACC 2.7), each
// iteration adding to an element it picks.
func randArrayReduction(g *randGen) {
	ls := g.loops(1+g.rnd.IntN(2), false)
	ctype := g.pick("long", "int", "double")
	op := g.pick("+", "+", "max", "min", "|", "^")
	if ctype == "double" && (op == "|" || op == "^") {
		op = "+"
	}
	h := g.id("hist")
	g.line("%s %s[10];", ctype, h)
	g.line("for (int q = 0; q < 10; q++) %s[q] = q - 4;", h)
	g.outputs = append(g.outputs, randOut{name: h, ctype: ctype, length: "10"})
	dir := g.pick("parallel loop", "parallel loop gang", "parallel loop gang vector", "parallel loop collapse(2)", "kernels loop")
	if len(ls) == 1 {
		dir = strings.Replace(dir, " collapse(2)", "", 1)
	}
	e := g.expr(ls, 2)
	g.raw(fmt.Sprintf("#pragma acc %s reduction(%s:%s) copyin(in1[0:SIZE], in2[0:SIZE])", dir, op, h))
	g.nest(ls, make([]string, len(ls)), func() {
		g.line("long b = (%s) & 7, v = (%s) %% 100;", e, g.expr(ls, 1))
		switch op {
		case "max":
			g.line("%s[b] = v > %s[b] ? v : %s[b];", h, h, h)
		case "min":
			g.line("%s[b] = v < %s[b] ? v : %s[b];", h, h, h)
		default:
			g.line("%s[b] %s= v;", h, op)
		}
	})
}

// randStruct: an array of structs in and out, a struct firstprivate.
func randStruct(g *randGen) {
	ls := g.loops(1, false)
	t, arr, k := g.id("S"), g.id("st"), g.id("coef")
	g.line("struct %s { long a; double b; int c[3]; char d; };", t)
	g.line("struct %s *%s = calloc(N, sizeof(struct %s)), %s = {3, -1.5, {1, 2, 3}, 'x'};", t, arr, t, k)
	g.line("for (int i = 0; i < N; i++) { %s[i].a = in1[i]; %s[i].b = in2[i] * 0.5; }", arr, arr)
	out := g.output("double")
	e := g.expr(ls, 2)
	g.raw(fmt.Sprintf("#pragma acc %s firstprivate(%s) copy(%s[0:N], %s[0:SIZE]) copyin(in1[0:SIZE], in2[0:SIZE])",
		g.pick("parallel loop", "parallel loop gang vector", "serial loop"), k, arr, out))
	g.line("%s {", ls[0].header)
	g.line("  %s[i].c[i %% 3] = (int)(%s);", arr, e)
	g.line("  %s[i].d = (char)(%s[i].a & 63);", arr, arr)
	g.line("  %s[i] = %s[i].b * %s.b + %s.c[i %% 3] + %s[i].c[i %% 3] + %s[i].d + %s.a;", out, arr, k, k, arr, arr, k)
	g.line("}")
	sum := g.output("long")
	g.line("for (int i = 0; i < N; i++) %s[i] = %s[i].a + %s[i].c[0] + %s[i].c[1] * 3 + %s[i].c[2] * 7 + %s[i].d;", sum, arr, arr, arr, arr, arr)
}

// randDeepCopy: the manual deep copy of cells that a struct's pointer
// member points to or that are an array member of the struct, each cell
// with data of its own length (w in the cell or in a struct embedded in
// it, c->d.w; walls of another array that the cells point to, c->wp->f,
// tested for NULL): entered member by member, then used in kernels
// through the path (m->cell[i].w[k]), a pointer to the current cell
// (declared, or private and assigned), or a local pointer to the cells; a
// second kernel reads a neighbour's data; exit data with and without
// bounds.
func randDeepCopy(g *randGen) {
	c, mt, m, out := g.id("C"), g.id("M"), g.id("mesh"), g.output("long")
	// the cells: what a pointer member points to, or an array member (at
	// an offset that is no multiple of a cell's size)
	inline := g.chance(0.3)
	// w: a member of the cell, or of a struct embedded in it (c->d.w)
	w := "w"
	// walls: another array of structs that the cells point to, one
	// pointer member further (c->wp->f), some cells without one
	walls, wt := "", c+"P"
	if g.chance(0.3) {
		walls = g.id("walls")
		g.line("struct %s { int pad; double *f; };", wt)
	}
	wp := ""
	if walls != "" {
		wp = fmt.Sprintf(" struct %s *wp;", wt)
	}
	if g.chance(0.3) {
		w = "d.w"
		g.line("struct %sW { int pad; double *w; };", c)
		g.line("struct %s { int n; long *u; struct %sW d;%s };", c, c, wp)
	} else {
		g.line("struct %s { int n; long *u; double *w;%s };", c, wp)
	}
	if inline {
		g.line("struct %s { int count; struct %s cell[N]; } *%s = malloc(sizeof *%s);", mt, c, m, m)
	} else {
		g.line("struct %s { int count; struct %s *cell; } *%s = malloc(sizeof *%s);", mt, c, m, m)
		g.line("%s->cell = malloc(N * sizeof(struct %s));", m, c)
	}
	g.line("%s->count = N;", m)
	g.line("for (int i = 0; i < N; i++) {")
	g.line("  %s->cell[i].n = 1 + (i * 7) %% %s;", m, g.pick("5", "3", "M"))
	g.line("  %s->cell[i].u = malloc(%s->cell[i].n * sizeof(long));", m, m)
	g.line("  %s->cell[i].%s = malloc(%s->cell[i].n * sizeof(double));", m, w, m)
	g.line("  for (int k = 0; k < %s->cell[i].n; k++) %s->cell[i].u[k] = in1[(i + k) %% SIZE];", m, m)
	g.line("}")
	if walls != "" {
		g.line("struct %s *%s = malloc(N * sizeof(struct %s));", wt, walls, wt)
		g.line("for (int i = 0; i < N; i++) {")
		g.line("  %s[i].pad = i;", walls)
		g.line("  %s[i].f = malloc(2 * sizeof(double));", walls)
		g.line("  %s[i].f[0] = in1[i] %% 11;", walls)
		g.line("  %s[i].f[1] = i;", walls)
		g.line("  %s->cell[i].wp = i %% 5 == 2 ? NULL : &%s[(i * 3) %% N];", m, walls)
		g.line("}")
		g.raw(fmt.Sprintf("#pragma acc enter data copyin(%s[0:N])", walls))
		g.line("for (int i = 0; i < N; i++) {")
		g.raw(fmt.Sprintf("#pragma acc enter data copyin(%s[i].f[0:2])", walls))
		g.line("}")
	}
	g.raw(fmt.Sprintf("#pragma acc enter data copyin(%s)", g.pick(m+"[0:1]", m)))
	if !inline {
		g.raw(fmt.Sprintf("#pragma acc enter data copyin(%s->cell[0:%s])", m, g.pick("N", m+"->count")))
	}
	g.line("for (int i = 0; i < N; i++) {")
	g.raw(fmt.Sprintf("#pragma acc enter data copyin(%s->cell[i].u[0:%s->cell[i].n]) create(%s->cell[i].%s[0:%s->cell[i].n])", m, m, m, w, m))
	g.line("}")
	e := "(double)(%[1]su[k] * 3 - k) * 0.5 + i" // %[1]s: the cell, with its member operator
	switch g.rnd.IntN(4) {
	case 0: // the path
		g.raw(fmt.Sprintf("#pragma acc parallel loop present(%s[0:1])", m))
		g.line("for (int i = 0; i < N; i++)")
		g.line("  for (int k = 0; k < %s->cell[i].n; k++)", m)
		g.line("    %s->cell[i].%s[k] = %s;", m, w, fmt.Sprintf(e, m+"->cell[i]."))
	case 1: // a pointer to the current cell, declared in the loop
		g.raw(fmt.Sprintf("#pragma acc %s present(%s[0:1])", g.pick("parallel loop", "parallel loop gang vector", "kernels loop independent"), m))
		g.line("for (int i = 0; i < N; i++) {")
		g.line("  struct %s *c = %s;", c, g.pick("&"+m+"->cell[i]", m+"->cell + i"))
		g.line("  for (int k = 0; k < c->n; k++)")
		g.line("    c->%s[k] = %s;", w, fmt.Sprintf(e, "c->"))
		g.line("}")
	case 2: // private and assigned
		cur := g.id("cur")
		g.line("struct %s *%s = NULL;", c, cur)
		g.raw(fmt.Sprintf("#pragma acc parallel loop present(%s[0:1]) private(%s)", m, cur))
		g.line("for (int i = 0; i < N; i++) {")
		g.line("  %s = &%s->cell[i];", cur, m)
		g.line("  for (int k = 0; k < %s->n; k++)", cur)
		g.line("    %s->%s[k] = %s;", cur, w, fmt.Sprintf(e, cur+"->"))
		g.line("}")
	case 3: // a local pointer to the cells
		cells := g.id("cells")
		g.line("struct %s *%s = %s->cell;", c, cells, m)
		g.raw("#pragma acc parallel loop")
		g.line("for (int i = 0; i < N; i++)")
		g.line("  for (int k = 0; k < %s[i].n; k++)", cells)
		g.line("    %s[i].%s[k] = %s;", cells, w, fmt.Sprintf(e, cells+"[i]."))
	}
	if walls != "" { // through the walls, a missing one tested
		g.raw(fmt.Sprintf("#pragma acc parallel loop present(%s[0:1])", m))
		g.line("for (int i = 0; i < N; i++) {")
		if g.chance(0.5) {
			g.line("  struct %s *c = &%s->cell[i];", c, m)
			g.line("  if (c->wp) c->u[0] += (long)c->wp->f[0] + (long)c->wp->f[1]; else c->u[0] -= 1;")
		} else {
			g.line("  if (%[1]s->cell[i].wp != NULL) %[1]s->cell[i].u[0] += (long)%[1]s->cell[i].wp->f[0]; else %[1]s->cell[i].u[0] -= 2;", m)
		}
		g.line("}")
	}
	if g.chance(0.5) { // a neighbour's data, in a serial construct or a loop
		g.raw(fmt.Sprintf("#pragma acc %s present(%s[0:1])", g.pick("parallel loop", "serial loop"), m))
		g.line("for (int i = 1; i < N; i++) {")
		g.line("  struct %s *c = &%s->cell[i], *l = c - 1;", c, m)
		g.line("  c->u[0] += (long)l->%s[0] %% 17;", w)
		g.line("}")
	}
	g.line("for (int i = 0; i < N; i++) {")
	g.raw(fmt.Sprintf("#pragma acc exit data copyout(%s->cell[i].%s[0:%s->cell[i].n]) %s", m, w, m,
		g.pick(fmt.Sprintf("copyout(%s->cell[i].u[0:%s->cell[i].n])", m, m), fmt.Sprintf("copyout(%s->cell[i].u)", m))))
	g.line("}")
	if !inline {
		g.raw(fmt.Sprintf("#pragma acc exit data delete(%s->cell[0:N])", m))
	}
	g.raw(fmt.Sprintf("#pragma acc exit data delete(%s[0:1])", m))
	if walls != "" {
		g.line("for (int i = 0; i < N; i++) {")
		g.raw(fmt.Sprintf("#pragma acc exit data delete(%s[i].f)", walls))
		g.line("  free(%s[i].f);", walls)
		g.line("}")
		g.raw(fmt.Sprintf("#pragma acc exit data delete(%s[0:N])", walls))
		g.line("free(%s);", walls)
	}
	g.line("for (int i = 0; i < N; i++) {")
	g.line("  for (int k = 0; k < %s->cell[i].n; k++) %s[i] += (long)(%s->cell[i].%s[k] * 2) + %s->cell[i].u[k];", m, out, m, w, m)
	g.line("  free(%s->cell[i].u);", m)
	g.line("  free(%s->cell[i].%s);", m, w)
	g.line("}")
	if !inline {
		g.line("free(%s->cell);", m)
	}
	g.line("free(%s);", m)
}

// randCapture: atomic captures of a counter; the sum of the values
// captured does not depend on the order.
func randCapture(g *randGen) {
	ls := g.loops(1, true)
	cnt, tot := g.id("cnt"), g.id("captured")
	g.line("long %s[4] = {0, 0, 0, 0}, %s = 0;", cnt, tot)
	g.outputs = append(g.outputs, randOut{name: cnt, ctype: "long", length: "4"}, randOut{name: tot, ctype: "long"})
	g.raw(fmt.Sprintf("#pragma acc parallel loop copy(%s) copyin(in1[0:SIZE]) reduction(+:%s)", cnt, tot))
	g.line("%s {", ls[0].header)
	g.line("  long v, b = in1[i] & 3;")
	switch g.rnd.IntN(3) {
	case 0:
		g.raw("#pragma acc atomic capture")
		g.line("  v = %s[b]++;", cnt)
	case 1:
		g.raw("#pragma acc atomic capture")
		g.line("  { v = %s[b]; %s[b] += 2; }", cnt, cnt)
	default:
		g.raw("#pragma acc atomic capture")
		g.line("  { %s[b]++; v = %s[b]; }", cnt, cnt)
	}
	g.line("  %s += v;", tot)
	g.line("}")
}

// randControl: loop bodies with while loops, switch, break and continue.
func randControl(g *randGen) {
	ls := g.loops(1, false)
	out := g.output("long")
	e := g.expr(ls, 2)
	g.raw(fmt.Sprintf("#pragma acc %s copyin(in1[0:SIZE], in2[0:SIZE]) copy(%s[0:SIZE])", g.pick("parallel loop", "kernels loop independent", "parallel loop gang vector", "serial loop"), out))
	g.line("%s {", ls[0].header)
	g.line("  long x = %s, steps = 0;", e)
	g.line("  while (x != 1 && steps < 40) { x = (x & 1) ? 3 * x + 1 : x / 2; steps++; }")
	g.line("  for (int q = 0; q < 8; q++) {")
	g.line("    if (q == in2[i] %% 5) continue;")
	g.line("    if (q > 5 && (x & 1)) break;")
	g.line("    switch ((int)(in1[i] + q) & 3) {")
	g.line("    case 0: steps += q; break;")
	g.line("    case 1: steps -= 1;")
	g.line("    case 2: steps *= 2; break;")
	g.line("    default: steps ^= q;")
	g.line("    }")
	g.line("  }")
	g.line("  %s[i] = steps %% 100000;", out)
	g.line("}")
}

// randEnterExit: unstructured data, partial updates, and a construct on
// the present data with default(present).
func randEnterExit(g *randGen) {
	x := g.output("long")
	g.line("for (int i = 0; i < SIZE; i++) %s[i] = in2[i];", x)
	g.raw(fmt.Sprintf("#pragma acc enter data copyin(%s[0:SIZE])", x))
	g.raw(fmt.Sprintf("#pragma acc parallel loop default(present)"))
	g.line("for (int i = 0; i < SIZE; i++) %s[i] += i %% 5;", x)
	lo := g.pick("0", "1", "SIZE / 3")
	g.raw(fmt.Sprintf("#pragma acc update self(%s[%s:SIZE - %s])", x, lo, lo))
	y := g.output("long")
	g.line("for (int i = %s; i < SIZE; i++) %s[i] = %s[i] * 2;", lo, y, x)
	g.raw(fmt.Sprintf("#pragma acc exit data copyout(%s[0:SIZE])", x))
}

// randIf: compute constructs whose if clause is false run on the host.
func randIf(g *randGen) {
	ls := g.loops(1, false)
	out := g.output("long")
	c := g.id("cond")
	g.line("int %s = %d;", c, g.rnd.IntN(2))
	e := g.expr(ls, 2)
	g.raw(fmt.Sprintf("#pragma acc parallel loop if(%s) copyin(in1[0:SIZE], in2[0:SIZE]) copy(%s[0:SIZE])", c, out))
	g.line("%s %s[i] = %s;", ls[0].header, out, e)
}

// randKernelsImplicit: a kernels construct with no clauses: implicit
// data, a reduction the compiler finds, a scalar written and read.
func randKernelsImplicit(g *randGen) {
	out := g.output("long")
	r := g.id("sum")
	g.line("long %s = %d;", r, g.rnd.IntN(5))
	g.outputs = append(g.outputs, randOut{name: r, ctype: "long"})
	g.raw("#pragma acc kernels")
	g.line("{")
	g.line("  for (int i = 0; i < SIZE; i++) %s += in1[i] * (i %% 3);", r)
	g.line("  for (int i = 0; i < SIZE; i++) %s[i] = in2[i] + i;", out)
	g.line("}")
}

// randRoutineVector: a vector routine (a loop over a row) called from a
// gang loop.
func randRoutineVector(g *randGen) {
	out := g.output("long")
	g.raw("#pragma acc parallel loop gang copyin(in1[0:SIZE]) copy(" + out + "[0:SIZE])")
	g.line("for (int i = 0; i < N; i++)")
	g.line("  row_vec(in1 + (size_t)i * M * L, %s + (size_t)i * M * L, M * L, i);", out)
}

// randGangStatic: gang(static:) chunks and gang(num:).
func randGangStatic(g *randGen) {
	ls := g.loops(1, false)
	out := g.output("int")
	e := g.expr(ls, 2)
	g.raw(fmt.Sprintf("#pragma acc parallel loop gang(%s) num_gangs(%d) copyin(in1[0:SIZE], in2[0:SIZE]) copy(%s[0:SIZE])",
		g.pick("static:1", "static:3", "static:*", "num:5"), 1+g.rnd.IntN(5), out))
	if strings.Contains(g.body.String()[strings.LastIndex(g.body.String(), "#pragma"):], "num:") {
		// gang(num:) and num_gangs together are an error: keep one
		s := g.body.String()
		i := strings.LastIndex(s, " num_gangs(")
		j := i + strings.Index(s[i:], ")") + 1
		g.body.Reset()
		g.body.WriteString(s[:i] + s[j:])
	}
	g.line("%s %s[i] = (int)(%s);", ls[0].header, out, e)
}

// randMap: each iteration writes its own element.
func randMap(g *randGen) {
	d := 1 + g.rnd.IntN(3)
	ls := g.loops(d, false)
	ctype := g.pick("long", "int", "double")
	out := g.output(ctype)
	head, dirs := g.shape(d, fmt.Sprintf("copyin(in1[0:SIZE], in2[0:SIZE]) copy(%s[0:SIZE])", out))
	e := g.expr(ls, 3)
	g.region(head, func() {
		g.nest(ls, dirs, func() { g.line("%s[%s] = %s;", out, flat(ls), e) })
	})
}

// randReduction: a reduction over a whole nest, of a random operator and type.
func randReduction(g *randGen) {
	type opT struct{ op, types string }
	ops := []opT{{"+", "long int unsigned double float"}, {"*", "unsigned double"}, {"max", "long int double"},
		{"min", "long int float"}, {"&", "long unsigned"}, {"|", "int long"}, {"^", "long unsigned"},
		{"&&", "int"}, {"||", "int"}}
	o := ops[g.rnd.IntN(len(ops))]
	ts := strings.Fields(o.types)
	ctype := ts[g.rnd.IntN(len(ts))]
	d := 1 + g.rnd.IntN(3)
	ls := g.loops(d, false)
	r := g.id("r")
	init := strconv.Itoa(g.rnd.IntN(7) - 3)
	switch {
	case ctype == "unsigned":
		init = strconv.Itoa(g.rnd.IntN(7))
	case o.op == "&&" || o.op == "||": // a truth value, which the reduction's combination keeps
		init = strconv.Itoa(g.rnd.IntN(2))
	}
	g.line("%s %s = %s;", ctype, r, init)
	g.outputs = append(g.outputs, randOut{name: r, ctype: ctype})
	head, dirs := g.shape(d, "copyin(in1[0:SIZE], in2[0:SIZE])")
	red := fmt.Sprintf(" reduction(%s:%s)", o.op, r)
	if len(head) > 0 && !strings.HasPrefix(head[0], "kernels") {
		head[0] += red
		if g.chance(0.5) { // also on the loop, as OpenACC lets both carry it
			dirs[0] += red
		}
	} else if len(head) > 0 {
		dirs[0] += red
	} else {
		dirs[0] += red
	}
	for x := 1; x < d; x++ {
		if dirs[x] != "" && !strings.Contains(dirs[x], "seq") {
			dirs[x] += red
		}
	}
	v := g.expr(ls, 2)
	switch {
	case o.op == "*" && ctype == "double":
		v = "((" + v + ") % 5 == 0 ? -1.0 : 1.0)"
	case ctype == "float": // sums stay below 2^24: exact in any order
		v = "(float)((" + v + ") % 10)"
	case ctype == "double":
		v = "(double)((" + v + ") % 1000)"
	case ctype == "unsigned":
		v = "(unsigned)(" + v + ")"
	case ctype == "int":
		v = "(int)((" + v + ") % 100000)"
	}
	var upd string
	switch o.op {
	case "max":
		upd = fmt.Sprintf("%s = %s > %s ? %s : %s;", r, v, r, v, r)
		if g.chance(0.5) && ctype == "double" {
			upd = fmt.Sprintf("%s = fmax(%s, %s);", r, r, v)
		}
	case "min":
		upd = fmt.Sprintf("%s = %s < %s ? %s : %s;", r, v, r, v, r)
	case "&&", "||":
		upd = fmt.Sprintf("%s = %s %s ((%s) %% 3 != 0);", r, r, o.op, v)
	default:
		if g.chance(0.5) {
			upd = fmt.Sprintf("%s %s= %s;", r, o.op, v)
		} else {
			upd = fmt.Sprintf("%s = %s %s %s;", r, r, o.op, v)
		}
	}
	g.region(head, func() {
		g.nest(ls, dirs, func() { g.line("%s", upd) })
	})
}

// randRowReduction: a gang loop whose body reduces an inner loop (at the
// worker or vector level, or sequentially) into its own element.
func randRowReduction(g *randGen) {
	ls := g.loops(2, g.chance(0.5))
	ctype := g.pick("long", "double", "int")
	op := g.pick("+", "max", "+", "^")
	if op == "^" && ctype == "double" {
		op = "+"
	}
	out := g.output(ctype)
	outer := g.pick("parallel loop gang", "parallel loop gang num_workers(4)", "parallel loop", "kernels loop gang")
	inner := g.pick("loop vector", "loop worker", "loop worker vector", "loop", "loop seq")
	if strings.HasPrefix(outer, "kernels") && inner == "loop" {
		inner = "loop vector"
	}
	if inner != "loop seq" {
		inner += " reduction(" + op + ":s)"
	}
	g.raw(fmt.Sprintf("#pragma acc %s copyin(in1[0:SIZE], in2[0:SIZE]) copy(%s[0:SIZE])", outer, out))
	g.line("%s {", ls[0].header)
	g.line("  %s s = %d;", ctype, g.rnd.IntN(5))
	g.raw("#pragma acc " + inner)
	g.line("  %s {", ls[1].header)
	v := "(" + ctype + ")((" + g.expr(ls, 2) + ") % 1000)"
	if op == "max" {
		g.line("    s = %s > s ? %s : s;", v, v)
	} else {
		g.line("    s %s= %s;", op, v)
	}
	g.line("  }")
	g.line("  %s[i] = s;", out)
	g.line("}")
}

// randPrivate: private scalars and arrays, and a firstprivate value.
func randPrivate(g *randGen) {
	ls := g.loops(1+g.rnd.IntN(2), false)
	out := g.output("long")
	t, a, base := g.id("t"), g.id("a"), g.id("base")
	g.line("long %s, %s[4], %s = %d;", t, a, base, g.rnd.IntN(9))
	e := g.expr(ls, 2)
	dir := g.pick("parallel loop gang vector", "parallel loop", "parallel loop gang", "serial loop")
	g.raw(fmt.Sprintf("#pragma acc %s private(%s, %s) firstprivate(%s) copyin(in1[0:SIZE], in2[0:SIZE]) copy(%s[0:SIZE])", dir, t, a, base, out))
	g.line("%s {", ls[0].header)
	if len(ls) == 2 {
		g.line("  for (int j = 0; j < M; j++) {")
	} else {
		g.line("  {")
	}
	g.line("    %s = %s;", t, e)
	g.line("    for (int q = 0; q < 4; q++) %s[q] = %s * (q + 1) + %s;", a, t, base)
	idx := "i"
	if len(ls) == 2 {
		idx = "i * M + j"
	}
	g.line("    %s[%s] = %s[0] - %s[3] + %s * %s;", out, idx, a, a, t, base)
	g.line("  }")
	g.line("}")
}

// randAtomic: a histogram with atomic updates of several operators.
func randAtomic(g *randGen) {
	ls := g.loops(1+g.rnd.IntN(2), false)
	ctype := g.pick("long", "int", "double", "unsigned")
	hist := g.id("hist")
	g.line("%s *%s = calloc(16, sizeof(%s));", ctype, hist, ctype)
	g.outputs = append(g.outputs, randOut{name: hist, ctype: ctype, length: "16"})
	op := g.pick("+=", "-=", "+=", "|=", "^=")
	if ctype == "double" && (op == "|=" || op == "^=") {
		op = "+="
	}
	e := g.expr(ls, 2)
	dir := g.pick("parallel loop", "parallel loop collapse(2)", "parallel loop gang vector", "kernels loop independent")
	if len(ls) == 1 {
		dir = strings.Replace(dir, " collapse(2)", "", 1)
	}
	g.raw(fmt.Sprintf("#pragma acc %s copyin(in1[0:SIZE], in2[0:SIZE]) copy(%s[0:16])", dir, hist))
	g.nest(ls, make([]string, len(ls)), func() {
		g.line("long b = (%s) & 15;", e)
		g.raw("#pragma acc atomic update")
		g.line("%s[b] %s (%s)(b + 1);", hist, op, ctype)
	})
}

// randData: a data region with construct, update self, host change,
// update device and a second construct over present data.
func randData(g *randGen) {
	x := g.output("long")
	g.line("for (int i = 0; i < SIZE; i++) %s[i] = in1[i];", x)
	g.raw(fmt.Sprintf("#pragma acc data copy(%s[0:SIZE]) copyin(in2[0:SIZE])", x))
	g.line("{")
	g.raw(fmt.Sprintf("#pragma acc parallel loop present(%s[0:SIZE], in2[0:SIZE])", x))
	g.line("  for (int i = 0; i < SIZE; i++) %s[i] = %s[i] * 2 + in2[i];", x, x)
	half := g.pick("SIZE / 2", "1", "SIZE")
	g.raw(fmt.Sprintf("#pragma acc update self(%s[0:%s])", x, half))
	g.line("  for (int i = 0; i < %s; i++) %s[i] += 1000;", half, x)
	g.raw(fmt.Sprintf("#pragma acc update device(%s[0:%s])", x, half))
	g.raw(fmt.Sprintf("#pragma acc %s present(%s[0:SIZE])", g.pick("parallel loop", "kernels loop", "serial loop"), x))
	g.line("  for (int i = 0; i < SIZE; i++) %s[i] -= i %% 7;", x)
	g.line("}")
}

// randKernelsSeq: a kernels construct with a loop that carries a
// dependence (a running sum: it must stay sequential) between
// independent loops.
func randKernelsSeq(g *randGen) {
	x, y := g.output("long"), g.output("long")
	g.raw(fmt.Sprintf("#pragma acc kernels copyin(in1[0:SIZE]) copy(%s[0:SIZE], %s[0:SIZE])", x, y))
	g.line("{")
	g.line("  for (int i = 0; i < SIZE; i++) %s[i] = in1[i] %% 5;", x)
	g.line("  for (int i = 1; i < SIZE; i++) %s[i] += %s[i - 1];", x, x)
	g.line("  for (int i = 0; i < SIZE; i++) %s[i] = %s[i] * 3 - %s[SIZE - 1 - i];", y, x, x)
	g.line("}")
}

// randAsync: two constructs on two queues, then a wait.
func randAsync(g *randGen) {
	x, y := g.output("long"), g.output("double")
	ls := g.loops(1, false)
	e1, e2 := g.expr(ls, 2), g.expr(ls, 2)
	g.raw(fmt.Sprintf("#pragma acc parallel loop async(1) copyin(in1[0:SIZE], in2[0:SIZE]) copy(%s[0:SIZE])", x))
	g.line("%s %s[i] = %s;", ls[0].header, x, e1)
	g.raw(fmt.Sprintf("#pragma acc parallel loop async(2) copyin(in1[0:SIZE], in2[0:SIZE]) copy(%s[0:SIZE])", y))
	g.line("%s %s[i] = (double)(%s) * 0.5;", ls[0].header, y, e2)
	g.raw(g.pick("#pragma acc wait", "#pragma acc wait(1, 2)"))
}

// randProgram is program seed's source.
func randProgram(seed uint64) string {
	g := &randGen{rnd: rand.New(rand.NewPCG(seed, 0xacc)), ind: "  "}
	dims := [3]int{[]int{1, 3, 17, 64, 100, 129, 257}[g.rnd.IntN(7)], []int{1, 5, 33, 70, 128}[g.rnd.IntN(5)], []int{1, 2, 7}[g.rnd.IntN(3)]}
	n := 3 + g.rnd.IntN(4)
	for range n {
		c := randConstructs[g.rnd.IntN(len(randConstructs))]
		g.kind = c.name
		c.gen(g)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "/* random program, seed %d (compiler/randprog_test.go) */\n", seed)
	b.WriteString("#include <math.h>\n#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n\n")
	// the plain C build: the API's routines on host memory
	b.WriteString("#ifdef _OPENACC\n#include <openacc.h>\n#else\n" +
		"static inline void *acc_malloc(size_t n) { return malloc(n); }\n" +
		"static inline void acc_free(void *p) { free(p); }\n" +
		"static inline void acc_memcpy_to_device(void *d, void *h, size_t n) { memcpy(d, h, n); }\n" +
		"static inline void acc_copyin(void *p, size_t n) { (void)p; (void)n; }\n" +
		"static inline void acc_copyout(void *p, size_t n) { (void)p; (void)n; }\n" +
		"static inline void acc_update_self(void *p, size_t n) { (void)p; (void)n; }\n" +
		"static inline void acc_update_device(void *p, size_t n) { (void)p; (void)n; }\n" +
		"static inline int acc_is_present(void *p, size_t n) { (void)p; (void)n; return 1; }\n#endif\n\n")
	fmt.Fprintf(&b, "#define N %d\n#define M %d\n#define L %d\n#define SIZE (N * M * L)\n\n", dims[0], dims[1], dims[2])
	b.WriteString("#pragma acc routine seq\nstatic long f_seq(long x)\n{\n  return x % 13 - (x & 3);\n}\n\n")
	b.WriteString("#pragma acc routine vector\nstatic void row_vec(const long *in, long *out, int n, int i)\n{\n" +
		"#pragma acc loop vector\n  for (int j = 0; j < n; j++)\n    out[j] = in[j] * 2 + i;\n}\n\n")
	for _, d := range g.globals {
		b.WriteString(d)
	}
	for _, f := range g.funcs {
		b.WriteString(f)
	}
	b.WriteString("int main(void)\n{\n  long *in1 = malloc(SIZE * sizeof(long)), *in2 = malloc(SIZE * sizeof(long));\n")
	b.WriteString("  for (int i = 0; i < SIZE; i++) {\n    in1[i] = (i * 37 + 11) % 101 - 50;\n    in2[i] = (i * 13 + 5) % 23 - 11;\n  }\n")
	b.WriteString(g.body.String())
	for _, o := range g.outputs {
		switch {
		case o.length == "":
			fmt.Fprintf(&b, "  printf(\"%s %%.17g\\n\", (double)%s);\n", o.name, o.name)
		default:
			fmt.Fprintf(&b, "  {\n    double h = 0;\n    for (int i = 0; i < %s; i++) h = fmod(h * 31 + (double)%s[i], 1e15);\n    printf(\"%s %%.17g\\n\", h);\n  }\n", o.length, o.name, o.name)
		}
	}
	b.WriteString("  return 0;\n}\n")
	return b.String()
}

// randSeeds parses ACCLS_RANDOM_SEEDS.
func randSeeds(t *testing.T) []uint64 {
	spec := os.Getenv("ACCLS_RANDOM_SEEDS")
	if spec == "" {
		spec = "1-12"
	}
	var out []uint64
	for _, part := range strings.Split(spec, ",") {
		lo, hi, isRange := strings.Cut(part, "-")
		a, err := strconv.ParseUint(strings.TrimSpace(lo), 10, 64)
		if err != nil {
			t.Fatalf("ACCLS_RANDOM_SEEDS=%q: %v", spec, err)
		}
		b := a
		if isRange {
			if b, err = strconv.ParseUint(strings.TrimSpace(hi), 10, 64); err != nil || b < a {
				t.Fatalf("ACCLS_RANDOM_SEEDS=%q: bad range", spec)
			}
		}
		for s := a; s <= b; s++ {
			out = append(out, s)
		}
	}
	return out
}

// TestRandomPrograms runs random programs with accls and with gcc (pragmas
// ignored): the outputs must be equal.
func TestRandomPrograms(t *testing.T) {
	if testing.Short() {
		t.Skip("execution skipped in -short mode")
	}
	cc, work, accls := execSetup(t, os.Getenv("ACCLS_EXEC_BIN"))
	limit := execTimeout(t)
	keep := os.Getenv("ACCLS_RANDOM_KEEP")
	device := os.Getenv("ACCLS_EXEC_DEVICE")
	if device == "" {
		device = "cpu"
	}
	for _, seed := range randSeeds(t) {
		src := randProgram(seed)
		name := fmt.Sprintf("random%d", seed)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join(work, name+".c")
			if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			want := gccExpected(t, cc, work, execProgram{name: name, path: path}, limit)
			dir := filepath.Join(work, name)
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			r := runLimited(limit, dir, append(os.Environ(), "ACCLS_DEVICE="+device), accls, "run", path)
			if r.err == nil && r.code == 0 && r.stdout == want {
				return
			}
			if keep != "" {
				_ = os.MkdirAll(keep, 0o755)
				_ = os.WriteFile(filepath.Join(keep, name+".c"), []byte(src), 0o644)
			}
			t.Errorf("seed %d: accls run: exit %d, %v\n%s\nwant:\n%s\n%s", seed, r.code, r.err, r.stdout, want, firstLines(r.stderr, 8))
		})
	}
}

// TestRandomProgramDump writes the programs of ACCLS_RANDOM_SEEDS into the
// directory ACCLS_RANDOM_DUMP, to read or run by hand.
func TestRandomProgramDump(t *testing.T) {
	d := os.Getenv("ACCLS_RANDOM_DUMP")
	if d == "" {
		t.Skip("ACCLS_RANDOM_DUMP not set")
	}
	for _, seed := range randSeeds(t) {
		if err := os.WriteFile(filepath.Join(d, fmt.Sprintf("random%d.c", seed)), []byte(randProgram(seed)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
