package compiler

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/accls/accls/acc"
)

// The data construct takes async and wait too (OpenACC 3.3 §2.6.5, §2.16):
// its entry actions wait for the wait list, then go on its async queue, and
// its exit actions go on the same queue. The constructs in its body are not
// made asynchronous by it: each has its own async clause (a synchronous one
// inside may run before the region's entry copies are done, so the program
// puts it on the same queue or waits, as OpenACC requires).
// Async queues, wait clauses and directives, and the device directives (init,
// shutdown, set) in the host program. The runtime's contract is accrt.h
// section 5: a node with an async clause puts all its device work (entry
// copies, kernels, exit copies, updates) on its queue without blocking the
// host; a wait clause makes the node's queue (queue 0, ACCRT_SYNC, for a
// synchronous node) wait for the listed queues' last events, again without
// blocking the host; only the wait directive without async blocks the host.

// queueVar is the C variable holding a node's async value, declared once at
// the start of the node's block so that the async expression is evaluated
// once, where the directive is.
const queueVar = "accls_q"

// asyncValue is the C value of an async clause: acc_async_noval without
// argument.
func asyncValue(a *string) string {
	if *a == "" {
		return "ACCRT_ASYNC_NOVAL"
	}
	return "(int)(" + *a + ")"
}

// beginQueue declares the queue variable of a node with an async clause and
// makes the data calls written next use it (the *_async runtime functions);
// without async they stay synchronous. endQueue undoes it.
func (h *hgen) beginQueue(n *Node, ind string) {
	h.queue = ""
	if con := n.Construct; con != nil && len(con.DeviceTypes) > 0 {
		if q := deviceTypeQueue(con); q != "" {
			h.w(ind, "const int %s = %s;", queueVar, q)
			h.queue = queueVar
		}
		return
	}
	if n.Async == nil {
		return
	}
	h.w(ind, "const int %s = %s;", queueVar, asyncValue(n.Async))
	h.queue = queueVar
}

// deviceTypeQueue is the queue of a compute construct with device_type
// sections, chosen at run time like its launches (devicetype.go): each
// class's async, else the construct's own, else synchronous; "" when no
// section and not the construct has async.
func deviceTypeQueue(con *Construct) string {
	value := func(a *string) string {
		if a == nil {
			a = con.Async
		}
		if a == nil {
			return "ACCRT_SYNC"
		}
		return asyncValue(a)
	}
	any := con.Async != nil
	q := value(nil)
	for i := len(con.DeviceTypes) - 1; i >= 0; i-- {
		l := con.DeviceTypes[i]
		any = any || l.Async != nil
		if l.Cond == "" {
			q = value(l.Async)
		} else {
			q = "(" + l.Cond + ") ? " + value(l.Async) + " : " + q
		}
	}
	if !any {
		return ""
	}
	return q
}

func (h *hgen) endQueue() { h.queue = "" }

// queueFn is the runtime function for a data call: name, or name_async on a
// queue.
func (h *hgen) queueFn(name string) string {
	if h.queue == "" {
		return name
	}
	return name + "_async"
}

// queueArg is the extra argument of a name_async call (", accls_q"), "" when
// synchronous.
func (h *hgen) queueArg() string {
	if h.queue == "" {
		return ""
	}
	return ", " + h.queue
}

// queueOrSync is the current queue's value, ACCRT_SYNC when synchronous.
func (h *hgen) queueOrSync() string {
	if h.queue == "" {
		return "ACCRT_SYNC"
	}
	return h.queue
}

// waitClause writes a wait clause (or a wait directive with async): the
// current queue waits for the listed queues, every async queue when the list
// is empty, without blocking the host.
func (h *hgen) waitClause(ind string, queues []string) {
	if len(queues) == 0 {
		h.w(ind, "accrt_wait_all_async(%s);", h.queueOrSync())
	}
	for _, q := range queues {
		h.w(ind, "accrt_wait_async((int)(%s), %s);", q, h.queueOrSync())
	}
}

// beginDataQueue starts a data construct's queue (beginQueue) and writes
// its wait clause, under cond (the if clause) when not "".
func (h *hgen) beginDataQueue(n *Node, ind, cond string) {
	h.beginQueue(n, ind)
	if h.queue != "" && len(n.Data) == 0 {
		h.w(ind, "(void)%s; /* no data clause (default only) */", h.queue)
	}
	if !n.HasWait {
		return
	}
	if cond == "" {
		h.waitClause(ind, n.Wait)
		return
	}
	h.w(ind, "if (%s) {", cond)
	h.waitClause(ind+"\t", n.Wait)
	h.w(ind, "}")
}

// waitQueues is the queue list of a wait clause or of the wait directive
// (args nil: no argument, every queue): the C expressions of the queues.
// With devnum (OpenACC 3.3 §2.16.3) each queue goes through
// accrt_devnum_queue: the queue itself on the current device; on another
// device of the current type, where accls has nothing in flight (it runs on
// one device at a time and finishes its work before switching), queue 0; a
// number that names no device is a runtime error. The devnum expression is
// evaluated once per queue. A negative constant devnum is an error here.
func (c *compilation) waitQueues(args *acc.ArgList, n *Node) []string {
	if args == nil {
		return nil
	}
	devnum := ""
	var out []string
	for _, it := range args.Items {
		if it.Key == "devnum" {
			devnum = it.Text
			if v, err := strconv.Atoi(it.Text); err == nil && v < 0 {
				c.errorAt(it.Span, "wait(devnum: %d): device numbers start at 0", v)
			}
			continue
		}
		out = append(out, it.Text)
	}
	if devnum == "" {
		return out
	}
	if len(out) == 0 {
		c.errorAt(args.Span, "wait(devnum: %s) names no queue: give them after the devnum (wait(devnum: %s : 1, 2))", devnum, devnum)
		return nil
	}
	loc := strconv.Quote(fmt.Sprintf("%s:%d", c.prog.File, n.Line))
	for i, q := range out {
		out[i] = fmt.Sprintf("accrt_devnum_queue((int)(%s), (int)(%s), %s)", devnum, q, loc)
	}
	return out
}

// blockingWaits writes waits that block the host: the wait directive without
// async, and a compute construct's wait clause when it runs on the host (if
// clause false).
func (h *hgen) blockingWaits(ind string, queues []string) {
	if len(queues) == 0 {
		h.w(ind, "accrt_wait_all();")
	}
	for _, q := range queues {
		h.w(ind, "accrt_wait((int)(%s));", q)
	}
}

// DeviceSettings are the clauses of init, shutdown and set.
type DeviceSettings struct {
	Type         string // device_type: an ACCRT_DEVICE_* constant, "" when absent
	Host         bool   // device_type(host): init and shutdown do nothing
	Num          string // device_num: a C expression, "" when absent
	DefaultAsync string // set default_async: a C expression, "" when absent
}

// deviceTypes maps the device_type names of init, shutdown and set to the
// runtime's device types (accrt.h ACCRT_DEVICE_*, openacc.h acc_device_t).
var deviceTypes = []struct {
	names []string
	value string
}{
	{[]string{"default"}, "ACCRT_DEVICE_DEFAULT"},
	{[]string{"host"}, "ACCRT_DEVICE_HOST"},
	{[]string{"not_host"}, "ACCRT_DEVICE_NOT_HOST"},
	{[]string{"gpu", "nvidia", "radeon"}, "ACCRT_DEVICE_GPU"},
	{[]string{"cpu", "multicore"}, "ACCRT_DEVICE_CPU"},
	{[]string{"accelerator"}, "ACCRT_DEVICE_ACCELERATOR"},
}

func deviceTypeValue(name string) string {
	name = deviceTypeName(name)
	for _, t := range deviceTypes {
		for _, n := range t.names {
			if strings.EqualFold(n, name) {
				return t.value
			}
		}
	}
	return ""
}

// deviceTypeName is a device type as written, in lower case, without the
// acc_device_ prefix of the runtime API's acc_device_t names
// (`set device_type(acc_device_host)`, which PGI's compilers took).
func deviceTypeName(text string) string {
	return strings.TrimPrefix(strings.ToLower(strings.TrimSpace(text)), "acc_device_")
}

func deviceTypeNames() string {
	var all []string
	for _, t := range deviceTypes {
		all = append(all, t.names...)
	}
	return strings.Join(all, ", ")
}

// deviceSettings reads the clauses of an init, shutdown or set directive.
func (c *compilation) deviceSettings(n *Node) *DeviceSettings {
	d := n.Dir
	s := &DeviceSettings{Num: clauseText(d, "device_num"), DefaultAsync: clauseText(d, "default_async")}
	cl := findClause(d, "device_type")
	if cl == nil || cl.Args == nil {
		return s
	}
	if len(cl.Args.Items) != 1 {
		c.errorAt(cl.Span, "device_type on '%s' takes exactly one device type", d.Spec.Name)
		return s
	}
	it := cl.Args.Items[0]
	s.Type = deviceTypeValue(it.Text)
	switch {
	case it.Text == "*":
		c.errorAt(it.Span, "device_type(*) on '%s' names no device type: name one (%s)", d.Spec.Name, deviceTypeNames())
	case s.Type == "":
		c.errorAt(it.Span, "unknown device type '%s' (accls knows %s)", it.Text, deviceTypeNames())
	case s.Type == "ACCRT_DEVICE_HOST":
		s.Host = true
	}
	return s
}

// deviceDirective writes init, shutdown or set. init selects the device of
// its clauses (as set does) and initializes; shutdown releases the device
// (accls uses one device at a time, so device_num only needs evaluating).
// device_type(host) on init and set makes the host the current device
// (accrt.h accrt_on_host: the constructs run their own C code); shutdown
// of the host does nothing.
func (h *hgen) deviceDirective(n *Node, ind string) {
	s := n.Device
	in := ind
	if n.If != "" {
		h.w(ind, "if (%s) {", n.If)
		in = ind + "\t"
	}
	switch {
	case s.Host && n.Kind == NodeShutdown:
		h.w(in, "/* device_type(host): nothing to do */")
	case s.Host:
		h.w(in, "accrt_set_device_type(ACCRT_DEVICE_HOST); /* the constructs run their own code */")
		if s.DefaultAsync != "" {
			h.w(in, "accrt_set_default_async((int)(%s));", s.DefaultAsync)
		}
	case n.Kind == NodeShutdown:
		if s.Num != "" {
			h.w(in, "(void)(%s);", s.Num)
		}
		h.w(in, "accrt_shutdown();")
	default:
		if s.Type != "" {
			h.w(in, "accrt_set_device_type(%s);", s.Type)
		}
		if s.Num != "" {
			h.w(in, "accrt_set_device_num((int)(%s));", s.Num)
		}
		if s.DefaultAsync != "" {
			h.w(in, "accrt_set_default_async((int)(%s));", s.DefaultAsync)
		}
		if n.Kind == NodeInit {
			h.w(in, "accrt_init();")
		}
	}
	if n.If != "" {
		h.w(ind, "}")
	}
}

// dump is the settings for the IR dump: " device_type(ACCRT_DEVICE_GPU) ...".
func (s *DeviceSettings) dump() string {
	var b strings.Builder
	if s.Type != "" {
		fmt.Fprintf(&b, " device_type(%s)", s.Type)
	}
	if s.Num != "" {
		fmt.Fprintf(&b, " device_num(%s)", s.Num)
	}
	if s.DefaultAsync != "" {
		fmt.Fprintf(&b, " default_async(%s)", s.DefaultAsync)
	}
	return b.String()
}
