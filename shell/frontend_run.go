package shell

import (
	"bytes"
	"fmt"
	"io"
	"time"

	"golang.org/x/term"

	"guardsh/guard"
	"guardsh/prompt"
)

// run hands an approved line to the executor and bridges the terminal to
// its pty until the line is done and all of its output is on the screen.
// It returns the status, and whether the line exited the shell.
// auto reports a line auto mode runs without a question.
func (f *frontend) run(line string, level guard.Level, auto bool) (int, bool) {
	if !f.ensureReady() {
		return 1, false
	}
	e := f.exe
	e.nextID++
	id := e.nextID

	fd := int(f.in.Fd())
	old, err := term.MakeRaw(fd)
	restore := func() {}
	if err == nil {
		restored := false
		restore = func() {
			if !restored {
				restored = true
				term.Restore(fd, old)
			}
		}
	}
	defer restore()
	stopFwd := f.forward(e)
	defer func() { stopFwd() }()

	if err := e.send(request{Op: opRun, ID: id, Line: line, Level: level, Auto: auto}); err != nil {
		return f.lost(restore)
	}
	var done *reply
	marked := false
	replies := e.replies
	var markTimeout <-chan time.Time
	for done == nil || !marked {
		select {
		case <-markTimeout:
			// The mark got lost (a program flushed the pty's output):
			// do not wait for it forever.
			marked = true
		case r, ok := <-replies:
			if !ok {
				if done != nil {
					// It exited after the line (exit): its output
					// ends at the mark or when the pty closes.
					replies = nil
					continue
				}
				stopFwd()
				return f.lost(restore)
			}
			switch r.Op {
			case opDone:
				if r.ID == id {
					done = &r
					markTimeout = time.After(2 * time.Second)
				}
			case opAsk:
				// A run-time question: the terminal goes back to guardsh.
				stopFwd()
				restore()
				d, resume := f.askRunTime(e, r)
				if old2, err := term.MakeRaw(fd); err == nil {
					old = old2
					restored := false
					restore = func() {
						if !restored {
							restored = true
							term.Restore(fd, old)
						}
					}
				}
				// The held-back output reaches the terminal raw, as the
				// rest of the line's, and only then does the line go on.
				resume()
				stopFwd = f.forward(e)
				e.send(request{Op: opAnswer, ID: r.ID, Answer: d})
			}
		case m := <-e.pump.marks:
			if m == id {
				marked = true
			}
		case <-e.pump.done:
			// The pty is gone: nothing more can come from it.
			marked = true
			if done == nil {
				// Wait for the executor's last words or its end.
				select {
				case r, ok := <-e.replies:
					if ok && r.Op == opDone && r.ID == id {
						done = &r
						continue
					}
				case <-time.After(time.Second):
				}
				stopFwd()
				return f.lost(restore)
			}
		}
	}
	stopFwd()
	restore()
	if !done.Exited {
		f.takeTypeahead(e)
	}
	f.status = done.Status
	f.takeState(done.Dir, done.Vars)
	if done.Exited {
		return done.Status, true
	}
	return done.Status, false
}

// forward sends keystrokes to the pty until the returned function is
// called; that function returns once forwarding has stopped, without
// having read a keystroke it did not forward.
func (f *frontend) forward(e *executorProc) func() {
	f.tty.setOwner(ownerForward)
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		buf := make([]byte, 4096)
		for {
			n, err := f.tty.read(ownerForward, buf, false)
			if n > 0 && bytes.IndexByte(buf[:n], 0x03) >= 0 {
				e.interrupt()
			}
			if n > 0 {
				if _, werr := e.pty.Write(buf[:n]); werr != nil {
					return
				}
			}
			if err != nil {
				return
			}
		}
	}()
	once := false
	return func() {
		if once {
			return
		}
		once = true
		f.tty.setOwner(ownerNone)
		<-stopped
	}
}

// lost handles an executor that died while running a line: it says so
// and starts a new one. The line's status is 128+signal when it was
// killed, 1 otherwise.
func (f *frontend) lost(restore func()) (int, bool) {
	restore()
	e := f.exe
	// Let what it wrote reach the screen.
	select {
	case <-e.pump.done:
	case <-time.After(200 * time.Millisecond):
	}
	if err := f.restartExecutor(); err != nil {
		fmt.Fprintf(f.errw, "guardsh: %v\n", err)
		return 1, true
	}
	f.status = 1
	return 1, false
}

// askRunTime asks a run-time question on the terminal, with the pty's
// output held back until the caller resumes it (once the terminal is raw
// again).
func (f *frontend) askRunTime(e *executorProc, r reply) (d Decision, resume func()) {
	resume = e.pump.pause()
	v := r.Verdict.verdict()
	out := io.Writer(f.out)
	fmt.Fprintf(out, "\r\nguardsh: while running, %s:\n", prompt.Show(r.Line))
	prompt.Preview(out, v, f.cfg.Style)
	if f.cfg.Yes && !v.Blocked && !v.Unchecked() {
		return Yes, resume
	}
	if f.question(v) == prompt.Yes {
		return Yes, resume
	}
	return No, resume
}

// takeTypeahead gets what was typed on the pty while the line ran and was
// not read, and hands it to the line editor, as a terminal hands typeahead
// to the next reader.
func (f *frontend) takeTypeahead(e *executorProc) {
	e.nextID++
	id := e.nextID
	if e.send(request{Op: opDrain, ID: id}) != nil {
		return
	}
	for {
		select {
		case r, ok := <-e.replies:
			if !ok {
				return
			}
			if r.Op == opInput && r.ID == id {
				f.tty.unread([]byte(r.Line))
				return
			}
		case <-time.After(2 * time.Second):
			return
		}
	}
}
