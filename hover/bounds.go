package hover

import (
	"fmt"
	"strings"

	"github.com/accls/accls/source/cfacts"
)

// Bound is a name in the bounds of a var-list item's sub-array (the n of
// a[0:n], the g->nx of g->u[0:g->nx]), as hover explains it: values the
// host reads when the directive takes effect, not device data.
type Bound struct {
	Name string       // as written: "n", "g->nx"
	Type *cfacts.Type // its declared type (nil: unknown)
	// Struct is the type holding a member (nil for a variable).
	Struct *cfacts.Type
	Item   string // the whole item: "g->u[0:g->nx]"
	// Part is "lower bound", "length" or "index".
	Part string
	// Standalone: the directive is enter data, exit data or update, which
	// takes effect where it stands; else a construct, at its entry.
	Standalone bool
}

// BoundMarkdown explains bound b of an item of directive (e.g. "`data`
// construct (line 12)").
func BoundMarkdown(b Bound, directive string) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "#### `%s` — %s in `%s`\n\n", b.Name, b.Part, b.Item)
	if b.Type != nil && b.Type.Name != "" {
		decl := declaration(b.Type.Name, memberName(b.Name))
		if b.Struct != nil && b.Struct.Name != "" {
			decl += "; /* in " + b.Struct.Name + " */"
		}
		fmt.Fprintf(&sb, "```c\n%s\n```\n\n", decl)
	}
	when := "when the " + directive + " starts"
	if b.Standalone {
		when = "when the " + directive + " runs"
	}
	fmt.Fprintf(&sb, "The host evaluates the bounds of a sub-array %s, with the value `%s` has there.", when, b.Name)
	if !b.Standalone {
		sb.WriteString(" The section stays what it was then until the end of the construct: changing `" + b.Name + "` inside does not resize it, and its exit acts on the same elements.")
	}
	if b.Struct != nil {
		sb.WriteString(" A member in a bound is read from the host's struct, whatever its device copy holds.")
	}
	sb.WriteString("\n")
	return sb.String()
}
