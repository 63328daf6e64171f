package guard

// rmRules returns the built-in rules of this family.
func rmRules() []builtin {
	return nil
}
