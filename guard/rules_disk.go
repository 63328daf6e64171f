package guard

// diskRules returns the built-in rules of this family.
func diskRules() []builtin {
	return nil
}
