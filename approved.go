package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"golang.org/x/sys/unix"
	"mvdan.cc/sh/v3/syntax"

	"guardsh/guard"
	"guardsh/shell"
)

// runLine runs the input of guardsh -c, a script or stdin. With
// --approved LEVEL (the command a coding agent's hook rewrote: the hook
// approved the line at LEVEL, asking the person where the level needed
// it), a line at or below LEVEL runs without a question and every command
// found above LEVEL as it runs is refused (nobody is asked on the
// terminal, which belongs to the agent); a line above LEVEL is decided as
// usual. With --cwd-fd N, the shell's last working directory is written on
// descriptor N when the input ends, for the agent to follow a cd.
func runLine(o options, r *shell.Runner, g *guard.Guard, src string, audit *auditLog, stderr io.Writer) int {
	ctx := context.Background()
	if fd := o.agent.cwdFD; fd > 0 {
		if f := cwdFile(fd); f != nil {
			defer func() {
				io.WriteString(f, r.Dir())
				f.Close()
			}()
		}
	}
	level, ok, status := hookApproved(o, r, g, src, audit, stderr)
	switch {
	case status >= 0:
		return status
	case !ok:
		return r.Run(ctx, src)
	}
	status, err := r.RunApproved(ctx, src, level)
	if err != nil && !errors.Is(err, context.Canceled) {
		fmt.Fprintf(stderr, "guardsh: %v\n", err)
		var perr syntax.ParseError
		if errors.As(err, &perr) {
			return 2
		}
	}
	return status
}

// hookApproved decides about a line a hook approved (--approved LEVEL):
// ok reports that it runs at level without a question (its decision
// recorded in the audit log); not ok, it is decided as usual. status is
// -1, or the exit status when it must not run at all.
func hookApproved(o options, r *shell.Runner, g *guard.Guard, src string, audit *auditLog, stderr io.Writer) (level guard.Level, ok bool, status int) {
	if o.agent.approved == "" {
		return 0, false, -1
	}
	level, err := guard.ParseLevel(o.agent.approved)
	if err != nil || level >= guard.Blocked {
		fmt.Fprintf(stderr, "guardsh: --approved %q: want safe, info_leak, medium or high\n%s", o.agent.approved, usageLine)
		return 0, false, 2
	}
	v := g.Classify(src, r.State())
	if v.Blocked || v.Level > level {
		return 0, false, -1
	}
	if audit != nil {
		rec := shell.NewAuditRecord(v, src, true, "approved at "+level.String()+" by a hook")
		rec.Dir = r.Dir()
		if err := audit.write(rec); err != nil && audit.required {
			fmt.Fprintf(stderr, "guardsh: refused: the policy requires the audit log (audit = \"required\") and it cannot be written: %v\n", err)
			return 0, false, 126
		}
	}
	return level, true, -1
}

// cwdFile returns descriptor fd as a file, marked close-on-exec so that
// what guardsh runs does not hold it open (the agent reads it to its
// end); nil when it is not open.
func cwdFile(fd int) *os.File {
	if _, err := unix.FcntlInt(uintptr(fd), unix.F_GETFD, 0); err != nil {
		return nil
	}
	unix.CloseOnExec(fd)
	return os.NewFile(uintptr(fd), "cwd-fd")
}
