package guard

import (
	"fmt"
	"slices"
	"strings"

	"guardsh/guard/internal/rules"
	"guardsh/guard/internal/walk"
)

// Config is what a config file or the system policy says, parsed and
// checked (by internal/config, which reads the TOML). Both use the same
// format; docs/config.md describes every key.
// Unset keys are zero (nil for pointers).
type Config struct {
	// File is the file the config was read from.
	File string
	// BlockLevel is the level at and above which lines are blocked.
	BlockLevel *Level
	// Ask is "always" or "risky" (safe lines run without a question in an
	// interactive shell), "" when unset.
	Ask string
	// Patterns are the [[pattern]] tables, in order. A parsed config
	// gives them Origin OriginConfig; a merge gives the policy's OriginPolicy.
	Patterns []Pattern
	// Disable names rules to turn off.
	Disable []string
	// Levels maps rule names to the level they get instead of their own.
	Levels map[string]Level
	// Allow are additions to the auto-mode allowlist.
	Allow []AllowEntry
	// HistorySize is how many lines the history keeps.
	HistorySize *int
	// Prompt is the interactive prompt's format, "" when unset.
	Prompt string
	// Color is "auto", "always" or "never", "" when unset.
	Color string
	// AllowUserAllowlist, in the policy, says whether the user's config may
	// add [[allow]] entries; nil means it may.
	AllowUserAllowlist *bool
	// AllowLastingAnswers says whether answers that last (an approval of
	// a command or a rule kept for a directory) may be given and used; nil
	// means they may. false in the policy or in the config forbids them.
	AllowLastingAnswers *bool
	// Lock, in the policy, forbids user configs to disable rules, lower
	// any rule's level or loosen block_level: they may only add patterns,
	// raise levels and block more.
	Lock bool
	// Audit is "required" (no line runs unless its decision is written to
	// the audit log) or "optional" (the default: a log that cannot be
	// written is reported once), "" when unset.
	Audit string
	// Executor is what runs approved lines: "bash" (real bash under the
	// kernel-level supervisor, the default) or "interpreter" (guardsh's
	// own), "" when unset. The policy may set "bash"; the user's config
	// may then not go back.
	Executor string
	// Supervise, in the policy, is "required" (no line runs when the
	// supervisor cannot run here) or "optional", "" when unset.
	Supervise string
	// TrustedEval are the init commands `eval "$(CMD)"` may run without a
	// finding (WithTrustedEval): "dircolors", "ssh-agent", "direnv hook".
	TrustedEval []string

	// Lines records where keys were set, for messages: "block_level",
	// "ask", "audit", "executor", "supervise", "trusted_eval",
	// "disable:NAME", "levels:NAME", "pattern:NAME". internal/config
	// fills it in when it parses a file.
	Lines map[string]int
}

// AllowEntry is an [[allow]] table: a command auto mode may run without
// asking, and the flags it may take there. Command is a program name,
// optionally followed by a subcommand ("git stash list").
type AllowEntry struct {
	Command string
	Flags   []string
	// File and Line say where the entry was written.
	File string
	Line int
}

// ConfigError is one problem in a config file: where it is, what is wrong
// and what to do about it.
type ConfigError struct {
	File string
	Line int // 0 when unknown
	Msg  string
	Fix  string
}

// Error returns "FILE:LINE: MSG; FIX".
func (e *ConfigError) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
	}
	b.WriteString(": ")
	b.WriteString(e.Msg)
	if e.Fix != "" {
		b.WriteString("; ")
		b.WriteString(e.Fix)
	}
	return b.String()
}

// Options returns the guard options the config stands for: its block
// level, its patterns (with their Origin), the rules it disables and the
// levels it sets.
func (c Config) Options() []Option {
	var opts []Option
	if c.BlockLevel != nil {
		opts = append(opts, WithBlockLevel(*c.BlockLevel))
	}
	if len(c.Patterns) > 0 {
		opts = append(opts, WithPatterns(c.Patterns...))
	}
	if len(c.Disable) > 0 {
		opts = append(opts, WithDisabled(c.Disable...))
	}
	for _, n := range sortedKeys(c.Levels) {
		opts = append(opts, WithLevel(n, c.Levels[n]))
	}
	if len(c.TrustedEval) > 0 {
		opts = append(opts, WithTrustedEval(c.TrustedEval...))
	}
	return opts
}

// PatternNames returns the names of the config's patterns, for the parser
// to know them when it parses a config that refers to them.
func (c Config) PatternNames() []string {
	var ns []string
	for _, p := range c.Patterns {
		ns = append(ns, p.Name)
	}
	return ns
}

func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

// BuiltinRules returns the built-in rules, each with its own level, as a
// Guard made without options has them.
func BuiltinRules() []Rule {
	bs := rules.Static()
	out := make([]Rule, len(bs))
	for i, b := range bs {
		out[i] = b.Rule
		out[i].Origin, out[i].DefaultLevel = "", 0 // as the rules are made, before a Guard has them
	}
	return out
}

// FailClosedRules names the rules only the policy may disable or lower:
// they stand for what guardsh could not check.
func FailClosedRules() []string { return slices.Clone(failClosedRules) }

// failClosedRules are the rules FailClosedRules names.
var failClosedRules = []string{rules.RuleTooLong}

// PlainCommand reports a trusted_eval entry WithTrustedEval accepts: one
// or more words of characters no shell treats specially.
func PlainCommand(cmd string) bool {
	ws := strings.Fields(cmd)
	return len(ws) > 0 && walk.PlainWords(ws)
}
