package guard

// systemRules returns the built-in rules of this family.
func systemRules() []builtin {
	return nil
}
