package hover

import "strings"

// The small vocabulary that lives inside clause arguments: reduction
// operators, list modifiers, argument keywords and fixed values. Completion
// uses the same entries for its items.

// Operator is a reduction operator (OpenACC 3.3 §2.5.15).
type Operator struct {
	Op    string // as written: "+", "max", "&&"
	Name  string // what it computes: "sum"
	Types string // the C types it is valid for
	Init  string // the initial value of each private copy, markdown
	// Start is Init in a few plain words, for completion lists.
	Start string
}

// Operators are the reduction operators of OpenACC 3.3 for C, most common first.
var Operators = []*Operator{
	{"+", "sum", "arithmetic types: integer, floating point, complex", "`0`", "0"},
	{"*", "product", "arithmetic types: integer, floating point, complex", "`1`", "1"},
	{"max", "maximum", "real arithmetic types: integer and floating point (not complex)", "the least value of the variable's type (e.g. `INT_MIN` for `int`)", "the least value of the type"},
	{"min", "minimum", "real arithmetic types: integer and floating point (not complex)", "the largest value of the variable's type (e.g. `INT_MAX` for `int`)", "the largest value of the type"},
	{"&", "bitwise and", "integer types", "`~0` (all bits set)", "~0"},
	{"|", "bitwise or", "integer types", "`0`", "0"},
	{"^", "bitwise exclusive or", "integer types", "`0`", "0"},
	{"&&", "logical and", "arithmetic types (a non-zero value is true)", "`1`", "1"},
	{"||", "logical or", "arithmetic types (a non-zero value is true)", "`0`", "0"},
}

// LookupOperator returns the reduction operator spelled op, nil if none.
func LookupOperator(op string) *Operator {
	for _, o := range Operators {
		if o.Op == op {
			return o
		}
	}
	return nil
}

// OperatorMarkdown explains a reduction operator.
func OperatorMarkdown(o *Operator) string {
	var b strings.Builder
	b.WriteString("#### `" + o.Op + "` reduction operator\n\n")
	b.WriteString("Combines the private copies with `" + o.Op + "` (" + o.Name + ").\n\n")
	b.WriteString("- **valid for:** " + o.Types + "\n")
	b.WriteString("- **initial value:** " + o.Init + "\n\n")
	b.WriteString("Each gang, worker or vector lane gets a private copy of every variable in the list, initialised to the operator's initial value; at the end of the region the copies are combined with `" + o.Op + "` and with the original value.\n\n")
	b.WriteString(sectionLine("2.5.15"))
	return b.String()
}

// Keyword is a word with a fixed meaning inside an argument list: a list
// modifier (`readonly:`), an argument keyword (`num:`), a value of `default`
// or a device type name.
type Keyword struct {
	Name string // as written, without the colon: "readonly", "num", "none", "nvidia", "*"
	// Colon is set when the word is written with a trailing ':'.
	Colon bool
	// Kind names the role in headings: "modifier", "argument", "value", "device type".
	Kind string
	// For lists the clauses (or directives) whose argument takes the word.
	For []string
	// Syntax shows the word in use.
	Syntax string
	// Summary is one line for completion lists; Doc the explanation.
	Summary string
	Doc     string
	Section string
}

// Label is the word as written: "readonly:", "none".
func (k *Keyword) Label() string {
	if k.Colon {
		return k.Name + ":"
	}
	return k.Name
}

// Modifiers are the list modifiers of data clauses and cache (and collapse's force).
var Modifiers = []*Keyword{
	{Name: "readonly", Colon: true, Kind: "modifier", For: []string{"copyin", "cache"},
		Syntax:  "copyin(readonly: var-list)",
		Summary: "the data is only read on the device",
		Doc:     "Promises that the listed data is only read inside the region, so the implementation may place it in read-only (cached) device memory. Writing to it in the region is undefined.",
		Section: "2.7.7"},
	{Name: "zero", Colon: true, Kind: "modifier", For: []string{"copyout", "create"},
		Syntax:  "create(zero: var-list)",
		Summary: "zero newly allocated device memory",
		Doc:     "When the clause allocates device memory for the data, that memory is set to zero; data that is already present is left as it is.",
		Section: "2.7.9"},
	{Name: "force", Colon: true, Kind: "modifier", For: []string{"collapse"},
		Syntax:  "collapse(force: n)",
		Summary: "collapse loops that are not tightly nested (OpenACC 3.4)",
		Doc:     "Collapses the loops even when there is code between them; that code is then executed for every iteration of the collapsed space. This modifier is OpenACC 3.4; OpenACC 3.3 compilers may reject it.",
		Section: "2.9.1"},
}

// Keys are the argument keywords, by the clause or directive that takes them.
var Keys = []*Keyword{
	{Name: "num", Colon: true, Kind: "argument", For: []string{"gang"},
		Syntax:  "gang(num: int-expr)",
		Summary: "number of gangs",
		Doc:     "The number of gangs to use for the loop (`gang(n)` means the same). Only allowed when the loop is inside a `kernels` construct that has no `num_gangs` clause; not together with `dim:`.",
		Section: "2.9.2"},
	{Name: "dim", Colon: true, Kind: "argument", For: []string{"gang"},
		Syntax:  "gang(dim: 1|2|3)",
		Summary: "gang dimension to partition across",
		Doc:     "The gang dimension (a constant 1, 2 or 3) the loop iterations are partitioned across, for `parallel` constructs whose `num_gangs` has several arguments and for `routine gang`. Not allowed under `kernels` or `serial`, nor together with `num:`.",
		Section: "2.9.2"},
	{Name: "static", Colon: true, Kind: "argument", For: []string{"gang"},
		Syntax:  "gang(static: size-expr | *)",
		Summary: "chunk size for a static gang schedule",
		Doc:     "Iterations are divided into chunks of the given size and the chunks are assigned to gangs round-robin; `static:*` lets the implementation choose the size.",
		Section: "2.9.2"},
	{Name: "num", Colon: true, Kind: "argument", For: []string{"worker"},
		Syntax:  "worker(num: int-expr)",
		Summary: "number of workers per gang",
		Doc:     "The number of workers per gang (`worker(n)` means the same). Only allowed when the loop is inside a `kernels` construct that has no `num_workers` clause.",
		Section: "2.9.3"},
	{Name: "length", Colon: true, Kind: "argument", For: []string{"vector"},
		Syntax:  "vector(length: int-expr)",
		Summary: "vector length",
		Doc:     "The vector length to use for the loop (`vector(n)` means the same). Only allowed when the loop is inside a `kernels` construct that has no `vector_length` clause.",
		Section: "2.9.4"},
	{Name: "devnum", Colon: true, Kind: "argument", For: []string{"wait"},
		Syntax:  "wait(devnum: int-expr : queues: int-expr-list)",
		Summary: "device whose queues are waited for",
		Doc:     "Waits for async queues of the given device number instead of the current device. Must come first, followed by `:` and the queue list.",
		Section: "2.16.2"},
	{Name: "queues", Colon: true, Kind: "argument", For: []string{"wait"},
		Syntax:  "wait(queues: int-expr-list)",
		Summary: "the async queues to wait for",
		Doc:     "Introduces the list of async queues to wait for; the keyword is optional (`wait(1, 2)` means the same).",
		Section: "2.16.2"},
}

// DefaultValues are the values of the default clause.
var DefaultValues = []*Keyword{
	{Name: "none", Kind: "value", For: []string{"default"},
		Syntax:  "default(none)",
		Summary: "no implicit data attributes",
		Doc:     "Nothing is implicitly mapped: every variable referenced in the construct must appear in a data clause (of this construct or of an enclosing `data` construct), except loop indices and variables declared inside the construct. Scalars such as loop bounds included.",
		Section: "2.5.16"},
	{Name: "present", Kind: "value", For: []string{"default"},
		Syntax:  "default(present)",
		Summary: "arrays and structs must already be on the device",
		Doc:     "Arrays and structs referenced without a data clause are treated as if in a `present` clause: they must already be on the device (a runtime error otherwise). Scalars keep their usual implicit rules (`firstprivate` on `parallel`/`serial`, `copy` on `kernels`).",
		Section: "2.5.16"},
}

// DeviceTypes are the device type names accepted by common compilers
// (device type names are implementation-defined; they are case-insensitive).
var DeviceTypes = []*Keyword{
	{Name: "*", Kind: "device type", For: []string{"device_type"},
		Summary: "every device type not named in another device_type clause", Section: "2.4",
		Doc: "The clauses that follow apply to every device type that is not named in another `device_type` clause of the directive."},
	{Name: "nvidia", Kind: "device type", For: []string{"device_type"}, Section: "2.4",
		Summary: "NVIDIA GPUs",
		Doc:     "The clauses that follow apply when the program runs on an NVIDIA GPU."},
	{Name: "radeon", Kind: "device type", For: []string{"device_type"}, Section: "2.4",
		Summary: "AMD Radeon GPUs",
		Doc:     "The clauses that follow apply when the program runs on an AMD Radeon GPU."},
	{Name: "host", Kind: "device type", For: []string{"device_type"}, Section: "2.4",
		Summary: "the host CPU, sequentially",
		Doc:     "The clauses that follow apply when the program runs on the host (the CPU, without offloading)."},
	{Name: "multicore", Kind: "device type", For: []string{"device_type"}, Section: "2.4",
		Summary: "the host CPU, in parallel on its cores",
		Doc:     "The clauses that follow apply when the accelerator is the multicore host CPU."},
	{Name: "default", Kind: "device type", For: []string{"device_type"}, Section: "2.4",
		Summary: "the implementation's default device type",
		Doc:     "The clauses that follow apply to the device type the implementation uses by default."},
}

func lookupIn(list []*Keyword, name, owner string) *Keyword {
	for _, k := range list {
		if k.Name == name && (owner == "" || contains(k.For, owner)) {
			return k
		}
	}
	return nil
}

// LookupModifier returns the list modifier named name ("readonly"), nil if none.
func LookupModifier(name string) *Keyword { return lookupIn(Modifiers, name, "") }

// LookupKey returns the argument keyword key of the clause or directive owner
// ("gang", "num"), nil if owner takes no such keyword.
func LookupKey(owner, key string) *Keyword { return lookupIn(Keys, key, owner) }

// LookupDefault returns the default clause value name ("none"), nil if none.
func LookupDefault(name string) *Keyword { return lookupIn(DefaultValues, name, "") }

// LookupDeviceType returns the device type name (any case), nil if unknown.
func LookupDeviceType(name string) *Keyword {
	name = strings.ToLower(name)
	if name == "acc_device_nvidia" {
		name = "nvidia"
	}
	return lookupIn(DeviceTypes, name, "")
}

// KeywordMarkdown explains k as used in the argument of owner (a clause or
// directive name; "" when not known).
func KeywordMarkdown(k *Keyword, owner string) string {
	var b strings.Builder
	b.WriteString("#### `" + k.Label() + "` " + k.Kind)
	if owner == "" && len(k.For) > 0 {
		owner = k.For[0]
	}
	if owner != "" && k.Kind != "device type" {
		b.WriteString(" of `" + owner + "`")
	}
	b.WriteString("\n\n")
	if syntax := k.Syntax; syntax != "" {
		// Show the word in the owner's argument: cache(readonly: ...), not copyin(...).
		if i := strings.IndexByte(syntax, '('); i > 0 && contains(k.For, owner) {
			syntax = owner + syntax[i:]
		}
		b.WriteString("```c\n" + syntax + "\n```\n\n")
	}
	b.WriteString(k.Doc + "\n")
	if k.Kind == "modifier" && len(k.For) > 1 {
		b.WriteString("\nUsed in " + codeList(k.For[:len(k.For)-1], ", ") + " and " + codeList(k.For[len(k.For)-1:], "") + ".\n")
	}
	if k.Kind == "device type" && k.Name != "*" {
		b.WriteString("\nDevice type names are implementation-defined and case-insensitive; this one is understood by common compilers.\n")
	}
	if k.Section != "" {
		b.WriteString("\n" + sectionLine(k.Section))
	}
	return b.String()
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
