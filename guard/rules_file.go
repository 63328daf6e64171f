package guard

// fileRules returns the built-in rules of this family.
func fileRules() []builtin {
	return nil
}
