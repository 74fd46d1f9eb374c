package completion

import (
	"bytes"
	"regexp"
	"slices"
	"strings"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/hover"
)

// ItemKind is the kind of a completion item; the server maps it to the LSP
// CompletionItemKind of the same name.
type ItemKind int

const (
	Keyword    ItemKind = iota + 1 // directive names, `acc`, list modifiers and argument keywords
	Property                       // clauses
	Operator                       // reduction operators
	Value                          // values of default
	EnumMember                     // device type names
)

func (k ItemKind) String() string {
	switch k {
	case Keyword:
		return "Keyword"
	case Property:
		return "Property"
	case Operator:
		return "Operator"
	case Value:
		return "Value"
	case EnumMember:
		return "EnumMember"
	}
	return "Unknown"
}

// Item is one proposal.
type Item struct {
	Label string
	// Detail is one line shown next to the label.
	Detail string
	// Documentation is markdown.
	Documentation string
	// InsertText replaces List.Replace; it is an LSP snippet when Snippet is set.
	InsertText string
	Snippet    bool
	Kind       ItemKind
	// SortText orders the items, most likely first.
	SortText   string
	Deprecated bool
}

// List is the result of Complete.
type List struct {
	Items []Item
	// Replace is the span of the partially typed word at the cursor (empty at
	// the cursor when nothing is typed yet); the client replaces it with the
	// chosen item's InsertText and filters the items by its text.
	Replace acc.Span
	// Names is set where a C name can be typed (names.go): the caller adds
	// the variables or members that fit.
	Names *NameSlot
}

// Complete proposes what can be typed at offset (a byte offset into text);
// f is text scanned by acc.Scan. It works on half-typed directives: the
// context comes from the parsed directive and from the raw text between the
// directive name and the cursor. Outside directives it proposes nothing,
// except `acc` after `#pragma `.
func Complete(text []byte, f *acc.File, offset int) List {
	offset = max(0, min(offset, len(text)))
	if f != nil {
		for _, d := range f.Directives {
			if d == nil || !d.Span.Contains(offset) {
				continue
			}
			if offset < d.Body.Start || offset > d.Body.End {
				break
			}
			if offset == d.Body.Start && offset > 0 && isIdent(text[offset-1]) {
				break // the cursor is on the `acc` keyword itself
			}
			return inDirective(text, d, offset)
		}
	}
	if l, ok := pragmaKeyword(text, offset); ok {
		return l
	}
	return List{Replace: acc.Span{Start: offset, End: offset}}
}

// inDirective completes inside the body of d.
func inDirective(text []byte, d *acc.Directive, offset int) List {
	lx := lex(text, d.Body.Start, offset)
	ps := offset
	for ps > d.Body.Start && isIdent(text[ps-1]) {
		ps--
	}
	partial := string(text[ps:offset])
	re := offset
	if partial != "" {
		for re < min(d.Body.End, len(text)) && isIdent(text[re]) {
			re++
		}
	}
	c := &ctx{text: text, d: d, offset: offset, partial: partial, replace: acc.Span{Start: ps, End: re}}
	if lx.comment {
		return c.list(nil)
	}
	switch lx.depth {
	case 0:
		return c.list(c.topLevel(lx))
	case 1:
		return c.inArgs(lx)
	}
	return c.list(nil)
}

// ctx is what the completers share.
type ctx struct {
	text    []byte
	d       *acc.Directive
	offset  int
	partial string
	replace acc.Span
}

func (c *ctx) list(items []Item) List {
	for i := range items {
		items[i].SortText = sortText(i)
	}
	return List{Items: items, Replace: c.replace}
}

func sortText(i int) string {
	const digits = "0123456789"
	return string([]byte{digits[i/100%10], digits[i/10%10], digits[i%10]})
}

// topLevel completes a word outside any parentheses: the directive name,
// its second word, or a clause.
func (c *ctx) topLevel(lx lexState) []Item {
	toks := lx.top
	if c.partial != "" && len(toks) > 0 {
		if last := toks[len(toks)-1]; last.kind == tWord && last.span.End == c.offset {
			toks = toks[:len(toks)-1]
		}
	}
	if len(toks) == 0 {
		return directiveItems(c.partial, c.d.Depth == 0, c.followed())
	}
	if len(toks) == 1 && toks[0].kind == tWord && len(acc.SecondWords(toks[0].text)) > 0 {
		w := toks[0].text
		items := secondWordItems(w, c.partial, c.followed())
		if spec := acc.LookupDirective(w); spec != nil {
			items = append(items, c.clauseItems(spec)...)
		}
		return items
	}
	if c.d.Spec == nil {
		return nil
	}
	return c.clauseItems(c.d.Spec)
}

// directiveItems proposes every directive name starting with partial; at
// file scope the declarative directives come first.
func directiveItems(partial string, fileScope, bare bool) []Item {
	var specs []*acc.DirectiveSpec
	for _, ds := range acc.Directives() {
		if hasPrefixFold(ds.Name, partial) {
			specs = append(specs, ds)
		}
	}
	slices.SortStableFunc(specs, func(a, b *acc.DirectiveSpec) int {
		if fileScope && a.FileScope != b.FileScope {
			if a.FileScope {
				return -1
			}
			return 1
		}
		return rankOf(directiveOrder, a.Name) - rankOf(directiveOrder, b.Name)
	})
	items := make([]Item, 0, len(specs))
	for _, ds := range specs {
		insert, snippet := directiveInsert(ds, "", bare)
		items = append(items, Item{
			Label:         ds.Name,
			Detail:        ds.Summary,
			Documentation: hover.DirectiveBrief(ds),
			InsertText:    insert,
			Snippet:       snippet,
			Kind:          Keyword,
		})
	}
	return items
}

// secondWordItems proposes the second words of the multi-word directives
// that start with first ("enter" → "data").
func secondWordItems(first, partial string, bare bool) []Item {
	var items []Item
	for _, s := range acc.SecondWords(first) {
		ds := acc.LookupDirective(first + " " + s)
		if ds == nil || !hasPrefixFold(s, partial) {
			continue
		}
		insert, snippet := directiveInsert(ds, first+" ", bare)
		detail := ds.Name
		if ds.Summary != "" {
			detail += ": " + ds.Summary
		}
		items = append(items, Item{
			Label:         s,
			Detail:        detail,
			Documentation: hover.DirectiveBrief(ds),
			InsertText:    insert,
			Snippet:       snippet,
			Kind:          Keyword,
		})
	}
	return items
}

// directiveInsert is the text inserted for a directive name, without the
// already typed prefix: the table's snippet, or only the name when bare
// (text follows the word being replaced, so the rest is already written).
func directiveInsert(ds *acc.DirectiveSpec, typed string, bare bool) (string, bool) {
	if !bare && ds.Snippet != "" && strings.HasPrefix(ds.Snippet, ds.Name) {
		s := strings.TrimPrefix(ds.Snippet, typed)
		return s, strings.Contains(s, "$")
	}
	return strings.TrimPrefix(ds.Name, typed), false
}

// clauseItems proposes the clauses spec still accepts at the cursor: the
// allowed ones (after a device_type clause only its follow set), without the
// once-only clauses already present and the clauses excluded by one already
// present in the same device_type section.
func (c *ctx) clauseItems(spec *acc.DirectiveSpec) []Item {
	var clauses []*acc.Clause
	if c.d.Spec == spec {
		clauses = c.d.Clauses
	}
	// Device_type sections: section k starts at the k-th device_type clause.
	used := map[string]bool{}
	usedHere := map[string]bool{} // in the cursor's section
	cursorSec, sec := 0, 0
	secOf := make([]int, len(clauses))
	for i, cl := range clauses {
		if cl != nil && cl.Spec != nil && cl.Spec.Name == "device_type" && !c.typing(cl) {
			sec++
			if cl.NameSpan.Start < c.replace.Start {
				cursorSec = sec
			}
		}
		secOf[i] = sec
	}
	for i, cl := range clauses {
		if cl == nil || cl.Spec == nil || c.typing(cl) {
			continue
		}
		used[cl.Spec.Name] = true
		if secOf[i] == cursorSec && cl.Spec.Name != "device_type" {
			usedHere[cl.Spec.Name] = true
		}
	}
	cands := spec.Allowed
	if cursorSec > 0 {
		cands = slices.Clone(spec.AfterDeviceType)
		if spec.Allows("device_type") && !slices.Contains(cands, "device_type") {
			cands = append(cands, "device_type")
		}
	}
	fileScope := c.d.Depth == 0 && spec.FileScopeClauses != nil
	var specs []*acc.ClauseSpec
	for _, name := range cands {
		cs, _ := acc.LookupClause(name)
		if cs == nil || !hasPrefixFold(name, c.partial) {
			continue
		}
		if fileScope && !slices.Contains(spec.FileScopeClauses, name) {
			continue
		}
		if used[name] && slices.Contains(spec.Once, name) {
			continue
		}
		if usedHere[name] && slices.Contains(spec.OncePerDeviceType, name) {
			continue
		}
		if excluded(spec, name, usedHere) {
			continue
		}
		specs = append(specs, cs)
	}
	slices.SortStableFunc(specs, func(a, b *acc.ClauseSpec) int {
		return clauseRank(spec.Name, a.Name) - clauseRank(spec.Name, b.Name)
	})
	items := make([]Item, 0, len(specs))
	for _, cs := range specs {
		insert, snippet := c.clauseInsert(cs, spec.Name)
		detail := cs.Summary
		if detail == "" {
			detail = hover.ClauseSyntax(cs, spec.Name)
		}
		items = append(items, Item{
			Label:         cs.Name,
			Detail:        detail,
			Documentation: hover.ClauseBrief(cs, spec.Name),
			InsertText:    insert,
			Snippet:       snippet,
			Kind:          Property,
		})
	}
	return items
}

// followed reports whether more of the directive follows the word being
// replaced on its line.
func (c *ctx) followed() bool {
	end := min(c.d.Body.End, len(c.text))
	if c.replace.End >= end {
		return false
	}
	rest := c.text[c.replace.End:end]
	if i := bytes.IndexByte(rest, '\n'); i >= 0 {
		rest = rest[:i]
	}
	rest = bytes.TrimRight(rest, " \t\r\\")
	return len(bytes.TrimSpace(rest)) > 0 && !bytes.HasPrefix(bytes.TrimSpace(rest), []byte("//")) && !bytes.HasPrefix(bytes.TrimSpace(rest), []byte("/*"))
}

// typing reports whether cl is the clause whose name is being typed.
func (c *ctx) typing(cl *acc.Clause) bool {
	return c.partial != "" && cl.NameSpan.Start == c.replace.Start
}

// excluded reports whether a member of an exclusive set that contains name
// is already present in the cursor's device_type section.
func excluded(spec *acc.DirectiveSpec, name string, usedHere map[string]bool) bool {
	for _, set := range spec.Exclusive {
		if !slices.Contains(set, name) {
			continue
		}
		for _, other := range set {
			if usedHere[other] {
				return true
			}
		}
	}
	return false
}

// clauseInsert is the text inserted for a clause: the table's snippet, or
// just the name when an argument list already follows the word.
func (c *ctx) clauseInsert(cs *acc.ClauseSpec, directive string) (string, bool) {
	if c.replace.End < len(c.text) && c.text[c.replace.End] == '(' {
		return cs.Name, false
	}
	s := cs.Snippet
	if k := cs.ArgFor(directive); k != cs.Arg || s == "" {
		s = genSnippet(cs.Name, k)
	}
	if c.replace.Start > 0 && c.text[c.replace.Start-1] == ')' {
		s = " " + s // right after the previous clause's ')'
	}
	return s, strings.Contains(s, "$")
}

// genSnippet makes a snippet from the argument kind, for clauses whose
// table snippet does not fit the directive (self on update).
func genSnippet(name string, k acc.ArgKind) string {
	switch k {
	case acc.ArgVarList, acc.ArgReduction:
		return name + "(${1:var})"
	case acc.ArgCond:
		return name + "(${1:condition})"
	case acc.ArgIntExpr, acc.ArgIntExprList:
		return name + "(${1:n})"
	case acc.ArgName, acc.ArgBind:
		return name + "(${1:name})"
	}
	return name
}

// inArgs completes inside a parenthesised argument list: the fixed words
// some arguments start with. Var-lists and expressions get nothing.
func (c *ctx) inArgs(lx lexState) List {
	if lx.owner < 0 {
		return c.list(nil)
	}
	d := c.d
	owner := lx.top[lx.owner].text
	var kind acc.ArgKind
	var mods []string
	var ownerName string
	if nameWords := strings.Count(d.Name, " ") + 1; d.Spec != nil && lx.owner < nameWords && owner == lastWord(d.Name) {
		kind, mods, ownerName = d.Spec.Paren, d.Spec.ParenModifiers, d.Name
	} else {
		cs, _ := acc.LookupClause(owner)
		if cs == nil {
			return c.list(nil)
		}
		kind, mods, ownerName = cs.ArgFor(d.Name), hover.ModifiersOn(cs, d.Name), cs.Name
	}
	inner := string(lx.inner)
	before := strings.TrimSuffix(inner, c.partial)
	atStart := strings.TrimSpace(before) == ""
	item := currentItem(before)
	atItem := strings.TrimSpace(item) == ""
	var names *NameSlot
	if d.Name != "routine" { // routine's gang(dim:) takes a constant
		names = nameSlot(kind, before, c.partial)
	}
	var words []*hover.Keyword
	itemKind := Keyword
	switch kind {
	case acc.ArgReduction:
		l := c.operators(lx, inner)
		l.Names = names
		return l
	case acc.ArgDefault:
		if atStart {
			words, itemKind = hover.DefaultValues, Value
		}
	case acc.ArgVarList, acc.ArgConstInt:
		if atStart {
			for _, m := range mods {
				if k := hover.LookupModifier(m); k != nil {
					words = append(words, k)
				}
			}
		}
	case acc.ArgGang:
		if atItem {
			words = gangKeys(before, d.Name)
		}
	case acc.ArgWorker, acc.ArgVector, acc.ArgWait:
		if d.Name == "routine" {
			break // worker and vector take no argument on routine
		}
		if atStart {
			words = keysFor(ownerName)
		} else if kind == acc.ArgWait && devnumDone.MatchString(before) {
			words = []*hover.Keyword{hover.LookupKey("wait", "queues")}
		}
	case acc.ArgDeviceType:
		if atItem {
			words, itemKind = deviceTypes(before), EnumMember
		}
	}
	var items []Item
	for _, k := range words {
		if k == nil || !hasPrefixFold(k.Name, c.partial) {
			continue
		}
		items = append(items, Item{
			Label:         k.Label(),
			Detail:        k.Summary,
			Documentation: hover.KeywordMarkdown(k, ownerName),
			InsertText:    k.Label(),
			Kind:          itemKind,
		})
	}
	l := c.list(items)
	l.Names = names
	return l
}

var devnumDone = regexp.MustCompile(`^\s*devnum\s*:[^:]*:\s*$`)

// keysFor returns the argument keywords of a clause or directive, in order.
func keysFor(owner string) []*hover.Keyword {
	var out []*hover.Keyword
	for _, k := range hover.Keys {
		if slices.Contains(k.For, owner) {
			out = append(out, k)
		}
	}
	return out
}

var gangKey = regexp.MustCompile(`^\s*(num|dim|static)\s*:`)

// gangKeys returns the gang argument keywords not yet used in before (the
// argument text before the current item); num and dim exclude each other,
// and an item without keyword counts as num. On routine only dim.
func gangKeys(before, directive string) []*hover.Keyword {
	used := map[string]bool{}
	for _, it := range splitItems(before) {
		if strings.TrimSpace(it) == "" {
			continue
		}
		if m := gangKey.FindStringSubmatch(it); m != nil {
			used[m[1]] = true
		} else {
			used["num"] = true
		}
	}
	var out []*hover.Keyword
	for _, k := range keysFor("gang") {
		switch {
		case used[k.Name]:
		case directive == "routine" && k.Name != "dim":
		case k.Name == "num" && used["dim"], k.Name == "dim" && used["num"]:
		default:
			out = append(out, k)
		}
	}
	return out
}

// deviceTypes returns the device type names not yet listed in before; `*`
// only in an empty list, nothing after `*`.
func deviceTypes(before string) []*hover.Keyword {
	used := map[string]bool{}
	n := 0
	for _, it := range splitItems(before) {
		if it = strings.ToLower(strings.TrimSpace(it)); it != "" {
			used[it] = true
			n++
		}
	}
	if used["*"] {
		return nil
	}
	var out []*hover.Keyword
	for _, k := range hover.DeviceTypes {
		if used[k.Name] || k.Name == "*" && n > 0 {
			continue
		}
		out = append(out, k)
	}
	return out
}

// operators completes the reduction operator before the ':'.
func (c *ctx) operators(lx lexState, inner string) List {
	if strings.Contains(inner, ":") {
		return c.list(nil) // in the var-list
	}
	// The operator typed so far: symbol characters, or a word (max, min).
	start := c.offset
	for start > lx.open+1 && strings.IndexByte("+*&|^", c.text[start-1]) >= 0 {
		start--
	}
	end := c.offset
	if start == c.offset {
		start, end = c.replace.Start, c.replace.End
	}
	typed := string(c.text[start:c.offset])
	if strings.TrimSpace(strings.TrimSuffix(inner, typed)) != "" {
		return c.list(nil)
	}
	c.replace = acc.Span{Start: start, End: end}
	var items []Item
	for _, o := range hover.Operators {
		if !strings.HasPrefix(o.Op, typed) {
			continue
		}
		items = append(items, Item{
			Label:         o.Op,
			Detail:        o.Name + ", starts at " + o.Start,
			Documentation: hover.OperatorMarkdown(o),
			InsertText:    o.Op + ":",
			Kind:          Operator,
		})
	}
	return c.list(items)
}

// splitItems splits an argument text at its top-level commas.
func splitItems(s string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(', '[':
			depth++
		case ')', ']':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}

// currentItem is the text of the argument item being typed.
func currentItem(before string) string {
	items := splitItems(before)
	return items[len(items)-1]
}

var (
	pragmaLine = regexp.MustCompile(`^[ \t]*#[ \t]*pragma[ \t]+([A-Za-z_][A-Za-z0-9_]*)?$`)
	pragmaOp   = regexp.MustCompile(`_Pragma[ \t]*\([ \t]*"([A-Za-z_][A-Za-z0-9_]*)?$`)
)

// pragmaKeyword proposes `acc` on a `#pragma ` line (or after `_Pragma("`)
// before the keyword is complete.
func pragmaKeyword(text []byte, offset int) (List, bool) {
	ls := bytes.LastIndexByte(text[:offset], '\n') + 1
	line := text[ls:offset]
	m := pragmaLine.FindSubmatchIndex(line)
	if m == nil {
		m = pragmaOp.FindSubmatchIndex(line)
	}
	if m == nil {
		return List{}, false
	}
	partial := ""
	if m[2] >= 0 {
		partial = string(line[m[2]:m[3]])
	}
	if !strings.HasPrefix("acc", partial) {
		return List{}, false
	}
	end := offset
	for end < len(text) && isIdent(text[end]) {
		end++
	}
	insert := "acc"
	if rest := bytes.TrimLeft(text[end:], " \t"); len(rest) == 0 || rest[0] == '\n' || rest[0] == '\r' {
		insert = "acc " // nothing follows: go on with the directive name
	}
	return List{
		Items: []Item{{
			Label:         "acc",
			Detail:        "OpenACC directive",
			Documentation: hover.Overview(),
			InsertText:    insert,
			Kind:          Keyword,
			SortText:      sortText(0),
		}},
		Replace: acc.Span{Start: offset - len(partial), End: end},
	}, true
}

func lastWord(s string) string {
	if i := strings.LastIndexByte(s, ' '); i >= 0 {
		return s[i+1:]
	}
	return s
}

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

func isIdent(b byte) bool {
	return b == '_' || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9'
}
