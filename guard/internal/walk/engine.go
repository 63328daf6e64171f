package walk

import (
	"sync"

	"guardsh/guard/internal/rules"
	"mvdan.cc/sh/v3/syntax"
)

// Engine is what the walker needs of a Guard: the rules in force, the
// custom patterns, the limits, and the places guardsh protects.
type Engine struct {
	Rules []rules.Builtin // built-in rules in force, with levels applied
	// MakeInfo makes the list of every rule, disabled ones included
	// (Infos): called once, when first needed.
	MakeInfo   func() []Rule
	info       []Rule
	infoOnce   sync.Once
	Patterns   []Pattern
	MaxDepth   int
	MaxBytes   int
	Protected  []string
	AgentHooks []HookFile
	Hooks      *rules.ProtSet // made of agentHooks, once
	parsers    sync.Pool
	walkers    sync.Pool
	Auto       func(*syntax.File) bool
	// trustedEval are the init commands whose output eval may run
	// (WithTrustedEval).
	TrustedEval [][]string
	// Dispatch chooses the rules (indexes in rules) to call on a command.
	Dispatch
}

// Infos lists every rule, for listing, disabled ones included.
func (g *Engine) Infos() []Rule {
	g.infoOnce.Do(func() { g.info = g.MakeInfo() })
	return g.info
}

// Pattern is a custom pattern (a Pattern) as the walker matches it
// against each command's text.
type Pattern struct {
	Name        string
	Level       Level
	Description string
	Matches     func(cmd string) bool
}
