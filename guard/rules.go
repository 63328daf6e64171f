package guard

// builtinRules returns every built-in rule, in the order findings are
// reported. Each family lives in its own file.
func builtinRules() []builtin {
	var rs []builtin
	for _, fam := range [][]builtin{
		structuralRules(),
		rmRules(),
		diskRules(),
		storageRules(),
		permRules(),
		fileRules(),
		netRules(),
		gitRules(),
		infraRules(),
		systemRules(),
		leakRules(),
		interpRules(),
		selfRules(),
	} {
		rs = append(rs, fam...)
	}
	return rs
}
