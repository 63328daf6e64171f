package shell

import (
	"context"
	"errors"
	"fmt"
	"os"

	"mvdan.cc/sh/v3/syntax"

	"guardsh/guard"
)

// Lines can also run outside the interpreter, in real bash under a
// kernel-level supervisor (package shell/supervise, wired in by the main
// package): the whole input is decided here as for Run (Approve), and
// every call the supervisor stops is decided as the run-time check decides
// about a command (GateOutside).

// approve parses src and decides it as a whole, as Run does before
// running it: a syntax error prints the parser's message (status 2), a
// refusal its one line (status 126). status is -1 when the line runs: file
// is then the line to run, parsed, and out the decision.
func (r *Runner) approve(src string) (file *syntax.File, out Outcome, status int) {
	// Parsed once, for classifying and for running: the check sees the
	// line as it was written (`>|` too), the interpreter what it runs.
	file, err := parseBash(src, r.name, "run")
	if err != nil {
		fmt.Fprintf(r.errw(), "guardsh: %v\n", err)
		return nil, out, 2
	}
	out = r.decide(src, file)
	if !out.Run {
		fmt.Fprintln(r.errw(), out.Refusal.Error())
		return nil, out, 126
	}
	if out.Line == src {
		return clobberAsOut(file), out, -1
	}
	// Edited at the question: what runs is the edited line.
	if file, err = r.parse(out.Line); err != nil {
		fmt.Fprintf(r.errw(), "guardsh: %v\n", err)
		return nil, out, 2
	}
	return file, out, -1
}

// Approve decides the whole input src before it runs, exactly as Run
// does, for a caller that runs it elsewhere: it returns the line to run
// (src, or the line edited at the question), the level it was approved
// at, and -1; or, when it must not run, the status to exit with (2 for a
// syntax error, 126 for a refusal), its message printed.
func (r *Runner) Approve(src string) (line string, approved guard.Level, status int) {
	_, out, status := r.approve(src)
	return out.Line, out.Approved, status
}

// Approval is a whole input decided and approved to run (ApproveRun):
// the line, its verdict and its parse, run once by RunApproval.
type Approval struct {
	// Line is the line to run: the input, or the line edited at the
	// question.
	Line string
	// Verdict is its classification.
	Verdict guard.Verdict
	// Approved is the level it runs at (Outcome.Approved).
	Approved guard.Level
	file     *syntax.File
}

// ApproveRun is Approve for a caller that runs the line in this runner
// afterwards (RunApproval), without parsing it again: a is nil when it
// must not run, and status then the status to exit with.
func (r *Runner) ApproveRun(src string) (a *Approval, status int) {
	file, out, status := r.approve(src)
	if status >= 0 {
		return nil, status
	}
	return &Approval{Line: out.Line, Verdict: out.Verdict, Approved: out.Approved, file: file}, -1
}

// RunApproval runs a line ApproveRun approved, as RunApproved runs it at
// its level; with auto (auto mode is on) a line the allowlist allows
// (Verdict.Auto) runs as RunAuto runs it. An Approval runs once.
func (r *Runner) RunApproval(ctx context.Context, a *Approval, auto bool) (int, error) {
	file := a.file
	a.file = nil
	if file == nil {
		return 2, errors.New("shell: an approval runs once")
	}
	if auto && a.Verdict.Auto {
		return r.runFile(context.WithValue(ctx, autoKey{}, true), file, guard.Safe)
	}
	return r.runFile(ctx, file, a.Approved)
}

// GateOutside decides about something a line approved at level approved
// does outside the interpreter (what is the call, as a person reads it),
// as the run-time check decides about a command: nil lets it go on; a
// refusal is printed and recorded in the audit log (RunTime). What is
// above the approved level (and above info_leak, whose default answer is
// yes) is asked about when someone can be asked (the Runner's Asker: the
// terminal), one question at a time as the caller calls it, and refused
// otherwise; -y does not approve it, since nobody saw it before the line
// ran.
func (r *Runner) GateOutside(v guard.Verdict, what string, approved guard.Level) *Refusal {
	p := r.pol
	p.yes = false
	hint := ""
	if p.asker == nil {
		hint = fmt.Sprintf(HintOutside, approved)
	}
	return r.gateAt(p, v, what, approved, hint)
}

// SetOutsideState tells the runner the state of the shell that runs its
// lines outside the interpreter (a long-lived bash: its directory, its
// variables and positional parameters, as it reported them after the last
// line), which State and Dir report from then on, for deciding the lines
// that follow.
func (r *Runner) SetOutsideState(st guard.State) { r.outside.Store(&st) }

// HintOutside refuses a call above the level the line was approved at
// (the %s), found by the supervisor, when nobody can be asked.
const HintOutside = "the line was approved at %s, and nobody can be asked here about what a running program does beyond that"

// Track records a program running outside the interpreter, so that Signal
// reaches it; the returned func forgets it, and must be called before the
// program is reaped.
func (r *Runner) Track(p *os.Process) func() { return r.procs.add(p) }

// Signaled returns the signal the shell received during the current line,
// nil when none.
func (r *Runner) Signaled() os.Signal { return r.signaled() }
