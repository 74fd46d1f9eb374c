package compiler

import (
	"fmt"
	"strings"

	"github.com/accls/accls/source/cfacts"
)

// dumpOutline prints the host action tree.
func dumpOutline(r *Result) string {
	var b strings.Builder
	p := r.Program
	var walk func(ns []*Node, depth int)
	walk = func(ns []*Node, depth int) {
		for _, n := range ns {
			l1, c1 := p.lines.pos(n.Span.Start)
			l2, c2 := p.lines.pos(n.Span.End)
			fmt.Fprintf(&b, "%s%s:%d:%d-%d:%d %s (%s)\n", strings.Repeat("  ", depth), p.File, l1, c1, l2, c2, n.Kind, dirName(n))
			walk(n.Children, depth+1)
		}
	}
	walk(p.Nodes, 0)
	return b.String()
}

// dumpIR prints the IR: constructs, data items, variables, kernels, loops.
func dumpIR(r *Result) string {
	var b strings.Builder
	p := r.Program
	var walk func(ns []*Node, depth int)
	walk = func(ns []*Node, depth int) {
		for _, n := range ns {
			ind := strings.Repeat("  ", depth)
			fmt.Fprintf(&b, "%s%s line %d (%s)", ind, n.Kind, n.Line, dirName(n))
			if n.If != "" {
				fmt.Fprintf(&b, " if(%s)", n.If)
			}
			if n.Async != nil {
				fmt.Fprintf(&b, " async(%s)", *n.Async)
			}
			if n.HasWait {
				fmt.Fprintf(&b, " wait(%s)", strings.Join(n.Wait, ", "))
			}
			if s := n.Device; s != nil {
				b.WriteString(s.dump())
			}
			if n.Finalize {
				b.WriteString(" finalize")
			}
			if n.IfPresent {
				b.WriteString(" if_present")
			}
			b.WriteString("\n")
			for _, di := range n.Data {
				fmt.Fprintf(&b, "%s  data %s %s: start %s, bytes %s, offset %s%s\n", ind, di.Clause, di.Name, di.Start, di.Bytes, di.Lo, zeroDump(di))
			}
			for _, di := range n.Statics {
				fmt.Fprintf(&b, "%s  static data %s %s: start %s, bytes %s (registered once)\n", ind, di.Clause, di.Name, di.Start, di.Bytes)
			}
			if con := n.Construct; con != nil {
				dumpConstruct(&b, con, ind+"  ", p.Text)
			}
			walk(n.Children, depth+1)
		}
	}
	walk(p.Nodes, 0)
	return b.String()
}

func dumpConstruct(b *strings.Builder, con *Construct, ind string, text []byte) {
	fmt.Fprintf(b, "%sconstruct %s %s", ind, con.Kind, con.Name)
	for _, kv := range [][2]string{{"num_gangs", con.NumGangs}, {"num_workers", con.NumWorkers}, {"vector_length", con.VectorLength}, {"default", con.Default}, {"self", con.Self}} {
		if kv[1] != "" {
			fmt.Fprintf(b, " %s(%s)", kv[0], kv[1])
		}
	}
	b.WriteString("\n")
	dumpDeviceTypes(b, con, ind+"  ") // devicetype.go
	for _, cv := range con.Vars {
		fmt.Fprintf(b, "%s  var %s: %s", ind, cv.Name, cv.Mode)
		if cv.Attr != 0 {
			fmt.Fprintf(b, " [%s", cv.Attr)
			if cv.Implicit {
				b.WriteString(", implicit")
			}
			b.WriteString("]")
		}
		switch {
		case cv.Read && cv.Written:
			b.WriteString(" read-write")
		case cv.Read:
			b.WriteString(" read")
		case cv.Written:
			b.WriteString(" write")
		}
		if cv.Data != nil {
			fmt.Fprintf(b, " enter/exit %s", cv.Data.Name)
		}
		if cv.Lookup != nil {
			fmt.Fprintf(b, " present: lookup %s", cv.Lookup.Name)
			if cv.NoSection != "" {
				fmt.Fprintf(b, " (no section inferred: %s)", cv.NoSection)
			}
		}
		if cv.DevPtr {
			b.WriteString(" deviceptr")
		}
		if cv.Mode == ModeArray {
			fmt.Fprintf(b, " rank %d", cv.Rank)
			if cv.VLA {
				fmt.Fprintf(b, " (VLA, strides %s)", strings.Join(cv.Strides, "; "))
			}
		}
		b.WriteString("\n")
	}
	for _, k := range con.Kernels {
		fmt.Fprintf(b, "%s  kernel %s levels [%s]", ind, k.Name, k.Levels)
		if k.Serial {
			fmt.Fprintf(b, " serial (%s)", k.Note)
		}
		b.WriteString("\n")
		var loops func(ls []*Loop, d int)
		loops = func(ls []*Loop, d int) {
			for _, lp := range ls {
				li := ind + "    " + strings.Repeat("  ", d)
				var vars []string
				for _, lv := range lp.Vars {
					step := fmt.Sprint(lv.StepVal)
					if lv.Step != nil {
						step = exprText(text, lv.Step)
					}
					vars = append(vars, fmt.Sprintf("%s = %s; %s %s %s; step %s", lv.Var.Name, exprText(text, lv.Lower), lv.Var.Name, lv.Cmp, exprText(text, lv.Upper), step))
				}
				lvls := lp.Levels.String()
				if lvls == "" {
					lvls = "seq"
				}
				fmt.Fprintf(b, "%sloop [%s] %s", li, lvls, strings.Join(vars, "; "))
				if len(lp.Tile) > 0 {
					fmt.Fprintf(b, " tile%v", lp.Tile)
				}
				if lp.Uniform {
					b.WriteString(" uniform")
				}
				if lp.Shares {
					b.WriteString(" uses-gang-shared-arrays")
				}
				if lp.Note != "" {
					fmt.Fprintf(b, " (%s)", lp.Note)
				}
				for _, v := range lp.Private {
					fmt.Fprintf(b, " private(%s)", v.Name)
				}
				for _, r := range lp.Reductions {
					fmt.Fprintf(b, " reduction(%s:%s)", r.Op, r.Name)
				}
				b.WriteString("\n")
				loops(lp.Children, d+1)
			}
		}
		loops(k.Loops, 0)
		for _, r := range k.Reductions {
			fmt.Fprintf(b, "%s    reduction(%s:%s) %s mask [%s]", ind, r.Op, r.Name, r.Accrt, r.Mask)
			switch {
			case r.Spanning:
				fmt.Fprintf(b, " final %s (into the device copy the construct's other kernels use)", r.Final)
			case r.Final != "":
				fmt.Fprintf(b, " final %s (when present)", r.Final)
			}
			b.WriteString("\n")
		}
		for _, v := range sortedShared(k) {
			fmt.Fprintf(b, "%s    gang-shared array %s (__local %s)\n", ind, v.Name, k.Shared[v])
		}
		var ps []string
		for _, p := range k.Params {
			ps = append(ps, fmt.Sprintf("%d:%s", p.Index, p.Name))
		}
		fmt.Fprintf(b, "%s    params %s\n", ind, strings.Join(ps, ", "))
	}
	dumpLoopVariants(b, con, ind, text) // loopdevicetype.go
}

// exprText is the source text of e on one line.
func exprText(text []byte, e *cfacts.Expr) string {
	if e == nil || e.Span.End > len(text) || e.Span.Start > e.Span.End {
		return "?"
	}
	return strings.Join(strings.Fields(string(text[e.Span.Start:e.Span.End])), " ")
}
