package guard

import (
	"guardsh/guard/plan"
)

// The vocabulary the walker and the rules share lives in package plan;
// guard names it too, so that its API is the same.
type (
	// Word is one argument of a command, resolved as far as static
	// analysis can (see plan.Word).
	Word = plan.Word
	// Redirect is one redirection of a command (see plan.Redirect).
	Redirect = plan.Redirect
	// Command is one command a line may run, after wrappers are taken
	// off (see plan.Command).
	Command = plan.Command
	// HookFile is a place a coding agent reads its hooks from (see
	// plan.HookFile).
	HookFile = plan.HookFile
	// Level is how dangerous a command is, from Safe to Blocked (see
	// plan.Level).
	Level = plan.Level
	// Finding is one reason a line got its level (see plan.Finding).
	Finding = plan.Finding
	// Verdict is the classification of one line (see plan.Verdict).
	Verdict = plan.Verdict
	// Rule describes one check guardsh makes (see plan.Rule).
	Rule = plan.Rule
	// Hit is one match of a rule on a command (see plan.Hit).
	Hit = plan.Hit
	// State is what the shell knows when a line is classified (see
	// plan.State).
	State = plan.State
)

// Unknown stands in a Word's Value for a part the static check cannot
// know (see plan.Unknown).
const Unknown = plan.Unknown

// The levels, lowest first.
const (
	// Safe has nothing to warn about.
	Safe = plan.Safe
	// InfoLeak shows secrets on screen or sends them on.
	InfoLeak = plan.InfoLeak
	// Medium changes or deletes things, usually recoverably.
	Medium = plan.Medium
	// High is hard to undo.
	High = plan.High
	// Blocked destroys the system and never runs.
	Blocked = plan.Blocked
)

// Lit returns a known word with the given value, as argv at run time is.
func Lit(s string) Word { return plan.Lit(s) }

// Lits returns known words for each string.
func Lits(ss ...string) []Word { return plan.Lits(ss...) }

// Levels lists every level, lowest first.
func Levels() []Level { return plan.Levels() }

// ParseLevel parses a level name, case-insensitively (see
// plan.ParseLevel).
func ParseLevel(s string) (Level, error) { return plan.ParseLevel(s) }
