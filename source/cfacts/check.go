package cfacts

import (
	"fmt"
	"unsafe"

	"modernc.org/cc/v4"
)

// cc/v4's Translate is Parse followed by the type checker, (*AST).check, but
// it throws the AST away when the checker reports any error. The checker
// does not stop at errors: it types every node it can and gives the others
// the invalid type, and an editor's text always has some (an identifier from
// a missing header, a call being typed). So the checker is called directly.
// The signature is that of modernc.org/cc/v4 v4.31.0 (go.mod pins it;
// TestTypeCheckLinkname fails if an upgrade changes what it does).
//
//go:linkname astCheck modernc.org/cc/v4.(*AST).check
func astCheck(ast *cc.AST, cfg *cc.Config) (unsafe.Pointer, error)

// typeCheck runs the type checker on ast and returns its errors, or a
// panic turned into an error.
func typeCheck(ast *cc.AST, cfg *cc.Config) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%w in the type checker: %v", errPanic, r)
		}
	}()
	_, err = astCheck(ast, cfg)
	return err
}
