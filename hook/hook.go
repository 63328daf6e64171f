// Package hook answers coding agents' pre-tool hooks with guardsh's
// classifier: it reads the event an agent sends before it runs a shell
// command (Claude Code's PreToolUse, Codex's PreToolUse, Gemini CLI's
// BeforeTool, Cursor's beforeShellExecution, GitHub Copilot CLI's
// preToolUse, and the event guardsh's own OpenCode plugin sends from
// OpenCode's tool.execute.before), classifies the command whole in the event's working
// directory, and writes the agent's own decision format: allow, ask or
// deny, with a reason written for the model and the person. Where the
// agent lets a hook change the command, an allowed command is rewritten so
// that it runs under guardsh (guardsh --approved LEVEL -c 'COMMAND'), and
// the run-time check still applies although the agent runs its own shell.
//
// The package does no I/O: it takes the event's bytes and returns the
// bytes to print. It fails closed: malformed input, an unknown event, a
// missing command or an internal error is a deny with the reason, never a
// silent allow. A tool that is not a shell tool gets the agent's "no
// decision" answer.
package hook

import (
	"fmt"
	"slices"
	"strings"

	"guardsh/guard"
)

// Classifier gives the verdict of a command line that would run in the
// directory dir.
type Classifier func(line, dir string) guard.Verdict

// Options says how decisions are made and commands rewritten.
type Options struct {
	// Guardsh is the guardsh program an allowed command is rewritten to run
	// under (an absolute path); "" leaves commands as they are, and the
	// static check is then the only one.
	Guardsh string
	// Allow is the highest level allowed without a person; safe and
	// info_leak always are. Raising it to medium or high lets an agent
	// that cannot ask run such lines (under guardsh, approved at that
	// level). Blocked lines are never allowed.
	Allow guard.Level
	// Lasting, when set, reports whether an answer that lasts (an
	// approval the person stored at a guardsh question) covers verdict v
	// in dir, and how it is named ("lasting approval 2: ..."). A command
	// it covers is allowed instead of asked about or denied, with the
	// reason naming the approval. It is not asked about blocked commands.
	Lasting func(v guard.Verdict, dir string) (how string, ok bool)
}

// Decision is the kind of answer a hook gives.
type Decision string

// The decisions.
const (
	// Allow runs the command (rewritten to run under guardsh where the
	// agent allows it).
	Allow Decision = "allow"
	// Ask has the agent ask its person.
	Ask Decision = "ask"
	// Deny refuses the command; the reason goes to the model.
	Deny Decision = "deny"
	// None leaves the decision to the agent: the tool is not a shell tool.
	None Decision = "none"
)

// Result is a hook's answer: the bytes to print and what they say, for the
// audit log.
type Result struct {
	// Output is what the hook prints on standard output.
	Output []byte
	// Decision is what Output says.
	Decision Decision
	// Command is the command the event asked about, "" when none was found.
	Command string
	// Dir is the event's working directory.
	Dir string
	// Verdict is the command's classification, when it was classified.
	Verdict guard.Verdict
	// Reason is the reason given.
	Reason string
	// How names the answer that lasts that allowed the command, "" when
	// none did.
	How string
}

// call is what an adapter reads from an event.
type call struct {
	// shell reports a shell tool; other tools get None.
	shell   bool
	command string
	dir     string
	// input is the tool's input as sent, rewritten with the new command
	// where the agent takes a rewritten input.
	input map[string]any
}

// answer is what an adapter writes.
type answer struct {
	decision Decision
	reason   string
	// rewritten is the command to run instead, "" for none.
	rewritten string
	input     map[string]any
	// how names the answer that lasts behind an allow.
	how string
}

// adapter reads one agent's events and writes its answers.
type adapter struct {
	// parse reads the event; an error is a deny.
	parse func(event []byte) (call, error)
	// write renders an answer; it never fails.
	write func(a answer) []byte
	// canAsk reports that the agent can ask its person from a hook.
	canAsk bool
	// rewrite says how an allowed command runs under guardsh; nil when
	// the agent cannot take a rewritten command.
	rewrite func(guardsh string, approved guard.Level, command string) string
	// name is the agent's name as people know it.
	name string
}

var adapters = map[string]adapter{
	"claude-code": claudeCode,
	"codex":       codex,
	"gemini-cli":  geminiCLI,
	"cursor":      cursor,
	"copilot-cli": copilotCLI,
	"opencode":    openCode,
}

// Agents returns the names Handle takes, sorted.
func Agents() []string {
	var names []string
	for n := range adapters {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// Name returns the agent's name as people know it ("Claude Code"), the
// name Handle takes when it knows no other.
func Name(agent string) string {
	if ad, ok := adapters[agent]; ok {
		return ad.name
	}
	return agent
}

// Known reports whether agent is a name Handle takes.
func Known(agent string) bool {
	_, ok := adapters[agent]
	return ok
}

// Handle answers one hook event of agent. It never panics: an internal
// error is a deny with the reason.
func Handle(agent string, event []byte, classify Classifier, opts Options) (res Result) {
	ad, ok := adapters[agent]
	if !ok {
		// Not an agent's format: the best that can be printed is a deny
		// in Claude Code's, which Codex reads too.
		ad = claudeCode
		return denyResult(ad, fmt.Sprintf("guardsh: unknown agent %q (want one of %s); refusing everything until the hook is fixed", agent, strings.Join(Agents(), ", ")))
	}
	defer func() {
		if p := recover(); p != nil {
			res = denyResult(ad, fmt.Sprintf("guardsh: internal error (%v); refusing the command. Report this to guardsh's maintainers.", p))
		}
	}()
	c, err := ad.parse(event)
	if err != nil {
		return denyResult(ad, fmt.Sprintf("guardsh: %v; refusing the command (fail closed)", err))
	}
	if !c.shell {
		return Result{Output: ad.write(answer{decision: None}), Decision: None, Dir: c.dir}
	}
	v := classify(c.command, c.dir)
	res = Result{Command: c.command, Dir: c.dir, Verdict: v}
	a := decide(ad, v, c, opts)
	res.Output, res.Decision, res.Reason, res.How = ad.write(a), a.decision, a.reason, a.how
	return res
}

// DenyOutput is agent's deny with reason, for what the caller refuses
// before Handle sees it (an input too large, a read error).
func DenyOutput(agent, reason string) []byte {
	ad, ok := adapters[agent]
	if !ok {
		ad = claudeCode
	}
	return ad.write(answer{decision: Deny, reason: reason})
}

func denyResult(ad adapter, reason string) Result {
	return Result{Output: ad.write(answer{decision: Deny, reason: reason}), Decision: Deny, Reason: reason}
}

// decide maps a verdict to the agent's answer: blocked is deny; medium and
// high ask where the agent can ask a person and deny where it cannot
// (unless Options.Allow covers them); safe and info_leak allow, rewritten
// to run under guardsh where the agent takes a rewritten command.
func decide(ad adapter, v guard.Verdict, c call, opts Options) answer {
	allowUpTo := max(opts.Allow, guard.InfoLeak)
	switch {
	case v.Blocked || v.Level >= guard.Blocked:
		return answer{decision: Deny, reason: reasonText(v, Deny, ad, opts)}
	case v.Level <= allowUpTo || v.Auto:
		return withRewrite(ad, answer{decision: Allow, reason: reasonText(v, Allow, ad, opts)}, c, max(v.Level, guard.Safe), opts)
	}
	if opts.Lasting != nil {
		if how, ok := opts.Lasting(v, c.dir); ok {
			reason := reasonText(v, Allow, ad, opts) + ". Allowed by the person's " + how
			return withRewrite(ad, answer{decision: Allow, reason: reason, how: how}, c, v.Level, opts)
		}
	}
	switch {
	case ad.canAsk:
		return withRewrite(ad, answer{decision: Ask, reason: reasonText(v, Ask, ad, opts)}, c, v.Level, opts)
	}
	return answer{decision: Deny, reason: reasonText(v, Deny, ad, opts)}
}

// withRewrite adds the command that runs c under guardsh approved at
// level, where the agent takes one.
func withRewrite(ad adapter, a answer, c call, level guard.Level, opts Options) answer {
	if ad.rewrite == nil {
		return a
	}
	a.rewritten = c.command
	if opts.Guardsh != "" {
		a.rewritten = ad.rewrite(opts.Guardsh, level, c.command)
	}
	a.input = c.input
	return a
}

// Quote quotes s for a POSIX shell as one word: in single quotes, each
// single quote written '\”. Newlines and here-documents stay as they are.
func Quote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./=:@%+,") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// Rewrite is the command that runs command under guardsh, approved at
// level: guardsh --approved LEVEL -c 'COMMAND'.
func Rewrite(guardsh string, level guard.Level, command string) string {
	return Quote(guardsh) + " --approved " + level.String() + " -c " + Quote(command)
}

// RewriteTrackingDir is Rewrite for an agent that follows the working
// directory of its shell from one command to the next (Claude Code writes
// `pwd -P` to a file after each command): a `cd` inside guardsh is then
// made again in the agent's shell. guardsh writes its last working
// directory on descriptor 3 (--cwd-fd 3), the status is kept. A command
// that cannot change directory gets the plain Rewrite.
func RewriteTrackingDir(guardsh string, level guard.Level, command string) string {
	if !mayChangeDir(command) {
		return Rewrite(guardsh, level, command)
	}
	return "{ __guardsh_dir=$(" + Quote(guardsh) + " --approved " + level.String() +
		" --cwd-fd 3 -c " + Quote(command) + " 3>&1 1>&4 4>&-); __guardsh_status=$?; } 4>&1; " +
		`cd -- "${__guardsh_dir:-.}" 2>/dev/null; (exit $__guardsh_status)`
}

// mayChangeDir reports whether a command could change the shell's
// directory: it names cd, pushd or popd anywhere (a word inside a string
// counts too; a false positive only costs the longer rewrite).
func mayChangeDir(command string) bool {
	return strings.Contains(command, "cd") || strings.Contains(command, "pushd") || strings.Contains(command, "popd")
}
