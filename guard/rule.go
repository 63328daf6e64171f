package guard

// check looks at one command (after wrappers are taken off) and returns the
// hits of one rule. It must be pure and fast.
type check func(c *Command) []Hit

// builtin is a built-in rule: its description and the check that finds it.
// Rules without a check are structural: the walker emits them (pipe into a
// shell, fork bomb, parse error, nesting too deep).
type builtin struct {
	Rule
	check check
	// progs names the programs (Command.Name) the check can match;
	// prefixes the name prefixes ("mkfs.", "python3."); redirects asks
	// for every command that has redirects, assigns for every command
	// whose first word is NAME=VALUE. A rule that sets none of these looks
	// at every command. The walker calls the check only for those.
	progs     []string
	prefixes  []string
	redirects bool
	assigns   bool
}

// everyCommand reports a rule whose check looks at every command.
func (b *builtin) everyCommand() bool {
	return b.progs == nil && b.prefixes == nil && !b.redirects && !b.assigns
}

// hit is a convenience for a check returning one reason.
func hit(format string) []Hit { return []Hit{{Reason: format}} }

// dispatchOn sets how the walker dispatches the named rules of a family
// (see builtin.progs): set receives each rule's builtin to fill in.
func dispatchOn(bs []builtin, set func(b *builtin), names ...string) []builtin {
	for i := range bs {
		for _, n := range names {
			if bs[i].Name == n {
				set(&bs[i])
			}
		}
	}
	return bs
}
