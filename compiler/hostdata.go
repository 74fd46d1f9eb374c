package compiler

import (
	"strconv"

	"github.com/accls/accls/source/cfacts"
)

// host_data use_device (OpenACC 3.3 §2.8): inside the construct's body each
// use_device variable stands for the device address of its data, the
// runtime's opaque value (the one acc_deviceptr returns), so that calls such
// as acc_hostptr, user functions and deviceptr clauses of nested constructs
// receive it. Hostgen shadows the variable in a block around the body:
//
//	{ float *accls_hd_p = accrt_use_device(p, flags, "p", loc);
//	  { __typeof__(accls_hd_p) p = accls_hd_p;  BODY } }
//
// An array shadows as a pointer to its first element (sizeof changes inside
// the body). Absent data is a runtime error unless if_present (then the host
// address is used); if(false) uses the host addresses.

// outlineHostData completes the node of a host_data construct.
func (c *compilation) outlineHostData(n *Node) *Node {
	r := n.Region
	if r.Stmt == nil {
		c.errorAt(n.Dir.Span, "'host_data' is not followed by a statement")
		return nil
	}
	n.Kind = NodeHostData
	n.Span.End = r.Stmt.Span.End
	n.Body = r.Stmt
	c.checkDataBranches(n) // branch.go
	n.Children = c.outlineRegions(r.Children, nil)
	return n
}

// lowerHostData makes the items of use_device: the variables, which must be
// pointers or arrays.
func (c *compilation) lowerHostData(n *Node) {
	fn := n.Region.Func.Func
	n.IfPresent = findClause(n.Dir, "if_present") != nil
	for _, cl := range n.Dir.Clauses {
		if cl.Spec == nil || cl.Spec.Name != "use_device" || cl.Args == nil {
			continue
		}
		for _, it := range cl.Args.Items {
			if it.Var == nil || len(it.Var.Subscripts) > 0 || len(it.Var.Members) > 0 {
				c.errorAt(it.Span, "use_device takes a variable name ('%s' is not one)", it.Text)
				continue
			}
			v := c.lookupVar(fn, it.Span.Start, it.Var.Name)
			if v == nil {
				c.errorAt(it.Span, "'%s' is not declared here", it.Var.Name)
				continue
			}
			if v.Type == nil || v.Type.Kind != cfacts.TypePointer && v.Type.Kind != cfacts.TypeArray {
				c.errorAt(it.Span, "use_device '%s' must be a pointer or an array (its device address replaces it in the body)", v.Name)
				continue
			}
			n.Data = append(n.Data, &DataItem{Clause: "use_device", Name: v.Name, Var: v, Start: v.Name, Bytes: "0", Lo: "0", Pos: it.Span.Start})
		}
	}
	c.lowerNodes(n.Children)
	c.checkUseDeviceInCompute(n, n.Children)
}

// checkUseDeviceInCompute rejects compute constructs in a host_data body
// that would look a use_device variable up as host data: it holds a device
// address there, which only a deviceptr clause can take.
func (c *compilation) checkUseDeviceInCompute(hd *Node, ns []*Node) {
	for _, n := range ns {
		if n.Kind == NodeCompute && n.Construct != nil {
			for _, cv := range n.Construct.Vars {
				for _, di := range hd.Data {
					if cv.Var == di.Var && !cv.DevPtr && (cv.Mode == ModeArray || cv.Mode == ModeRef) {
						c.errorAt(n.Dir.NameSpan, "'%s' holds a device address in the host_data construct on line %d: name it in a deviceptr clause here", cv.Name, hd.Line)
					}
				}
			}
		}
		c.checkUseDeviceInCompute(hd, n.Children)
	}
}

// hostData writes a host_data construct.
func (h *hgen) hostData(n *Node, ind, loc string) {
	h.w(ind, "{")
	in := ind + "\t"
	flags := "0"
	if n.IfPresent {
		flags = "ACCRT_IF_PRESENT"
	}
	cond := ""
	if n.If != "" {
		// evaluated once, as the other constructs' if clauses
		cond = h.c.fresh("accls_hd_if")
		h.w(in, "const int %s = (%s) != 0;", cond, n.If)
	}
	var shadows []string
	for _, di := range n.Data {
		tmp := h.c.fresh("accls_hd_" + di.Name)
		typ := "__typeof__(" + di.Name + ")"
		if di.Var.Type.Kind == cfacts.TypeArray {
			typ = "__typeof__(&(" + di.Name + ")[0])"
		}
		dev := "accrt_use_device((void *)" + di.Name + ", " + flags + ", " + strconv.Quote(di.Name) + ", " + loc + ")"
		if cond != "" {
			dev = cond + " ? " + dev + " : (void *)" + di.Name
		}
		h.w(in, "%s %s = (%s)(%s);", typ, tmp, typ, dev)
		shadows = append(shadows, "__typeof__("+tmp+") "+di.Name+" = "+tmp+"; (void)"+di.Name+";")
	}
	h.w(in, "{")
	for _, s := range shadows {
		h.w(in+"\t", "%s", s)
	}
	start := n.bodyStart()
	h.lineDirective(h.c.prog.lines.line(start))
	h.b.WriteString(h.indentOf(start))
	h.region(start, n.Body.Span.End, n.Children)
	h.b.WriteByte('\n')
	h.w(in, "}")
	h.w(ind, "}")
}
