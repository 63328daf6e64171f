package guard

// infraRules returns the built-in rules of this family.
func infraRules() []builtin {
	return nil
}
