package compiler

import (
	"fmt"
	"slices"
	"strings"

	"github.com/accls/accls/acc"
)

// device_type sections on compute constructs (OpenACC 3.3 §2.4). The clauses
// after device_type(list) apply when the device's type is in the list; the
// clauses before the first device_type are the defaults. The runtime's
// OpenCL device decides, at run time, so one binary runs on PoCL and on a
// GPU: hostgen emits one launch sequence per device class (the kernels are
// the same, only the launch shape and queue differ):
//
//	if (accrt_device_info()->type & CL_DEVICE_TYPE_GPU) { launches with the gpu section }
//	else if (... & CL_DEVICE_TYPE_CPU) { ... the cpu section }
//	else { the device_type(*) section, or the defaults }
//
// A device that matches a named section uses it (and the defaults for what
// it leaves out); device_type(*) applies to the types no section names.
// num_gangs, num_workers, vector_length and async may follow device_type;
// wait would change the entry code and is an error; the loop clauses of a
// combined construct (gang, worker, vector, seq, collapse, tile...) and of
// loop constructs change the kernels: loopdevicetype.go.

// device_type is supported on the compute constructs (the outline pass's
// supported table); on loop constructs: loopdevicetype.go.
// deviceClasses are the OpenCL device classes a section can name, in the
// order of the run-time test, with the OpenACC names that map to them.
var deviceClasses = []struct {
	class string
	cl    string
	names []string
}{
	{"gpu", "CL_DEVICE_TYPE_GPU", []string{"nvidia", "radeon", "gpu", "acc_device_nvidia", "acc_device_radeon"}},
	{"cpu", "CL_DEVICE_TYPE_CPU", []string{"host", "multicore", "cpu", "acc_device_host"}},
	{"accelerator", "CL_DEVICE_TYPE_ACCELERATOR", []string{"accelerator"}},
}

// anyDeviceNames name the device_type(*) section.
var anyDeviceNames = []string{"*", "default"}

// afterDeviceTypeSupported are the clauses the compiler applies per device
// type on compute constructs.
var afterDeviceTypeSupported = []string{"num_gangs", "num_workers", "vector_length", "async"}

// DeviceTypeLaunch is the launch shape of a compute construct on one device
// class: the values of its device_type section ("" / nil: the construct's).
type DeviceTypeLaunch struct {
	Cond         string // host C condition on the device type; "" for the fallback branch
	Names        string // the section's device types, for the dump
	NumGangs     string
	NumWorkers   string
	VectorLength string
	Async        *string
	// Variant: the construct lowered with this class's loop clauses
	// (loopdevicetype.go), whose kernels launch instead; nil: the construct's.
	Variant *Construct
}

// dtSection is one device_type section: its header clause and its clauses.
type dtSection struct {
	header  *acc.Clause
	clauses []*acc.Clause
	classes map[string]bool // device classes named ("*" for device_type(*))
}

// deviceTypeSections reads the device_type sections of a compute construct:
// the construct's own values come from the leading section only, and
// con.DeviceTypes gets one launch per device class that a section names.
func (c *compilation) deviceTypeSections(con *Construct) {
	d := con.Dir
	secs := []*dtSection{{}}
	for _, cl := range d.Clauses {
		if cl.Spec == nil {
			continue
		}
		if cl.Spec.Name == "device_type" {
			secs = append(secs, &dtSection{header: cl, classes: c.deviceClassesOf(cl)})
			continue
		}
		secs[len(secs)-1].clauses = append(secs[len(secs)-1].clauses, cl)
	}
	if len(secs) == 1 {
		return
	}
	lead := secs[0].clauses
	con.NumGangs = sectionText(lead, "num_gangs")
	con.NumWorkers = sectionText(lead, "num_workers")
	con.VectorLength = sectionText(lead, "vector_length")
	con.Async = nil
	for _, cl := range lead {
		if cl.Spec.Name == "async" {
			s := ""
			if cl.Args != nil && len(cl.Args.Items) > 0 {
				s = cl.Args.Items[0].Text
			}
			con.Async = &s
		}
	}
	ok := true
	for _, s := range secs[1:] {
		for _, cl := range s.clauses {
			if !containsStr(d.Spec.AfterDeviceType, cl.Spec.Name) && len(d.Spec.AfterDeviceType) > 0 {
				c.errorAt(cl.NameSpan, "'%s' may not follow 'device_type' on '%s' (OpenACC 3.3 §2.4): move it before the first device_type", cl.Name, d.Spec.Name)
				ok = false
				continue
			}
			if !containsStr(afterDeviceTypeSupported, cl.Spec.Name) && !(d.Spec.Assoc == acc.AssocLoop && containsStr(loopScheduleClauses, cl.Spec.Name)) { // a combined construct's loop part: loopdevicetype.go
				c.errorAt(cl.NameSpan, "'%s' after 'device_type' is not supported by the compiler yet (per device type: num_gangs, num_workers, vector_length, async)", cl.Name)
				ok = false
			}
		}
	}
	if !ok {
		return
	}
	launch := func(s *dtSection, cond string) *DeviceTypeLaunch {
		l := &DeviceTypeLaunch{Cond: cond}
		if s.header.Args != nil {
			l.Names = strings.TrimSuffix(strings.TrimPrefix(c.text(s.header.Args.Span), "("), ")")
		}
		l.NumGangs = sectionText(s.clauses, "num_gangs")
		l.NumWorkers = sectionText(s.clauses, "num_workers")
		l.VectorLength = sectionText(s.clauses, "vector_length")
		for _, cl := range s.clauses {
			if cl.Spec.Name == "async" {
				a := ""
				if cl.Args != nil && len(cl.Args.Items) > 0 {
					a = cl.Args.Items[0].Text
				}
				l.Async = &a
			}
		}
		return l
	}
	var star *dtSection
	for _, s := range secs[1:] {
		if s.classes["*"] && star == nil {
			star = s
		}
	}
	for _, dc := range deviceClasses {
		for _, s := range secs[1:] {
			if s.classes[dc.class] {
				con.DeviceTypes = append(con.DeviceTypes, launch(s, "accrt_device_info()->type & "+dc.cl))
				break
			}
		}
	}
	if len(con.DeviceTypes) == 0 && star != nil {
		// only device_type(*): it applies to every device
		launch(star, "").applyTo(con)
		return
	}
	if star != nil {
		con.DeviceTypes = append(con.DeviceTypes, launch(star, ""))
	} else if len(con.DeviceTypes) > 0 {
		con.DeviceTypes = append(con.DeviceTypes, &DeviceTypeLaunch{}) // the defaults
	}
}

// deviceClassesOf maps the names of a device_type clause to device classes;
// an unknown name is an error (it would never match).
func (c *compilation) deviceClassesOf(cl *acc.Clause) map[string]bool {
	out := map[string]bool{}
	if cl.Args == nil || len(cl.Args.Items) == 0 { // half-typed: `device_type` alone
		c.errorAt(cl.NameSpan, "'device_type' requires '*' or a list of device types in parentheses")
		return out
	}
	for _, it := range cl.Args.Items {
		name := deviceTypeName(it.Text)
		if containsStr(anyDeviceNames, name) {
			out["*"] = true
			continue
		}
		found := false
		for _, dc := range deviceClasses {
			if containsStr(dc.names, name) {
				out[dc.class] = true
				found = true
			}
		}
		if !found {
			c.errorAt(it.Span, "unknown device type '%s' (accls knows nvidia, radeon, gpu: OpenCL GPUs; host, multicore, cpu: OpenCL CPUs; accelerator; default and *)", it.Text)
		}
	}
	return out
}

// sectionText is the argument of the clause name in a section's clauses.
func sectionText(cls []*acc.Clause, name string) string {
	for _, cl := range cls {
		if cl.Spec != nil && cl.Spec.Name == name && cl.Args != nil && len(cl.Args.Items) > 0 {
			return cl.Args.Items[0].Text
		}
	}
	return ""
}

func containsStr(list []string, s string) bool { return slices.Contains(list, s) }

// launches writes the kernel launches of a compute construct: one sequence,
// or one per device class when device_type sections change the shape.
func (h *hgen) launches(con *Construct, ind, loc string) {
	if len(con.DeviceTypes) == 0 {
		for _, k := range con.Kernels {
			h.kernel(k, ind, loc)
		}
		return
	}
	ng, nw, vl, async := con.NumGangs, con.NumWorkers, con.VectorLength, con.Async
	for i, l := range con.DeviceTypes {
		switch {
		case i == 0:
			h.w(ind, "if (%s) { /* device_type(%s) */", l.Cond, l.Names)
		case l.Cond != "":
			h.w(ind, "} else if (%s) { /* device_type(%s) */", l.Cond, l.Names)
		case l.Names == "":
			h.w(ind, "} else { /* no device_type section: the defaults */")
		default:
			h.w(ind, "} else { /* device_type(%s) */", l.Names)
		}
		con.NumGangs, con.NumWorkers, con.VectorLength, con.Async = ng, nw, vl, async
		l.applyTo(con)
		if v := l.Variant; v != nil { // this class's loops (loopdevicetype.go)
			vng, vnw, vvl, vasync := v.NumGangs, v.NumWorkers, v.VectorLength, v.Async
			l.applyTo(v)
			for _, k := range v.Kernels {
				h.kernel(k, ind+"\t", loc)
			}
			v.NumGangs, v.NumWorkers, v.VectorLength, v.Async = vng, vnw, vvl, vasync
			continue
		}
		for _, k := range con.Kernels {
			h.kernel(k, ind+"\t", loc)
		}
	}
	h.w(ind, "}")
	con.NumGangs, con.NumWorkers, con.VectorLength, con.Async = ng, nw, vl, async
}

// dumpDeviceTypes prints the per-device-type launches of a construct.
func dumpDeviceTypes(b *strings.Builder, con *Construct, ind string) {
	for _, l := range con.DeviceTypes {
		cond := l.Cond
		if cond == "" {
			cond = "otherwise"
		}
		if l.Names == "" {
			fmt.Fprintf(b, "%sno device_type section, %s: the defaults", ind, cond)
		} else {
			fmt.Fprintf(b, "%sdevice_type(%s) when %s:", ind, l.Names, cond)
		}
		for _, kv := range [][2]string{{"num_gangs", l.NumGangs}, {"num_workers", l.NumWorkers}, {"vector_length", l.VectorLength}} {
			if kv[1] != "" {
				fmt.Fprintf(b, " %s(%s)", kv[0], kv[1])
			}
		}
		if l.Async != nil {
			fmt.Fprintf(b, " async(%s)", *l.Async)
		}
		if l.Variant != nil {
			var ks []string
			for _, k := range l.Variant.Kernels {
				ks = append(ks, k.Name)
			}
			fmt.Fprintf(b, " loops of this device type: %s", strings.Join(ks, ", "))
		}
		b.WriteString("\n")
	}
}

// applyTo sets the construct's launch values that the section gives.
func (l *DeviceTypeLaunch) applyTo(con *Construct) {
	if l.NumGangs != "" {
		con.NumGangs = l.NumGangs
	}
	if l.NumWorkers != "" {
		con.NumWorkers = l.NumWorkers
	}
	if l.VectorLength != "" {
		con.VectorLength = l.VectorLength
	}
	if l.Async != nil {
		con.Async = l.Async
	}
}
