package completion

import "slices"

// directiveOrder lists directive names, most often written first.
var directiveOrder = []string{
	"parallel loop", "parallel", "loop", "data", "kernels", "kernels loop",
	"enter data", "exit data", "update", "serial", "serial loop", "routine",
	"atomic", "declare", "host_data", "wait", "cache", "init", "shutdown", "set",
}

// Clause priorities: the clauses most often written on a kind of directive
// come first, then the rest in commonClauses order.
var (
	loopClauses = []string{
		"gang", "vector", "worker", "seq", "independent", "collapse", "reduction",
		"private", "tile", "auto",
	}
	dataClauses = []string{
		"copyin", "copyout", "copy", "create", "present", "deviceptr", "no_create", "attach",
	}
	commonClauses = []string{
		"copyin", "copyout", "copy", "create", "present", "reduction", "private",
		"firstprivate", "num_gangs", "vector_length", "num_workers", "async", "wait",
		"default", "if", "deviceptr", "no_create", "attach", "self", "device_type",
		"gang", "vector", "worker", "seq", "independent", "collapse", "tile", "auto",
		"delete", "detach", "finalize", "if_present", "host", "device", "use_device",
		"device_resident", "link", "bind", "nohost", "device_num", "default_async",
		"update", "read", "write", "capture",
	}
	clauseFront = map[string][]string{
		"loop":          loopClauses,
		"parallel loop": append(slices.Clone(loopClauses), dataClauses...),
		"kernels loop":  append(slices.Clone(loopClauses), dataClauses...),
		"serial loop":   append(slices.Clone(loopClauses), dataClauses...),
		"enter data":    {"copyin", "create", "attach", "async", "wait", "if"},
		"exit data":     {"copyout", "delete", "detach", "finalize", "async", "wait", "if"},
		"update":        {"device", "self", "host", "if_present", "async", "wait", "if"},
		"host_data":     {"use_device", "if_present", "if"},
		"declare":       {"create", "copyin", "device_resident", "present", "deviceptr", "copy", "copyout", "link"},
		"routine":       {"seq", "vector", "worker", "gang", "bind", "nohost"},
		"atomic":        {"update", "read", "write", "capture"},
		"set":           {"device_type", "device_num", "default_async", "if"},
		"init":          {"device_type", "device_num", "if"},
		"shutdown":      {"device_type", "device_num", "if"},
		"wait":          {"async", "if"},
	}
)

// clauseRank orders clause on directive: lower is more likely.
func clauseRank(directive, clause string) int {
	front := clauseFront[directive]
	if i := slices.Index(front, clause); i >= 0 {
		return i
	}
	return len(front) + rankOf(commonClauses, clause)
}

// rankOf is the index of s in order, or len(order) when absent.
func rankOf(order []string, s string) int {
	if i := slices.Index(order, s); i >= 0 {
		return i
	}
	return len(order)
}
