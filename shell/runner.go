// Package shell runs approved lines in mvdan.cc/sh/v3/interp and checks
// every command again as it runs: a call handler classifies each simple
// command (builtins included) on its expanded argv, an open handler each
// file opened for writing, and an exec handler runs programs, scripts
// without a shebang and the builtins the interpreter lacks.
//
// The package decides nothing about danger: every level comes from a
// Checker (a *guard.Guard), and every question goes to an Asker.
package shell

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"guardsh/allowlist"
	"guardsh/guard"
)

// Runner holds one long-lived interpreter: its state (directory,
// variables, functions, aliases) persists between lines. It is not safe
// for concurrent use, except for Signal.
type Runner struct {
	checker Checker
	// outside is the state of the shell that runs the lines outside the
	// interpreter, when one does (SetOutsideState).
	outside atomic.Pointer[guard.State]
	pol     policy
	audit   func(AuditRecord)
	// auditRequired records decisions that may not take effect
	// unrecorded (WithAuditRequired).
	auditRequired func(AuditRecord) error
	// funcs names the functions the lines defined, as far as they show;
	// the handlers read it (they must not read the interpreter's own map,
	// which a background job's goroutine would race with).
	funcMu sync.Mutex
	funcs  map[string]bool
	// defs are the functions and aliases defined so far, for the
	// classifier (defs.go).
	defs shellDefs
	// own are the paths the lines made themselves (see ownPaths).
	own ownPaths
	// hdocs and hdocFuncs are the commands that read a here-document, in
	// the last line and in the functions defined so far; hdocFiles the
	// copies of those read (heredoc.go).
	hdocMu    sync.Mutex
	hdocs     map[syntax.Pos]string
	hdocFuncs map[syntax.Pos]string
	hdocFiles map[*os.File]*os.File
	askMu     sync.Mutex

	stdin          io.Reader
	stdout, stderr io.Writer
	env            []string
	dir            string
	name           string
	params         []string
	shellOpts      []string
	interactive    bool
	execReplace    bool
	killTimeout    time.Duration
	beforeStart    func()

	childVar childVar

	interp *interp.Runner
	ran    bool
	envMap map[string]string

	procs procSet
	// jobs are the background jobs of the lines (jobs.go).
	jobs jobTable

	hashMu sync.Mutex
	hash   map[string]string

	sigMu  sync.Mutex
	cancel context.CancelFunc
	sig    os.Signal
}

// Option configures a Runner.
type Option func(*Runner) error

// WithAsker sets who is asked about lines whose default answer is no, and
// about commands found at run time above the approved level. Without one,
// each level's default answer is taken.
func WithAsker(a Asker) Option {
	return func(r *Runner) error { r.pol.asker = a; return nil }
}

// WithLasting lets the answers that last approve a line before anyone is
// asked: approve reports whether a stored approval covers verdict v in
// directory dir (the shell's working directory) and, when it does, how the
// audit log names it ("lasting approval 2: ..."). It is not asked about
// blocked lines, nor about commands found only at run time, which are
// asked about as usual.
func WithLasting(approve func(v guard.Verdict, dir string) (how string, ok bool)) Option {
	return func(r *Runner) error {
		r.pol.lasting = func(v guard.Verdict) (string, bool) { return approve(v, r.Dir()) }
		return nil
	}
}

// WithYes answers yes to every question but never to a blocked verdict,
// nor to one about text too long to check (guard.Verdict.Unchecked).
func WithYes(yes bool) Option {
	return func(r *Runner) error { r.pol.yes = yes; return nil }
}

// WithYesLimit has WithYes answer yes only to verdicts at or below max:
// above it, someone at a terminal is asked, and without one the answer is
// no. A guardsh started under another one limits its -y to what the outer
// one approved.
func WithYesLimit(max guard.Level) Option {
	return func(r *Runner) error { r.pol.yesMax, r.pol.yesLimited = max, true; return nil }
}

// WithHookApproved says that a coding agent's hook approved the input at
// level (guardsh --approved LEVEL, the command the hook rewrote): a line
// at or below level, not blocked, runs without a question, at level, and
// every command found above it as the line runs is refused; a line above
// it is decided as usual.
func WithHookApproved(level guard.Level) Option {
	return func(r *Runner) error { r.pol.hookMax, r.pol.hooked = level, true; return nil }
}

// WithChildVar sets the variable name in the environment of every program
// the runner starts to value(approved), approved being the level the
// running line was approved at (raised by what was approved at run time).
// It replaces whatever the line set or unset: a line cannot forge or drop
// it for a program the runner starts itself.
func WithChildVar(name string, value func(approved guard.Level) string) Option {
	return func(r *Runner) error { r.childVar = childVar{name, value}; return nil }
}

// WithStdio sets standard input, output and error; nil means none.
func WithStdio(in io.Reader, out, err io.Writer) Option {
	return func(r *Runner) error { r.stdin, r.stdout, r.stderr = in, out, err; return nil }
}

// WithEnv sets the environment as "NAME=value" pairs; the default is the
// process's.
func WithEnv(env []string) Option {
	return func(r *Runner) error { r.env = append([]string{}, env...); return nil }
}

// WithDir sets the working directory; the default is the process's.
func WithDir(dir string) Option {
	return func(r *Runner) error { r.dir = dir; return nil }
}

// WithParams sets $0 and the positional parameters $1, $2, ...
func WithParams(name string, args ...string) Option {
	return func(r *Runner) error {
		r.name, r.params = name, append([]string{}, args...)
		return nil
	}
}

// WithShellOpts sets shell options as bash's set takes them: "-e", "-u",
// "-x", "-o", "pipefail", "+e"...
func WithShellOpts(opts ...string) Option {
	return func(r *Runner) error { r.shellOpts = append(r.shellOpts, opts...); return nil }
}

// WithInteractive makes the interpreter behave as an interactive shell:
// aliases expand.
func WithInteractive(on bool) Option {
	return func(r *Runner) error { r.interactive = on; return nil }
}

// WithBeforeStart has f called before each program the runner starts.
// guardsh -c uses it to be sure that the signals it passes on to programs
// are caught by then, without waiting for that at start-up.
func WithBeforeStart(f func()) Option {
	return func(r *Runner) error { r.beforeStart = f; return nil }
}

// WithExecReplace lets `exec CMD` replace the whole process, as in bash,
// when it is the last command of the input at its top level and the
// standard streams are files. Only a program's main should enable it.
func WithExecReplace(on bool) Option {
	return func(r *Runner) error { r.execReplace = on; return nil }
}

// New returns a Runner that asks c about everything it runs.
func New(c Checker, opts ...Option) (*Runner, error) {
	if c == nil {
		return nil, errors.New("shell: nil checker")
	}
	r := &Runner{checker: c, name: "guardsh", killTimeout: 2 * time.Second}
	for _, o := range opts {
		if err := o(r); err != nil {
			return nil, err
		}
	}
	if r.env == nil {
		r.env = os.Environ()
	}
	r.envMap = make(map[string]string, len(r.env))
	for _, kv := range r.env {
		if k, v, ok := strings.Cut(kv, "="); ok {
			r.envMap[k] = v
		}
	}
	ir, err := r.newInterp(r.env, r.dir, r.stdin, r.stdout, r.stderr, r.params, r.shellOpts)
	if err != nil {
		return nil, err
	}
	r.interp = ir
	return r, nil
}

// newInterp builds an interpreter with guardsh's handlers.
func (r *Runner) newInterp(env []string, dir string, in io.Reader, out, errw io.Writer, params, shellOpts []string) (*interp.Runner, error) {
	popts := append(supportedOpts(shellOpts), "--")
	popts = append(popts, params...)
	ir, err := interp.New(
		interp.Env(expand.ListEnviron(env...)),
		interp.Dir(dir),
		interp.StdIO(in, out, errw),
		interp.Params(popts...),
		interp.Interactive(r.interactive),
		interp.CallHandler(r.callHandler),
		interp.ExecHandlers(func(interp.ExecHandlerFunc) interp.ExecHandlerFunc { return r.execHandler }),
		interp.OpenHandler(r.openHandler),
	)
	if err != nil {
		return nil, fmt.Errorf("shell: %w", err)
	}
	return ir, nil
}

// supportedOpts keeps the options the interpreter's set knows (a, e, f, n,
// u, x and -o NAME); the others bash takes (-v, -C, -m, ...) are ignored.
func supportedOpts(opts []string) []string {
	var out []string
	for i := 0; i < len(opts); i++ {
		o := opts[i]
		if len(o) == 2 && o[1] == 'o' && i+1 < len(opts) {
			switch opts[i+1] {
			case "allexport", "errexit", "noexec", "noglob", "nounset", "xtrace", "pipefail":
				out = append(out, o, opts[i+1])
			}
			i++
			continue
		}
		if len(o) == 2 && strings.ContainsRune("aefnux", rune(o[1])) {
			out = append(out, o)
		}
	}
	return out
}

// State returns what the shell knows, for classifying a line before it
// runs: variables, working directory, positional parameters.
func (r *Runner) State() guard.State {
	st := guard.State{Dir: r.Dir(), ParamsKnown: true, Exists: Exists, Own: r.own.has}
	if o := r.outside.Load(); o != nil {
		st.Var, st.Params = o.Var, append([]string{}, o.Params...)
		return st
	}
	if r.ran {
		vars, params := r.interp.Vars, r.interp.Params
		st.Var = func(name string) (string, bool) {
			if name == "$" {
				return strconv.Itoa(os.Getpid()), true // the interpreter's $$
			}
			vr, ok := vars[name]
			if !ok || !vr.IsSet() {
				return "", false
			}
			return vr.String(), true
		}
		st.Params = append([]string{}, params...)
	} else {
		vars := guard.MapVars(r.envMap)
		st.Var = func(name string) (string, bool) {
			if name == "$" {
				return strconv.Itoa(os.Getpid()), true // the interpreter's $$
			}
			return vars(name)
		}
		st.Params = append([]string{}, r.params...)
	}
	r.defs.into(&st)
	return st
}

// Dir returns the interpreter's working directory.
func (r *Runner) Dir() string {
	if o := r.outside.Load(); o != nil {
		return o.Dir
	}
	return r.interp.Dir
}

// Exited reports whether the last line ran `exit` (or stopped under set -e):
// the shell should end.
func (r *Runner) Exited() bool { return r.interp.Exited() }

// Decide classifies line and decides whether it runs, asking when someone
// can be asked and classifying an edited line again.
func (r *Runner) Decide(line string) Outcome { return r.decide(line, nil) }

// decide is Decide for a line parsed already when file is not nil: with a
// checker that classifies a parse (ParsedChecker), it is not parsed again.
func (r *Runner) decide(line string, file *syntax.File) Outcome {
	st := r.State()
	pc, _ := r.checker.(ParsedChecker)
	o := r.pol.decideLine(line, func(l string) guard.Verdict {
		if pc != nil && file != nil && l == line {
			return pc.ClassifyParsed(file, l, st)
		}
		return r.checker.Classify(l, st)
	}, r.ask)
	if !r.record(NewAuditRecord(o.Verdict, o.Line, o.Run, r.outcomeHow(o))) && o.Run {
		o.Run, o.Refusal = false, &Refusal{Verdict: o.Verdict, What: o.Line, Hint: HintAudit}
	}
	return o
}

// Run runs the whole input src the way `bash -c` does: it is parsed (a
// syntax error prints the parser's message and returns 2), classified as a
// whole and decided before anything of it runs (a refusal prints one line
// and returns 126), then run with every command checked again. It returns
// the exit status.
func (r *Runner) Run(ctx context.Context, src string) int {
	file, out, status := r.approve(src)
	if status >= 0 {
		return status
	}
	status, err := r.runFile(ctx, file, out.Approved)
	r.awaitJobs()
	if err != nil {
		var perr syntax.ParseError
		if errors.As(err, &perr) {
			fmt.Fprintf(r.errw(), "guardsh: %v\n", err)
			return 2
		}
		if !errors.Is(err, context.Canceled) {
			fmt.Fprintf(r.errw(), "guardsh: %v\n", err)
		}
	}
	return status
}

// RunApproved runs a line that was approved at level approved: every
// command and write above it is decided again as it happens. It returns
// the exit status and any error that is not a plain exit status (a syntax
// error, a signal, a handler failure).
func (r *Runner) RunApproved(ctx context.Context, src string, approved guard.Level) (int, error) {
	file, err := r.parse(src)
	if err != nil {
		return 2, err
	}
	return r.runFile(ctx, file, approved)
}

// runFile runs a parsed line that was approved at level approved.
func (r *Runner) runFile(ctx context.Context, file *syntax.File, approved guard.Level) (int, error) {
	ctx, cancel := context.WithCancel(ctx)
	r.sigMu.Lock()
	if r.sig != nil {
		// A signal arrived before the line started: it does not run.
		sig := r.sig
		r.sigMu.Unlock()
		cancel()
		return 128 + signalNumber(sig), context.Canceled
	}
	r.cancel = cancel
	r.sigMu.Unlock()
	// The line's context is not cancelled when the line ends: its
	// background jobs run on it and outlive the line, as in bash. A
	// signal (Ctrl-C) while the line runs still stops them with it.
	defer func() {
		r.sigMu.Lock()
		r.cancel = nil
		r.sigMu.Unlock()
	}()

	r.own.reset()
	r.noteFuncs(file)
	r.noteHeredocs(file)
	r.jobs.rewrite(file)
	backgroundStdin(file)
	ctx = withApproved(ctx, approved)
	if r.childVar.value != nil {
		ctx = context.WithValue(ctx, childVarKey{}, r.childVar)
	}
	if r.execReplace {
		ctx = withExecLast(ctx, lastExec(file))
	}
	err := r.interp.Run(ctx, file)
	r.ran = true
	return r.status(err)
}

// status turns the interpreter's result into an exit status.
func (r *Runner) status(err error) (int, error) {
	if sig := r.signaled(); sig != nil {
		return 128 + signalNumber(sig), context.Canceled
	}
	if err == nil {
		return 0, nil
	}
	var es interp.ExitStatus
	if errors.As(err, &es) {
		return int(es), nil
	}
	if errors.Is(err, context.Canceled) {
		return 130, err
	}
	return 1, err
}

// parse parses src in the bash dialect, named as $0, for running it.
func (r *Runner) parse(src string) (*syntax.File, error) {
	f, err := parseBash(src, r.name, "run")
	return clobberAsOut(f), err
}

// errw returns guardsh's own standard error.
func (r *Runner) errw() io.Writer {
	if r.stderr == nil {
		return io.Discard
	}
	return r.stderr
}

// ask asks the Asker, one question at a time (pipeline stages run at once).
func (r *Runner) ask(q Question) (Decision, string, error) {
	r.askMu.Lock()
	defer r.askMu.Unlock()
	return r.pol.asker.Ask(q)
}

// refuse prints a refusal on guardsh's standard error.
func (r *Runner) refuse(ref *Refusal) {
	fmt.Fprintln(r.errw(), ref.Error())
}

type approvedKey struct{}

// autoKey marks a line auto mode runs: the programs it starts get the
// allowlist's environment (allowlist.AutoEnv), in which reading cannot turn
// into running.
type autoKey struct{}

// RunAuto runs a line auto mode approved (safe, on the allowlist): as
// RunApproved, with every program it starts given allowlist.AutoEnv's
// environment. The shell's own state (directory, variables) changes as
// for any line.
func (r *Runner) RunAuto(ctx context.Context, src string) (int, error) {
	return r.RunApproved(context.WithValue(ctx, autoKey{}, true), src, guard.Safe)
}

// childVar is a variable set in every program's environment (WithChildVar).
type childVar struct {
	name  string
	value func(approved guard.Level) string
}

type childVarKey struct{}

// childEnv is the environment of a program the running line starts.
func childEnv(ctx context.Context, env expand.Environ) []string {
	list := execEnv(env)
	if auto, _ := ctx.Value(autoKey{}).(bool); auto {
		list = allowlist.AutoEnv(list)
	}
	if cv, ok := ctx.Value(childVarKey{}).(childVar); ok {
		prefix := cv.name + "="
		list = slices.DeleteFunc(list, func(kv string) bool { return strings.HasPrefix(kv, prefix) })
		list = append(list, prefix+cv.value(approvedLevel(ctx)))
	}
	return list
}

// approval is the level a running line was approved at. Approving a sourced
// file's contents at run time raises it for the rest of the line, as the
// file is then part of what was approved.
type approval struct {
	mu    sync.Mutex
	level guard.Level
}

func withApproved(ctx context.Context, l guard.Level) context.Context {
	return context.WithValue(ctx, approvedKey{}, &approval{level: l})
}

// approvedLevel returns the level the running line was approved at; safe
// when unknown (fail closed).
func approvedLevel(ctx context.Context) guard.Level {
	a, _ := ctx.Value(approvedKey{}).(*approval)
	if a == nil {
		return guard.Safe
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.level
}

// raiseApproved raises the running line's approved level to l; blocked is
// never approved.
func raiseApproved(ctx context.Context, l guard.Level) {
	a, _ := ctx.Value(approvedKey{}).(*approval)
	if a == nil || l >= guard.Blocked {
		return
	}
	a.mu.Lock()
	a.level = max(a.level, l)
	a.mu.Unlock()
}

// noteFuncs records the functions a parsed line defines.
func (r *Runner) noteFuncs(f *syntax.File) {
	r.defs.noteFile(f)
	syntax.Walk(f, func(n syntax.Node) bool {
		if fd, ok := n.(*syntax.FuncDecl); ok && fd.Name != nil {
			r.funcMu.Lock()
			if r.funcs == nil {
				r.funcs = map[string]bool{}
			}
			r.funcs[fd.Name.Value] = true
			r.funcMu.Unlock()
		}
		return true
	})
}

// isFunc reports whether name was defined as a function.
func (r *Runner) isFunc(name string) bool {
	r.funcMu.Lock()
	defer r.funcMu.Unlock()
	return r.funcs[name]
}
