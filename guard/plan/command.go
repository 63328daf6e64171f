package plan

import "strings"

// Unknown stands in a Word's Value for a part the static check cannot know:
// a command substitution, a variable assigned at run time, a positional
// parameter. A Word holding it is not Known.
const Unknown = "\uFFFD"

// Word is one argument of a command, resolved as far as static analysis can:
// quotes removed, escapes, $'...', ~, brace expansion and known variables
// applied.
type Word struct {
	// Value is the resolved text; parts that cannot be known are Unknown.
	Value string
	// Vars names the parameters whose value is expanded into the word
	// ("AWS_SECRET_KEY" for `$AWS_SECRET_KEY`, `${AWS_SECRET_KEY:0:4}`),
	// known or not; not those only measured (`${#TOKEN}`) or whose names
	// are listed (`${!TOKEN*}`).
	Vars []string
	// Known reports that Value holds no Unknown part.
	Known bool
	// Glob reports an unquoted *, ? or [ that the shell would expand.
	Glob bool
	// Subst reports a word that holds a command or process substitution.
	Subst bool
}

// Lit returns a known word with the given value, as argv at run time is.
func Lit(s string) Word { return Word{Value: s, Known: true} }

// Lits returns known words for each string.
func Lits(ss ...string) []Word {
	ws := make([]Word, len(ss))
	for i, s := range ss {
		ws[i] = Lit(s)
	}
	return ws
}

// Redirect is one redirection of a command.
type Redirect struct {
	// Op is the operator as written: ">", ">>", "<", ">|", "&>", "<<<", ...
	Op string
	// Fd is the descriptor written before the operator, "" when none.
	Fd string
	// Target is the file (or descriptor) the redirect names.
	Target Word
	// Write reports a redirect that opens Target for writing.
	Write bool
	// Truncate reports a write that empties Target first (>, >|, &>).
	Truncate bool
}

// Command is one command a line may run, after wrappers are taken off.
type Command struct {
	// Args is the program name and its arguments.
	Args []Word
	// Text is the part of the line the command stands for.
	Text string
	// Dir is the working directory it runs in, "" when unknown.
	Dir string
	// Home is the user's home directory, "" when unknown.
	Home string
	// Redirects are the command's own redirections.
	Redirects []Redirect
	// Stdin is the text fed to the command's standard input when it is
	// known statically (a here-document, a here-string, `echo X |`).
	Stdin *Word
	// StdinPiped reports that standard input comes from an earlier
	// pipeline stage, whatever its text.
	StdinPiped bool
	// PipedFrom holds the program names of the earlier stages of the
	// command's pipeline, nearest first ("curl" in `curl URL | sh`).
	PipedFrom []string
	// Protected lists the paths guardsh protects from being written: its
	// config, policy, history, audit log and binary.
	Protected []string
	// AgentHooks lists the places coding agents read their hooks from
	// (WithAgentHooks), which rule agent_hooks protects.
	AgentHooks []HookFile
	// Via lists the wrappers the command was found behind, outermost first
	// ("sudo", "bash -c", "xargs", "$(...)").
	Via []string

	// The fields below are what the walker learned about the command for
	// the rules, beyond its words; a Command made outside guardsh leaves
	// them zero.

	// HookSet is the set of paths AgentHooks make, made once by guard.New
	// (rule agent_hooks' own type); nil makes agent_hooks make it.
	HookSet any
	// EvalTrusted reports `eval "$(CMD)"` of a trusted init command
	// (guard.WithTrustedEval), set as the walker unwraps it.
	EvalTrusted bool
	// OwnJobs reports a kill of the line's own jobs only.
	OwnJobs bool
	// OwnFiles reports that every path the command deletes, empties or
	// changes the mode of is the line's own (made by the line itself).
	OwnFiles bool
	// Exists reports, as State.Exists, that a path (absolute, cleaned)
	// existed before the line ran: destroy_key only flags a private key
	// that is there to lose. Nil means any path may exist.
	Exists func(path string) bool
	// Memo holds the hits of the rule family that last looked at the
	// command, so that its other rules do not compute them again.
	Memo Memo

	// name caches Name for the Args it was computed from: every rule asks.
	name   string
	nameOf *Word
}

// NamedHit is a hit together with the rule it belongs to: a family of
// rules computes the hits of all its rules in one pass.
type NamedHit struct {
	Rule string
	Hit  Hit
}

// Memo holds the hits one rule family found on a command with given Args;
// the family is named by a pointer of its own (Owner).
type Memo struct {
	owner any
	hits  []NamedHit
	args0 *Word // &Args[0], nil for no Args
	nargs int
}

// Remember records the hits of the family owner on c.
func (m *Memo) Remember(owner any, c *Command, hits []NamedHit) {
	*m = Memo{owner: owner, hits: hits, nargs: len(c.Args)}
	if len(c.Args) > 0 {
		m.args0 = &c.Args[0]
	}
}

// Hits returns the hits of the family owner on c's current Args, and
// whether the memo holds them.
func (m *Memo) Hits(owner any, c *Command) ([]NamedHit, bool) {
	if m.owner != owner || m.nargs != len(c.Args) {
		return nil, false
	}
	if len(c.Args) > 0 && m.args0 != &c.Args[0] {
		return nil, false
	}
	return m.hits, true
}

// Name returns the command's program name without its directory, "" when
// there is none or it is not known.
func (c *Command) Name() string {
	if len(c.Args) == 0 {
		return ""
	}
	if c.nameOf == &c.Args[0] {
		return c.name
	}
	n := ""
	if c.Args[0].Known {
		n = c.Args[0].Value
		if i := strings.LastIndexByte(n, '/'); i >= 0 {
			n = n[i+1:]
		}
	}
	c.name, c.nameOf = n, &c.Args[0]
	return n
}

// Arg returns the i-th argument (0 is the program), or a zero Word.
func (c *Command) Arg(i int) Word {
	if i < 0 || i >= len(c.Args) {
		return Word{}
	}
	return c.Args[i]
}

// Values returns the arguments' values, program included.
func (c *Command) Values() []string {
	vs := make([]string, len(c.Args))
	for i, w := range c.Args {
		vs[i] = w.Value
	}
	return vs
}

// HookFile is a place a coding agent reads its hooks from, guardsh's
// pre-tool hook among them (a settings file, a directory of hook files
// or plugins); rule agent_hooks protects it.
type HookFile struct {
	// Agent names the agent as a reason shows it ("Claude Code").
	Agent string
	// Path is absolute (the user's settings), or relative to a project
	// directory (".claude/settings.json"): then a path ending in it is
	// protected wherever it is, in the line's directory, a parent of it,
	// or another project, since guardsh cannot know where the agent was
	// started or will be.
	Path string
	// Dir reports a directory every file of which the agent reads
	// (.github/hooks/*.json, OpenCode's plugin directory).
	Dir bool
}
