package guard

// permRules returns the built-in rules of this family.
func permRules() []builtin {
	return nil
}
