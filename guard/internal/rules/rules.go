package rules

// family is one family of built-in rules: the function that makes its
// rules, or the row table whose rows they are.
type family struct {
	rules func() []Builtin
	rows  func() []Row
}

// build makes the family's rules.
func (f family) build() []Builtin {
	if f.rows != nil {
		return rowBuiltins(f.rows())
	}
	return f.rules()
}

// families are the families of built-in rules, in the order findings are
// reported; each lives in its own file. The row tables are those of
// rowTables, in its order.
var families = [...]family{
	{rules: structuralRules},
	{rules: RmRules},
	{rules: DiskRules},
	{rules: storageRules},
	{rules: PermRules},
	{rules: FileRules},
	{rules: NetRules},
	{rules: GitRules},
	{rules: InfraRules},
	{rows: saasRows},
	{rows: backupRows},
	{rows: messagingRows},
	{rows: secretRows},
	{rows: httpRows},
	{rows: registryRows},
	{rows: networkRows},
	{rows: forceRows},
	{rows: remoteRows},
	{rows: launchRows},
	{rows: infraRows},
	{rows: gitRows},
	{rows: opsRows},
	{rows: deployRows},
	{rows: platformRows},
	{rows: cloudVerbRows},
	{rows: shellRows},
	{rules: launcherRules},
	// SystemRules, in its parts.
	{rules: sysPrivilegeRules},
	{rules: packageRules},
	{rules: sysProcessRules},
	{rules: sysCronRules},
	{rules: sysLoaderRules},
	{rules: LeakRules},
	{rules: InterpRules},
	{rules: selfRules},
	{rules: hookRules},
	{rules: guardshRules},
}

// BuiltinRules returns every built-in rule, in the order findings are
// reported, each family made anew. Static has the same rules without
// making any.
func BuiltinRules() []Builtin {
	var fams [len(families)][]Builtin
	n := 0
	for i, f := range families {
		fams[i] = f.build()
		n += len(fams[i])
	}
	rs := make([]Builtin, 0, n)
	for _, fam := range fams {
		rs = append(rs, fam...)
	}
	return rs
}
