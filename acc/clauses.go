package acc

// PLACEHOLDER: the full clause table is being written; this minimal version
// only keeps the package compiling.
var clauseTable = []*ClauseSpec{
	{Name: "copyin", Aliases: []Alias{{"pcopyin", true}, {"present_or_copyin", true}}, Arg: ArgVarList, Modifiers: []string{"readonly"}},
	{Name: "device_type", Aliases: []Alias{{"dtype", false}}, Arg: ArgDeviceType},
	{Name: "async", Arg: ArgOptIntExpr},
	{Name: "gang", Arg: ArgGang},
	{Name: "seq", Arg: ArgNone},
	{Name: "self", Arg: ArgOptCond, ArgOn: map[string]ArgKind{"update": ArgVarList}},
}
