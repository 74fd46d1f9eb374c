//go:build accls_testhooks

package server

// Built only with -tags accls_testhooks (the transcript tests build the
// binary so): a request that takes long, to test cancellation end to end.
func init() {
	requests["accls/test/slow"] = slowRequest
}
