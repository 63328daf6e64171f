package walk

import (
	"guardsh/guard/plan"
)

// The walker names plan's vocabulary unqualified.
type (
	Word     = plan.Word
	Redirect = plan.Redirect
	Command  = plan.Command
	HookFile = plan.HookFile
	Level    = plan.Level
	Finding  = plan.Finding
	Verdict  = plan.Verdict
	Rule     = plan.Rule
	Hit      = plan.Hit
	State    = plan.State
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
