// Package guard turns a shell command line into a plan of everything it
// would run and write, and classifies it: a Level and the Findings behind it.
//
// The package is pure: it does no I/O, starts no process and keeps no
// global state but its built-in rules, a table made at build time whose
// checks are each made once, the first time one is needed. Everything it needs to know about the shell (variables,
// working directory) is handed in as a State.
package guard

import (
	"fmt"
	"strings"

	"guardsh/guard/internal/rules"
	"guardsh/guard/internal/walk"
	"mvdan.cc/sh/v3/syntax"
)

// MapVars returns a Var function over a map.
func MapVars(m map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
}

// Guard classifies lines and commands. Build one with New; it is safe for
// concurrent use once built.
type Guard struct {
	// engine is what the walker reads: the rules in force, the patterns,
	// the limits and the places guardsh protects.
	engine     walk.Engine
	blockLevel Level
	// neutral remembers checkEffect's classifications of the neutral
	// path (effect_neutral.go).
	neutral *neutralMemo
}

// Option configures a Guard.
type Option func(*config) error

type config struct {
	patterns   []Pattern
	disabled   map[string]string // rule name -> origin
	levels     map[string]Level
	blockLevel Level
	maxDepth   int
	maxBytes   int
	protected  []string
	agentHooks []HookFile
	auto       func(*syntax.File) bool
	// trustedEval: see WithTrustedEval.
	trustedEval [][]string
	// noDispatch calls every rule on every command (tests compare it with
	// the dispatch by program name).
	noDispatch bool
}

// WithAuto sets what decides Verdict.Auto: a function given the parsed line
// that reports whether auto mode may run it without asking (the allowlist).
// A line is auto only when it is also safe. Without it, Auto is false.
func WithAuto(f func(*syntax.File) bool) Option {
	return func(c *config) error { c.auto = f; return nil }
}

// WithProtected names files guardsh protects from being written (its own
// config, policy, history, audit log, binary); rule guardsh_self uses them.
func WithProtected(paths ...string) Option {
	return func(c *config) error { c.protected = append(c.protected, paths...); return nil }
}

// WithPatterns adds custom patterns, matched after the built-in rules.
func WithPatterns(ps ...Pattern) Option {
	return func(c *config) error {
		for _, p := range ps {
			if err := p.compile(); err != nil {
				return err
			}
			c.patterns = append(c.patterns, p)
		}
		return nil
	}
}

// WithDisabled turns rules off by name.
func WithDisabled(names ...string) Option {
	return func(c *config) error {
		for _, n := range names {
			c.disabled[n] = ""
		}
		return nil
	}
}

// WithLevel gives a rule another level.
func WithLevel(name string, l Level) Option {
	return func(c *config) error { c.levels[name] = l; return nil }
}

// WithBlockLevel sets the level at and above which lines are blocked.
func WithBlockLevel(l Level) Option {
	return func(c *config) error { c.blockLevel = l; return nil }
}

// WithLimits sets the nesting depth and the line size past which a line is
// high (fail closed). Zero keeps the default.
func WithLimits(depth, bytes int) Option {
	return func(c *config) error {
		if depth > 0 {
			c.maxDepth = depth
		}
		if bytes > 0 {
			c.maxBytes = bytes
		}
		return nil
	}
}

// Default limits.
const (
	DefaultMaxDepth = 64
	DefaultMaxBytes = 1 << 20
)

// New returns a Guard with every built-in rule and the options applied. It
// fails on an unknown rule name in WithDisabled or WithLevel.
func New(opts ...Option) (*Guard, error) {
	c := &config{disabled: map[string]string{}, levels: map[string]Level{}, blockLevel: Blocked,
		maxDepth: DefaultMaxDepth, maxBytes: DefaultMaxBytes}
	for _, o := range opts {
		if err := o(c); err != nil {
			return nil, err
		}
	}
	g := &Guard{blockLevel: c.blockLevel, neutral: new(neutralMemo), engine: walk.Engine{MaxDepth: c.maxDepth, MaxBytes: c.maxBytes, Protected: c.protected, AgentHooks: c.agentHooks, Auto: c.auto}}
	if len(c.agentHooks) > 0 {
		g.engine.Hooks = rules.HookSet(c.agentHooks)
	}
	g.engine.TrustedEval = c.trustedEval
	// The built-in rules are a table made at build time, shared by every
	// Guard (rules.Static): a Guard whose config changes none of them
	// uses it as it is, and its list of rules is made when first asked
	// for.
	builtin := rules.Static()
	g.engine.Rules = builtin
	var info []Rule
	if len(c.levels) > 0 || len(c.disabled) > 0 {
		info = make([]Rule, 0, len(builtin)+len(c.patterns))
		g.engine.Rules = make([]rules.Builtin, 0, len(builtin))
		for _, b := range builtin {
			if l, ok := c.levels[b.Name]; ok && l != b.Level {
				b.Level, b.Overridden = l, true
			}
			if _, ok := c.disabled[b.Name]; ok {
				b.Disabled = true
			}
			info = append(info, b.Rule)
			if !b.Disabled {
				g.engine.Rules = append(g.engine.Rules, b)
			}
		}
	}
	g.engine.Dispatch = walk.NewDispatch(g.engine.Rules, c.noDispatch)
	var patInfo []Rule
	for _, p := range c.patterns {
		origin := p.Origin
		if origin == "" {
			origin = "custom"
		}
		r := Rule{Name: p.Name, Level: p.Level, DefaultLevel: p.Level, Description: p.Description, Origin: origin}
		if l, ok := c.levels[p.Name]; ok && l != p.Level {
			r.Level, r.Overridden = l, true
			p.Level = l
		}
		if _, ok := c.disabled[p.Name]; ok {
			r.Disabled = true
		}
		patInfo = append(patInfo, r)
		if !r.Disabled {
			g.engine.Patterns = append(g.engine.Patterns, walk.Pattern{Name: p.Name, Level: p.Level, Description: p.Description, Matches: p.Matches})
		}
	}
	g.engine.MakeInfo = func() []Rule {
		if info == nil {
			info = make([]Rule, 0, len(builtin)+len(patInfo))
			for i := range builtin {
				info = append(info, builtin[i].Rule)
			}
		}
		return append(info, patInfo...)
	}
	for n := range c.disabled {
		if !g.hasRule(n) {
			return nil, fmt.Errorf("disable: unknown rule %q", n)
		}
	}
	for n := range c.levels {
		if !g.hasRule(n) {
			return nil, fmt.Errorf("levels: unknown rule %q", n)
		}
	}
	return g, nil
}

// hasRule reports whether a rule of that name exists, disabled or not.
func (g *Guard) hasRule(name string) bool {
	info := g.engine.Infos()
	for i := range info {
		if info[i].Name == name {
			return true
		}
	}
	return false
}

// Rules lists every rule, built-in ones first, disabled ones included.
func (g *Guard) Rules() []Rule { return append([]Rule(nil), g.engine.Infos()...) }

// BlockLevel returns the level at and above which lines are blocked.
func (g *Guard) BlockLevel() Level { return g.blockLevel }

// Classify parses a line and classifies everything it would run.
func (g *Guard) Classify(line string, st State) (v Verdict) {
	defer g.failClosed(&v, line)
	v = g.engine.ClassifyLine(nil, line, st)
	v.Blocked = v.Level >= g.blockLevel
	return v
}

// ClassifyParsed is Classify for a line its caller has parsed already, so
// that it is not parsed twice: f must be what a syntax.Parser in the bash
// dialect, with no other option, made of exactly line (a line that does
// not parse is classified with Classify). f is read, not changed.
func (g *Guard) ClassifyParsed(f *syntax.File, line string, st State) (v Verdict) {
	if f == nil {
		return g.Classify(line, st)
	}
	defer g.failClosed(&v, line)
	v = g.engine.ClassifyLine(f, line, st)
	v.Blocked = v.Level >= g.blockLevel
	return v
}

// CheckArgv classifies one command about to run, on its final expanded
// argv, as the run-time check does: wrappers are still taken off (`bash -c
// STRING` has its string classified), and dir is the working directory.
func (g *Guard) CheckArgv(argv []string, st State) (v Verdict) {
	defer g.failClosed(&v, walk.QuoteArgv(argv))
	v = g.engine.ClassifyArgv(argv, st)
	v.Blocked = v.Level >= g.blockLevel
	return v
}

// CheckWrite classifies opening path for writing (a redirect about to
// happen); truncate reports that the file is emptied first.
func (g *Guard) CheckWrite(path string, truncate bool, st State) (v Verdict) {
	defer g.failClosed(&v, path)
	v = g.engine.ClassifyWrite(path, truncate, st)
	v.Blocked = v.Level >= g.blockLevel
	return v
}

// failClosed turns a panic while classifying into a high verdict (rule
// internal_error), so that a bug in a rule never lets a line through.
func (g *Guard) failClosed(v *Verdict, command string) {
	r := recover()
	if r == nil {
		return
	}
	*v = Verdict{Command: command, Findings: []Finding{}}
	g.engine.Emit(v, rules.RuleInternal, fmt.Sprintf("guardsh failed to classify this: %v", r), command)
	v.Blocked = v.Level >= g.blockLevel
}

// WithAgentHooks names the places coding agents read their hooks from;
// rule agent_hooks protects them from being written, emptied, deleted,
// renamed or having their mode changed.
func WithAgentHooks(files ...HookFile) Option {
	return func(c *config) error { c.agentHooks = append(c.agentHooks, files...); return nil }
}

// SelfProtecting reports the rules that keep guardsh in place: its own
// files (guardsh_self), the agents' hooks (agent_hooks) and approvals a
// command would give itself (guardsh_approve). A hook that cannot ask
// does not advise allowing their level (--hook-allow): that would let
// the agent turn guardsh off.
func SelfProtecting(rule string) bool { return rules.SelfProtecting(rule) }

// WithTrustedEval trusts `eval "$(CMD ...)"` (or `eval $(CMD)`, or with
// backquotes) when CMD's words begin with one of commands' words: the init
// commands whose output a shell's startup files run, such as "dircolors",
// "ssh-agent" or "direnv hook". Such an eval is not a finding; the
// command substitution is classified as usual, and what the output runs
// is checked as it runs. Any other eval of a command's output stays
// medium. An entry of words that are not plain (quotes, $, ;) never
// matches.
func WithTrustedEval(commands ...string) Option {
	return func(c *config) error {
		for _, cmd := range commands {
			if ws := strings.Fields(cmd); len(ws) > 0 && walk.PlainWords(ws) {
				c.trustedEval = append(c.trustedEval, ws)
			}
		}
		return nil
	}
}
