package guard

// builtinRules returns every built-in rule, in the order findings are
// reported. Each family lives in its own file.
func builtinRules() []builtin {
	fams := [...][]builtin{
		structuralRules(),
		rmRules(),
		diskRules(),
		storageRules(),
		permRules(),
		fileRules(),
		netRules(),
		gitRules(),
		infraRules(),
		rowRules(),
		launcherRules(),
		systemRules(),
		leakRules(),
		interpRules(),
		selfRules(),
		hookRules(),
		guardshRules(),
	}
	n := 0
	for _, fam := range fams {
		n += len(fam)
	}
	rs := make([]builtin, 0, n)
	for _, fam := range fams {
		rs = append(rs, fam...)
	}
	return rs
}
