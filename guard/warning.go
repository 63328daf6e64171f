package guard

import (
	"fmt"
)

// Warning is one rule matching a command, as a Detector reports it.
type Warning struct {
	// Command is the command that was checked.
	Command string
	// Pattern is the registry entry that matched: a custom pattern, or a
	// built-in rule's entry (Pattern.Builtin).
	Pattern Pattern
	// Level is the level the match gives.
	Level Level
	// Reason says why, for a person.
	Reason string
	// Text is the part of the command the warning is about.
	Text string
}

// Rule returns the name of the rule that matched.
func (w Warning) Rule() string { return w.Pattern.Name }

// Message returns the warning as one line, "[level] name: description",
// such as "[high] dd: can overwrite disk devices". Without a description
// it gives the reason.
func (w Warning) Message() string {
	d := w.Pattern.Description
	if d == "" {
		d = w.Reason
	}
	return fmt.Sprintf("[%s] %s: %s", w.Level, w.Pattern.Name, d)
}

// String returns Message.
func (w Warning) String() string { return w.Message() }
