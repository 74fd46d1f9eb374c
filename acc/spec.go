package acc

// Assoc is what a directive governs (ACC.td's "association").
type Assoc int

const (
	AssocBlock       Assoc = iota // a structured block: parallel, serial, kernels, data, host_data, atomic
	AssocLoop                     // a `for` statement: loop and the combined constructs
	AssocStandalone               // nothing: enter/exit data, update, wait, init, shutdown, set, cache
	AssocDeclarative              // a declaration: routine, declare
)

// ArgKind says what a clause (or a directive's own parenthesised argument)
// takes between its parentheses; it drives both the parser and the argument checks.
type ArgKind int

const (
	ArgNone        ArgKind = iota // no parentheses: seq, independent, auto, finalize, if_present, nohost, read, write, update, capture
	ArgCond                       // a required condition: if
	ArgOptCond                    // an optional condition: self on compute constructs
	ArgIntExpr                    // one required int-expr: num_workers, vector_length, device_num, default_async
	ArgOptIntExpr                 // an optional int-expr: async
	ArgIntExprList                // one or more int-exprs: num_gangs
	ArgVarList                    // a var-list, optionally after one of ClauseSpec.Modifiers
	ArgReduction                  // operator ':' var-list
	ArgGang                       // optional gang-arg-list: [num:]e, dim:e, static:(e|*)
	ArgWorker                     // optional [num:] int-expr
	ArgVector                     // optional [length:] int-expr
	ArgWait                       // optional [devnum: e :] [queues:] int-expr-list
	ArgDeviceType                 // '*' or a list of device-type names
	ArgDefault                    // none | present
	ArgConstInt                   // a positive integer constant, optionally after `force:` (collapse)
	ArgTile                       // a list of positive integer constants or '*'
	ArgBind                       // an identifier or a string literal
	ArgName                       // an identifier: routine(name)
)

// Alias is an alternative spelling of a clause.
type Alias struct {
	Name       string // the spelling, e.g. "pcopy"
	Deprecated bool   // `pcopy`, `present_or_*` are deprecated; `dtype` is not
}

// ClauseSpec describes one clause of OpenACC 3.3.
type ClauseSpec struct {
	Name    string
	Aliases []Alias
	Arg     ArgKind
	// ArgOn overrides Arg on particular directives (self takes a var-list on update).
	ArgOn map[string]ArgKind
	// Modifiers are the list modifiers permitted in 3.3 (`readonly` on copyin, `zero` on copyout/create).
	Modifiers []string
	// Section is the OpenACC 3.3 section, e.g. "2.7.7".
	Section string
	// Summary is one line for completion lists; Doc is markdown for hover.
	Summary string
	Doc     string
	// Data is set for data clauses: what happens at region entry and exit.
	Data *DataAction
	// Snippet is the LSP snippet inserted by completion, e.g. "copyin(${1:var})".
	Snippet string
}

// DataAction describes a data clause's effect, for hover.
type DataAction struct {
	Entry string // at region entry (structured) or at the directive (enter data)
	Exit  string // at region exit (structured) or at the directive (exit data)
}

// ArgFor returns the argument kind of the clause on the named directive.
func (c *ClauseSpec) ArgFor(directive string) ArgKind {
	if k, ok := c.ArgOn[directive]; ok {
		return k
	}
	// Combined constructs take their leaves' overrides.
	if d := LookupDirective(directive); d != nil {
		for _, leaf := range d.Leaves {
			if k, ok := c.ArgOn[leaf]; ok {
				return k
			}
		}
	}
	return c.Arg
}

// DirectiveSpec describes one directive of OpenACC 3.3. All clause names are
// canonical (aliases are resolved before any set is consulted).
type DirectiveSpec struct {
	Name  string // "parallel", "enter data", "parallel loop"
	Assoc Assoc
	// Leaves are the constituent directives of a combined construct
	// ("parallel", "loop"); nil otherwise. A combined spec's clause sets are the
	// unions of its leaves' sets.
	Leaves []string
	// Allowed lists every clause that may appear (including those below).
	Allowed []string
	// Once lists clauses allowed at most once on the directive.
	Once []string
	// OncePerDeviceType lists clauses allowed at most once per device_type section.
	OncePerDeviceType []string
	// Exclusive lists sets of which at most one member may appear per device_type section.
	Exclusive [][]string
	// Required lists clauses of which at least one must appear (empty: none required).
	Required []string
	// AfterDeviceType lists the clauses that may follow a device_type clause.
	AfterDeviceType []string
	// FileScopeClauses, when non-nil, restricts the clauses allowed at file scope (declare).
	FileScopeClauses []string
	// Paren is the kind of the parenthesised argument directly after the name
	// (cache: ArgVarList, routine: ArgName, wait: ArgWait); ArgNone when there is none.
	Paren ArgKind
	// ParenRequired is set when Paren must be present (cache).
	ParenRequired bool
	// ParenModifiers are the list modifiers permitted in Paren (cache: readonly).
	ParenModifiers []string
	// FileScope is set for directives that may appear outside functions
	// (routine, declare); every other directive is executable.
	FileScope bool
	Section   string
	Summary   string
	Doc       string
	Snippet   string

	// Derived from the lists above by lookup.go, for fast membership tests.
	allowed, once, oncePerDeviceType, afterDeviceType clauseSet
}
