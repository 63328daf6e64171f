package rules

// check looks at one command (after wrappers are taken off) and returns the
// hits of one rule. It must be pure and fast.
type check func(c *Command) []Hit

// Builtin is a built-in rule: its description and the check that finds it.
// Rules without a check are structural: the walker emits them (pipe into a
// shell, fork bomb, parse error, nesting too deep).
type Builtin struct {
	Rule
	Check check
	// progs names the programs (Command.Name) the check can match;
	// prefixes the name prefixes ("mkfs.", "python3."); redirects asks
	// for every command that has redirects, assigns for every command
	// whose first word is NAME=VALUE. A rule that sets none of these looks
	// at every command. The walker calls the check only for those.
	Progs     []string
	Prefixes  []string
	Redirects bool
	Assigns   bool
}

// everyCommand reports a rule whose check looks at every command.
func (b *Builtin) EveryCommand() bool {
	return b.Progs == nil && b.Prefixes == nil && !b.Redirects && !b.Assigns
}

// hit is a convenience for a check returning one reason.
func hit(format string) []Hit { return []Hit{{Reason: format}} }

// dispatchOn sets how the walker dispatches the named rules of a family
// (see builtin.progs): set receives each rule's builtin to fill in.
func dispatchOn(bs []Builtin, set func(b *Builtin), names ...string) []Builtin {
	for i := range bs {
		for _, n := range names {
			if bs[i].Name == n {
				set(&bs[i])
			}
		}
	}
	return bs
}
