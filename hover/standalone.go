package hover

import (
	"fmt"
	"strings"

	"github.com/accls/accls/source/cfacts"
)

// StandaloneItem is a var-list item of an enter data, exit data or update
// directive, as hover explains it: these move data at the directive itself,
// with no entry and exit of their own.
type StandaloneItem struct {
	Directive string       // "enter data", "exit data", "update"
	Clause    string       // the clause's name: "copyin", "delete", "self", "host", "device"…
	Item      string       // "a[0:n]", "p->x[0:n]"
	Var       string       // the variable the item starts from, or its pointer member ("p->x")
	Type      *cfacts.Type // Var's
	Bytes     int64        // the item's size when known, else -1
	// PointerMember: the item is the data of a pointer member (p->x[0:n]),
	// attached to (or detached from) the device copy of its struct.
	PointerMember string
	Finalize      bool // exit data finalize
	IfPresent     bool // update if_present
	Async         bool // the directive has an async clause
}

// standaloneAction says what a clause of a standalone data directive does
// with the data it names.
var standaloneAction = map[string]string{
	"enter data copyin": "copies the data to the device: device memory is allocated and the host data copied to it, unless the data is already present (then nothing moves). Its dynamic reference counter goes up by one, so the data stays on the device until an `exit data` brings the counter back to zero (OpenACC 3.3 §2.6.7).",
	"enter data create": "allocates device memory for the data, uninitialized (nothing is copied), unless the data is already present. Its dynamic reference counter goes up by one, so the memory stays until an `exit data` brings the counter back to zero (OpenACC 3.3 §2.6.7).",
	"enter data attach": "attaches the pointer: its device copy is given the device address of the data it points to, which must be present; the attachment counter goes up by one (OpenACC 3.3 §2.6.8).",
	"exit data copyout": "takes one off the data's dynamic reference counter%s. When no reference is left (no data construct or other `enter data` holds it), the device data is copied back to the host and the device memory freed; otherwise nothing moves.",
	"exit data delete":  "takes one off the data's dynamic reference counter%s. When no reference is left, the device memory is freed; nothing is copied back.",
	"exit data detach":  "detaches the pointer: the attachment counter goes down by one and, at zero, the device copy of the pointer gets the host address back (OpenACC 3.3 §2.6.8).",
	"update self":       "copies the data from the device to the host%s. The data must be present on the device%s.",
	"update device":     "copies the data from the host to the device%s. The data must be present on the device%s.",
}

// StandaloneMarkdown explains item it of a standalone data directive.
func StandaloneMarkdown(it StandaloneItem, directive string) string {
	var b strings.Builder
	clause := it.Clause
	key := clause
	if clause == "host" { // its synonym on update (deprecated aliases such as pcopyin arrive as their clause)
		key = "self"
	}
	action, ok := standaloneAction[it.Directive+" "+key]
	if !ok {
		return ""
	}
	fmt.Fprintf(&b, "#### `%s` — `%s` of `%s`\n\n", it.Var, clause, it.Directive)
	if it.Type != nil && it.Type.Name != "" {
		fmt.Fprintf(&b, "```c\n%s\n```\n\n", declaration(it.Type.Name, memberName(it.Var)))
	}
	switch it.Directive + " " + key {
	case "exit data copyout", "exit data delete":
		fin := ""
		if it.Finalize {
			fin = " (with `finalize`: sets it to zero)"
		}
		action = fmt.Sprintf(action, fin)
	case "update self", "update device":
		when, absent := "", " (a runtime error otherwise)"
		if it.Async {
			when = ", on the directive's async queue (the host goes on: a `wait` completes the copy)"
		}
		if it.IfPresent {
			absent = " (with `if_present` nothing happens when it is not)"
		}
		action = fmt.Sprintf(action, when, absent)
	}
	fmt.Fprintf(&b, "The %s %s\n\n", directive, action)
	if it.PointerMember != "" {
		switch it.Directive {
		case "enter data":
			fmt.Fprintf(&b, "`%s` is a pointer member: when its struct is present on the device, the struct's device copy is attached to this data (OpenACC 3.3 §2.6.8).\n\n", it.PointerMember)
		case "exit data":
			fmt.Fprintf(&b, "`%s` is a pointer member: the struct's device copy is detached from this data first (OpenACC 3.3 §2.6.8).\n\n", it.PointerMember)
		}
	}
	b.WriteString("- **Data:** `" + it.Item + "`")
	if it.Bytes >= 0 {
		b.WriteString(", " + byteSize(it.Bytes))
	}
	b.WriteString("\n")
	return b.String()
}
