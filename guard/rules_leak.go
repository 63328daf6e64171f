package guard

// leakRules returns the built-in rules of this family.
func leakRules() []builtin {
	return nil
}
