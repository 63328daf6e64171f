package guard

import (
	"sync"

	"guardsh/guard/internal/rules"
	"mvdan.cc/sh/v3/syntax"
)

// engine is what the walker needs of a Guard: the rules in force, the
// custom patterns, the limits, and the places guardsh protects.
type engine struct {
	rules      []rules.Builtin // built-in rules in force, with levels applied
	info       []Rule          // every rule, for listing, disabled ones included
	patterns   []pattern
	maxDepth   int
	maxBytes   int
	protected  []string
	agentHooks []HookFile
	hooks      *rules.ProtSet // made of agentHooks, once
	parsers    sync.Pool
	walkers    sync.Pool
	auto       func(*syntax.File) bool
	// trustedEval are the init commands whose output eval may run
	// (WithTrustedEval).
	trustedEval [][]string
	// dispatch chooses the rules (indexes in rules) to call on a command.
	dispatch
}

// pattern is a custom pattern (a Pattern) as the walker matches it
// against each command's text.
type pattern struct {
	Name        string
	Level       Level
	Description string
	Matches     func(cmd string) bool
}
