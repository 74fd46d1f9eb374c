package analysis

// structureRules need the C code: nesting, loops, routines, branches, atomics.
var structureRules = []*Rule{}
