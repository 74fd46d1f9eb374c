//go:build accls_testhooks

package server

// Built only with -tags accls_testhooks (the transcript tests build the
// binary so): a request that takes long, to test cancellation end to end,
// and one that waits for the end of a document's semantic run.
func init() {
	requests["accls/test/semanticWait"] = semanticWaitRequest
	requests["accls/test/slow"] = slowRequest
}
