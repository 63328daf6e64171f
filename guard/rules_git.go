package guard

// gitRules returns the built-in rules of this family.
func gitRules() []builtin {
	return nil
}
