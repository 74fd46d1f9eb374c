package analysis

import "slices"

// Rule is one entry of the diagnostic catalogue (openacc-rules.md §17).
// docs/checks.md is generated from this table (go test ./analysis -run TestChecksDoc -update).
type Rule struct {
	ID       string
	Severity Severity
	// Summary is one line; Doc explains the rule, why it matters and how to fix it.
	Summary string
	Doc     string
	// Example is a small C fragment that triggers the rule.
	Example string
}

// rules is the catalogue of the rules implemented so far, in documentation
// order: the directive-level rules, then the rules that need the C code
// (structure: nesting, loops, routines, atomics; data: attributes and transfers).
var rules = slices.Concat(directiveRules, structureRules, dataRules)

// directiveRules are reported from the scanned directives alone.
var directiveRules = []*Rule{
	{
		ID: "syntax", Severity: SeverityError,
		Summary: "the directive cannot be parsed",
		Doc: "The text after `#pragma acc` is not a well-formed directive: a missing parenthesis, a stray " +
			"character, a comma right after the directive name. A compiler would reject or, worse, silently " +
			"ignore the directive.",
		Example: "#pragma acc parallel loop copyin(a[0:n]",
	},
	{
		ID: "unknown-directive", Severity: SeverityError,
		Summary: "the word after `#pragma acc` is not an OpenACC directive",
		Doc: "Directive names are case-sensitive and multi-word names are written with one space " +
			"(`enter data`, `parallel loop`). gcc silently ignores an unknown `#pragma acc`, so the code " +
			"runs on the host without any warning. The fix offers the nearest valid name.",
		Example: "#pragma acc paralel loop",
	},
	{
		ID: "unknown-clause", Severity: SeverityError,
		Summary: "the clause name is not an OpenACC clause",
		Doc:     "Clause names are case-sensitive. The fix offers the nearest clause allowed on the directive.",
		Example: "#pragma acc parallel loop copy_in(a[0:n])",
	},
	{
		ID: "clause-not-allowed", Severity: SeverityError,
		Summary: "the clause is not allowed on this directive",
		Doc: "Each directive accepts a fixed set of clauses (OpenACC 3.3 §2.5–§2.15; openacc-rules.md §3). " +
			"For example data clauses are not allowed on `loop`, and `declare` at file scope accepts only " +
			"`create`, `copyin`, `deviceptr`, `device_resident` and `link`.",
		Example: "#pragma acc loop copyin(a[0:n])",
	},
	{
		ID: "clause-repeated", Severity: SeverityError,
		Summary: "a clause that may appear once appears again",
		Doc: "Clauses such as `if`, `default` and `collapse` may appear at most once; `async`, `num_gangs`, " +
			"`num_workers`, `vector_length`, `collapse`, `tile` and the loop levels at most once per " +
			"`device_type` section. The related information points at the first occurrence.",
		Example: "#pragma acc parallel if(a) if(b)",
	},
	{
		ID: "required-clause-missing", Severity: SeverityError,
		Summary: "the directive lacks the clause it requires",
		Doc: "`data` needs a data clause or `default`; `enter data` one of `copyin`, `create`, `attach`; " +
			"`exit data` one of `copyout`, `delete`, `detach`; `host_data` needs `use_device`; `update` one " +
			"of `self`, `host`, `device`; `set` one of `default_async`, `device_num`, `device_type`; `declare` " +
			"at least one clause; `routine` one of `gang`, `worker`, `vector`, `seq` (OpenACC 3.3).",
		Example: "#pragma acc update if(n > 0)",
	},
	{
		ID: "exclusive-clauses", Severity: SeverityError,
		Summary: "two clauses that exclude each other appear together",
		Doc: "At most one of `seq`, `independent`, `auto` may appear on a loop; `seq` cannot be combined with " +
			"`gang`, `worker` or `vector`; a `routine` has exactly one level; an `atomic` at most one of " +
			"`read`, `write`, `update`, `capture`. The rule applies within one `device_type` section.",
		Example: "#pragma acc loop gang seq",
	},
	{
		ID: "clause-arg-invalid", Severity: SeverityError,
		Summary: "the clause's argument is missing or malformed",
		Doc: "Argument rules that need no knowledge of the C code: `collapse` takes a positive integer " +
			"constant; `tile` positive constants or `*`; `num_gangs` takes one to three arguments on " +
			"`parallel` and exactly one on `kernels`; `default` is `none` or `present`; `gang` takes at most " +
			"one each of `num:`, `dim:` (1–3) and `static:`, and not `num:` with `dim:`; list modifiers are " +
			"`readonly:` on `copyin` and `zero:` on `copyout`/`create`; `self` on `update` needs a var-list; " +
			"`device_type` on `set` takes exactly one name. A constant `num_gangs`, `num_workers` or " +
			"`vector_length` that is not positive is reported as a warning.",
		Example: "#pragma acc loop collapse(0)",
	},
	{
		ID: "subarray-invalid", Severity: SeverityError,
		Summary: "a sub-array has a negative bound or length, lies outside the array, or is not contiguous",
		Doc: "`a[lower:length]`: both must be non-negative; for an array of known extent `lower < extent` and " +
			"`lower + length <= extent` in every dimension; on a pointer the length must be written (`p[lo:]` " +
			"and `p[:]` need a known extent). A multi-dimensional sub-array must be contiguous (OpenACC 3.3 " +
			"§2.7.1): after a dimension that selects several elements every dimension is whole (`a[0:n][0:4]` " +
			"of `float a[][8]` is reported); only a pointer to pointers may map a part of each row " +
			"(`p[0:n][2:4]` of `float **p`), and an `update` may move one (§2.14.4: a halo column " +
			"`a[0:n][7:1]`). `declare` takes whole variables and arrays only (§2.13).",
		Example: "#pragma acc parallel copyin(a[0:-1])",
	},
	{
		ID: "device-type-clause-order", Severity: SeverityError,
		Summary: "the clause may not follow a device_type clause",
		Doc: "Clauses after `device_type(...)` apply to the named device types only, and only a " +
			"directive-specific set may appear there (e.g. `async`, `wait`, `num_gangs`, `num_workers`, " +
			"`vector_length` on `parallel`). Move the clause before the first `device_type`.",
		Example: "#pragma acc parallel device_type(nvidia) copyin(a[0:n])",
	},
	{
		ID: "deprecated-clause", Severity: SeverityWarning,
		Summary: "the clause uses a deprecated spelling",
		Doc: "`pcopy`, `pcopyin`, `pcopyout`, `pcreate` and the `present_or_*` spellings are kept for " +
			"compatibility with OpenACC 2.0; since 2.5 every data clause has present-or semantics. The fix " +
			"renames the clause.",
		Example: "#pragma acc data pcopyin(a[0:n])",
	},
	{
		ID: "reduction-private-conflict", Severity: SeverityError,
		Summary: "a variable is both a reduction variable and private",
		Doc: "A variable in a `reduction` clause and in `private` or `firstprivate` of the same construct has " +
			"contradictory semantics; gcc and clang accept it silently and the result is unspecified.",
		Example: "#pragma acc parallel loop reduction(+:s) private(s)",
	},
	{
		ID: "duplicate-data-clause", Severity: SeverityWarning,
		Summary: "a variable appears in two data clauses of one construct",
		Doc: "`copyin(a[0:n]) copyout(a[0:n])` does not mean `copy`: the two clauses contradict each other " +
			"and gcc rejects the construct (\"'a' appears more than once in data clauses\"). Use the one clause " +
			"that says what you mean (`copy` for both directions).",
		Example: "#pragma acc parallel copyin(a[0:n]) copyout(a[0:n])",
	},
	{
		ID: "reduction-num-gangs-conflict", Severity: SeverityError,
		Summary: "reduction on a parallel construct with multi-dimensional num_gangs",
		Doc: "A `reduction` clause may not appear on a `parallel` construct whose `num_gangs` has more than one " +
			"argument (OpenACC 3.3 §2.5.4), nor on a `gang` loop inside such a construct or with `gang(dim:d)` " +
			"where d > 1 (§2.9.11).",
		Example: "#pragma acc parallel num_gangs(8, 8) reduction(+:s)",
	},
	{
		ID: "directive-at-file-scope", Severity: SeverityError,
		Summary: "an executable directive appears outside a function",
		Doc: "Only `routine` and `declare` may appear at file scope; every other directive is executable " +
			"and must be inside a function body.",
		Example: "#pragma acc update device(a[0:n])   /* at file scope */",
	},
}

var ruleByID = func() map[string]*Rule {
	m := make(map[string]*Rule, len(rules))
	for _, r := range rules {
		m[r.ID] = r
	}
	return m
}()

// Rules returns the catalogue of implemented rules in documentation order.
func Rules() []*Rule { return rules }

// LookupRule returns the rule with the given id, or nil.
func LookupRule(id string) *Rule { return ruleByID[id] }
