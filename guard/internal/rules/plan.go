package rules

import (
	"guardsh/guard/plan"
)

// The rules name plan's vocabulary unqualified.
type (
	Word     = plan.Word
	Redirect = plan.Redirect
	Command  = plan.Command
	HookFile = plan.HookFile
	Level    = plan.Level
	Finding  = plan.Finding
	Rule     = plan.Rule
	Hit      = plan.Hit
)

// Unknown stands in a Word's Value for a part the static check cannot
// know.
const Unknown = plan.Unknown

// The levels, lowest first.
const (
	Safe     = plan.Safe
	InfoLeak = plan.InfoLeak
	Medium   = plan.Medium
	High     = plan.High
	Blocked  = plan.Blocked
)

// Lit returns a known word with the given value.
func Lit(s string) Word { return plan.Lit(s) }

// Lits returns known words for each string.
func Lits(ss ...string) []Word { return plan.Lits(ss...) }

// ParseLevel parses a level name (see plan.ParseLevel).
func ParseLevel(s string) (Level, error) { return plan.ParseLevel(s) }
