package acc

// PLACEHOLDER: the full directive table is being written; this minimal version
// only keeps the package compiling.
var directiveTable = []*DirectiveSpec{
	{Name: "parallel", Assoc: AssocBlock, Allowed: []string{"copyin", "device_type", "async"}, AfterDeviceType: []string{"async"}},
	{Name: "loop", Assoc: AssocLoop, Allowed: []string{"gang", "seq"}, Exclusive: [][]string{{"gang", "seq"}}},
	{Name: "parallel loop", Assoc: AssocLoop, Leaves: []string{"parallel", "loop"}},
	{Name: "enter data", Assoc: AssocStandalone, Allowed: []string{"copyin"}, Required: []string{"copyin"}},
	{Name: "cache", Assoc: AssocStandalone, Paren: ArgVarList, ParenRequired: true},
}
