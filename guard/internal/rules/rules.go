package rules

// BuiltinRules returns every built-in rule, in the order findings are
// reported. Each family lives in its own file.
func BuiltinRules() []Builtin {
	fams := [...][]Builtin{
		structuralRules(),
		RmRules(),
		DiskRules(),
		storageRules(),
		PermRules(),
		FileRules(),
		NetRules(),
		GitRules(),
		InfraRules(),
		rowRules(),
		launcherRules(),
		SystemRules(),
		LeakRules(),
		InterpRules(),
		selfRules(),
		hookRules(),
		guardshRules(),
	}
	n := 0
	for _, fam := range fams {
		n += len(fam)
	}
	rs := make([]Builtin, 0, n)
	for _, fam := range fams {
		rs = append(rs, fam...)
	}
	return rs
}
