// Package diagnostics turns analysis results into LSP diagnostics: source
// "openacc", the rule id as code with a link to its documentation, related
// information and the suggested fixes kept in the diagnostic's data.
package diagnostics
