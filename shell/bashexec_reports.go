package shell

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"time"
)

// What bash reports, as the front end takes it: each report turned into
// the executor's reply, checked as every executor's replies are.

// readReports reads bash's reports until its end and hands them on as
// the executor's replies.
func (b *bashSide) readReports(r, bell *os.File, reports *belledReader) {
	defer r.Close()
	defer bell.Close()
	defer b.close()
	br := bufio.NewReaderSize(reports, 64<<10)
	for {
		rep, err := readBashReport(br)
		if errors.Is(err, io.EOF) {
			b.exited()
			return
		}
		if err != nil {
			b.e.fail(err)
			return
		}
		if rep.Start {
			b.lineStarted()
			continue
		}
		if rep.Idle {
			if !b.dropped() {
				b.e.fail(fmt.Errorf("%w: a prompt while no line was dropped", errBadMessage))
				return
			}
			continue
		}
		r, err := b.reply(rep)
		if err != nil {
			b.e.fail(err)
			return
		}
		b.deliver(r)
	}
}

// lineStarted takes bash's word that it read the line sent last.
func (b *bashSide) lineStarted() {
	b.mu.Lock()
	if b.started != nil {
		close(b.started)
		b.started = nil
	}
	b.mu.Unlock()
}

// dropped handles bash's prompt after no line: harmless between lines;
// while a line runs that Ctrl-C interrupted, bash dropped it before it
// began (the key's SIGINT came while bash read it), and it ends with
// status 130, the state unchanged. False means a prompt that cannot be.
func (b *bashSide) dropped() bool {
	b.mu.Lock()
	id, intr := b.running, b.intr
	if id != 0 && intr {
		b.running = 0
	}
	b.mu.Unlock()
	switch {
	case id == 0:
		return true
	case !intr:
		return false
	}
	b.e.pump.mark(id)
	b.deliver(reply{Op: opDone, ID: id, Status: 130})
	return true
}

// exited reports a line that ended bash (exit, exec, set -e): the
// front end takes the real exit status from the process.
func (b *bashSide) exited() {
	b.mu.Lock()
	id := b.running
	b.mu.Unlock()
	if id == 0 {
		return
	}
	select {
	case <-b.e.exited:
	case <-time.After(2 * time.Second):
		return
	}
	var ee *exec.ExitError
	if b.e.waitErr != nil && (!errors.As(b.e.waitErr, &ee) || ee.ExitCode() < 0) {
		return // killed: the executor died
	}
	b.deliver(reply{Op: opDone, ID: id, Exited: true})
}

// reply turns a report into the reply the front end takes: the state,
// checked against what the kernel says of bash.
func (b *bashSide) reply(rep bashReport) (reply, error) {
	vars, exported, decls := b.decls.read(rep.Vars)
	b.decls = decls
	delete(vars, "PROMPT_COMMAND") // the protocol's report
	if vars == nil {
		return reply{}, fmt.Errorf("%w: variables that cannot be read", errBadMessage)
	}
	r := reply{Op: opDone, ID: rep.ID, Status: rep.Status, Dir: b.dir(rep.Dir), Vars: vars, Params: rep.Params}
	if rep.ID == 0 {
		r.Op, r.Pid = opReady, b.e.cmd.Process.Pid
	}
	b.defs.Store(b.defs.Load().update(rep.Funcs, rep.Aliases))
	b.mu.Lock()
	b.pipe, b.cwd, b.exported = rep.PipeStatus, r.Dir, exported
	if b.running == rep.ID {
		b.running = 0
	}
	b.mu.Unlock()
	if r.Op == opDone && b.ttyState != nil {
		// A program may have left the pty raw or without echo.
		b.slaveTermios(b.ttyState)
	}
	return r, nil
}

// dir is the directory bash reports ($PWD) when it is the one the kernel
// says bash is in (the same directory: two stats, not a walk of $PWD's
// links), or else that one.
func (b *bashSide) dir(pwd string) string {
	cwd := fmt.Sprintf("/proc/%d/cwd", b.e.cmd.Process.Pid)
	if fi, err := os.Stat(pwd); err == nil {
		if ci, err := os.Stat(cwd); err == nil && os.SameFile(fi, ci) {
			return pwd
		}
	}
	real, err := os.Readlink(cwd)
	if err != nil {
		return pwd
	}
	if r, err := filepath.EvalSymlinks(pwd); err == nil && r == real {
		return pwd
	}
	return real
}

// deliver hands a reply to the front end, checked as every executor's.
func (b *bashSide) deliver(r reply) bool {
	b.dmu.Lock()
	defer b.dmu.Unlock()
	if b.closed {
		return false
	}
	if r.Op == opAsk && !b.e.check.lineRuns() {
		return false
	}
	if err := b.e.check.check(r); err != nil {
		b.e.fail(err)
		return false
	}
	b.e.replies <- r
	return true
}

// close ends the replies, and every question waiting for an answer.
func (b *bashSide) close() {
	b.dmu.Lock()
	if !b.closed {
		b.closed = true
		close(b.e.replies)
	}
	b.dmu.Unlock()
	b.mu.Lock()
	for id, ch := range b.asks {
		close(ch)
		delete(b.asks, id)
	}
	b.mu.Unlock()
}
