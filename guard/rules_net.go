package guard

// netRules returns the built-in rules of this family.
func netRules() []builtin {
	return nil
}
