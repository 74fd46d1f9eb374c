package compiler

// Reduction loops nested in a partitioned loop of a routine (a vector
// reduction inside a worker loop): as in a kernel (finishKernel), the outer
// loop runs a uniform number of rounds in every work-item of the gang, so
// that all of them reach the inner loop's barriers; the inner loop's
// partials combine per worker (segment). The outer loop must then be a
// worker loop: a vector loop around another partitioned loop is not valid
// OpenACC, and a gang-level one is not supported in routines.

import (
	"fmt"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/analysis"
)

// nestedRoutineReduction marks the partitioned loops of routine kernel k
// around reduction loop lp as uniform (barriers inside), or says why it
// cannot be.
func nestedRoutineReduction(k *Kernel, lp *Loop, name string, at acc.Span) error {
	for _, o := range k.Loops {
		s, in := o.Stmts[0].Span, lp.Stmts[0].Span
		if o == lp || o.Levels == 0 || s.Start > in.Start || in.End > s.End {
			continue
		}
		if o.Levels&(analysis.LevelGang|analysis.LevelVector) != 0 || lp.Levels&analysis.LevelWorker != 0 || len(o.Tile) > 0 {
			return &spanError{Span: at, Msg: fmt.Sprintf("a reduction loop nested in a partitioned loop of a routine is supported only as a vector loop in a worker loop ('%s')", name)}
		}
		o.Uniform = true
	}
	return nil
}
