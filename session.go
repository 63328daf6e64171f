package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"guardsh/guard"
	"guardsh/shell"
)

// pipeSession reports whether guardsh reads its commands from stdin as a
// session: stdin is a pipe, a socket, a FIFO or a device, not a regular
// file. A harness that keeps one shell and writes one command at a time
// (Popen(['guardsh'], stdin=PIPE)) needs each command to run as it
// arrives; a regular file is read whole and decided as a whole, as a
// script is.
func pipeSession(o options, stdin io.Reader) bool {
	if o.hasCommand || o.dryRun || (!o.stdin && len(o.args) > 0) {
		return false
	}
	f, ok := stdin.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && !fi.Mode().IsRegular()
}

// runSession runs the commands of a pipe session as bash does: it reads
// stdin a line at a time (a byte at a time, so that what a command reads
// from stdin is not taken from it), waits until the lines read make
// complete statements (a compound over many lines, a here-document, a
// line ending in | or &&), then decides and runs them with the decision
// of -c (runOne), and reads on. The shell's state carries over. It ends
// at the end of input, at `exit`, at a syntax error (status 2, as bash)
// and at a signal; a refused command (126) does not end it.
func runSession(o options, r *shell.Runner, g *guard.Guard, in *os.File, audit *auditLog, stderr io.Writer) int {
	if fd := o.agent.cwdFD; fd > 0 {
		if f := cwdFile(fd); f != nil {
			defer func() {
				io.WriteString(f, r.Dir())
				f.Close()
			}()
		}
	}
	status := 0
	var pending strings.Builder
	for {
		line, err := readLine(in)
		pending.WriteString(line)
		eof := err != nil
		if err != nil && !errors.Is(err, io.EOF) {
			fmt.Fprintf(stderr, "guardsh: reading stdin: %v\n", err)
		}
		src := pending.String()
		if !eof && shell.Incomplete(strings.TrimSuffix(src, "\n")) {
			continue
		}
		pending.Reset()
		if strings.TrimSpace(src) != "" {
			var stop bool
			status, stop = runOne(o, r, g, src, audit, stderr)
			if stop || r.Exited() {
				return status
			}
		}
		if eof {
			return status
		}
	}
}

// readLine reads up to and including the next newline, a byte at a time.
func readLine(f *os.File) (string, error) {
	var b strings.Builder
	var c [1]byte
	for {
		n, err := f.Read(c[:])
		if n == 1 {
			b.WriteByte(c[0])
			if c[0] == '\n' {
				return b.String(), nil
			}
		}
		if err != nil {
			return b.String(), err
		}
	}
}

// runOne decides and runs one part of a session, as runLine decides the
// whole input of -c: a line a hook approved runs at its level, any other
// is decided by the runner (Approve, the decision of Run). stop reports
// that the session ends here: a syntax error (2), a signal, or a policy
// that refuses to go on.
func runOne(o options, r *shell.Runner, g *guard.Guard, src string, audit *auditLog, stderr io.Writer) (status int, stop bool) {
	level, ok, status := hookApproved(o, r, g, src, audit, stderr)
	if status >= 0 {
		return status, true
	}
	line := src
	if !ok {
		line, level, status = r.Approve(src)
		if status >= 0 {
			return status, status != 126 // a refusal: the session goes on
		}
	}
	ctx := context.Background()
	var err error
	if o.auto && g.Classify(line, r.State()).Auto {
		// As with -c: a line auto mode runs gets the environment in
		// which reading cannot turn into running (docs/auto-mode.md).
		status, err = r.RunAuto(ctx, line)
	} else {
		status, err = r.RunApproved(ctx, line, level)
	}
	if err != nil {
		if !errors.Is(err, context.Canceled) {
			fmt.Fprintf(stderr, "guardsh: %v\n", err)
		}
		return status, true
	}
	return status, false
}
