package analysis

// dataRules need the C code: data attributes, references and transfers.
var dataRules = []*Rule{}
