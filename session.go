package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"mvdan.cc/sh/v3/syntax"

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
// from stdin is not taken from it) and parses as it reads (the parser's
// interactive mode, so a long compound is parsed once, not again at each
// line); as soon as the lines read make complete statements (a compound
// over many lines, a here-document, a line ending in | or && wait for
// their end) it decides and runs them with the decision of -c (runOne),
// then reads on. The shell's state carries over. It ends at the end of
// input, at `exit`, at a syntax error (status 2, as bash) and at a
// signal; a refused command (126) does not end it.
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
	rd := &lineReader{f: in, stderr: stderr}
	parser := syntax.NewParser(syntax.Variant(syntax.LangBash))
	for stmts, err := range parser.InteractiveSeq(rd) {
		if err != nil {
			fmt.Fprintf(stderr, "guardsh: %v\n", err)
			return 2
		}
		if parser.Incomplete() {
			continue // the statement goes on in the next line
		}
		src := rd.take()
		if len(stmts) == 0 {
			continue // a blank line, a comment
		}
		var stop bool
		status, stop = runOne(o, r, src, stderr)
		if stop || r.Exited() {
			return status
		}
	}
	if src := rd.take(); strings.TrimSpace(src) != "" {
		// The last line had no newline: it is complete at the end of
		// input, or a syntax error that runOne reports.
		status, _ = runOne(o, r, src, stderr)
	}
	return status
}

// lineReader hands the parser one line of stdin at a time, read a byte at
// a time, and keeps what it handed since the last take: the text of the
// statements the parser completes. It drops NUL bytes, as bash does with
// its input: the text decided is the text run, and the session's bash,
// which takes each command as a NUL-ended record (bashsession.go), gets
// one record, not a command cut in two whose second part it would take
// for the next record.
type lineReader struct {
	f       *os.File
	stderr  io.Writer
	pending strings.Builder
}

func (l *lineReader) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		m, err := l.f.Read(p[n : n+1])
		if m == 1 && p[n] == 0 {
			m = 0
		}
		n += m
		if m == 1 && p[n-1] == '\n' {
			break
		}
		if err != nil {
			if !errors.Is(err, io.EOF) {
				fmt.Fprintf(l.stderr, "guardsh: reading stdin: %v\n", err)
			}
			l.pending.Write(p[:n])
			if n > 0 {
				return n, nil
			}
			return 0, io.EOF
		}
	}
	l.pending.Write(p[:n])
	return n, nil
}

// take returns the text handed out since the last take.
func (l *lineReader) take() string {
	s := l.pending.String()
	l.pending.Reset()
	return s
}

// runOne decides and runs one part of a session, as runLine decides the
// whole input of -c: the runner decides (ApproveRun, the decision of Run:
// a line a hook approved runs at its level) and runs it from the parse
// that decision made. stop reports
// that the session ends here: a syntax error (2), a signal, or a policy
// that refuses to go on.
func runOne(o options, r *shell.Runner, src string, stderr io.Writer) (status int, stop bool) {
	// Decided as -c decides (a line a hook approved too), and run from
	// the parse the decision made: the line is parsed once. As with -c, a
	// line auto mode runs gets the environment in which reading cannot
	// turn into running (docs/auto-mode.md); so does one a hook approved.
	a, status := r.ApproveRun(src)
	if a == nil {
		return status, status != 126 // a refusal: the session goes on
	}
	status, err := r.RunApproval(context.Background(), a, o.auto)
	if err != nil {
		if !errors.Is(err, context.Canceled) {
			fmt.Fprintf(stderr, "guardsh: %v\n", err)
		}
		return status, true
	}
	return status, false
}
