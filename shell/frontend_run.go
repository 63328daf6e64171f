package shell

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"time"

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

	// The terminal is raw while the line runs; every way out of here
	// (and a signal meanwhile) restores what is current.
	f.modes.makeRaw()
	defer f.modes.leave()
	// The line's output goes straight to the terminal: the line editor's
	// writer would redraw the prompt after each piece of it while its
	// reader has not yet seen that the line was entered.
	e.pump.setDst(f.out, false)
	e.pump.lineStart()
	defer f.attachScreen(e)
	// Once the line has run laterDelay, the keys go to its pty, and its
	// history entry and audit record are written (see laterWrites). A
	// short line starts neither: nothing the front end does competes with
	// bash for a CPU between the send and the line's output (the
	// forwarder's goroutine woke a second thread there), and what is typed
	// meanwhile waits on the terminal, for the line once it is forwarded,
	// or for the next prompt. The timer is set before the send, which
	// wakes bash. fwdSet says that forwarding was started, or may start no
	// more (the line's output is through).
	long := time.NewTimer(laterDelay)
	defer long.Stop()
	stopFwd, fwdSet := func() {}, false
	defer func() { stopFwd() }()
	if err := e.send(request{Op: opRun, ID: id, Line: line, Level: level, Auto: auto, Status: f.status}); err != nil {
		return f.lost()
	}
	var done *reply
	marked := false
	replies := e.replies
	var markTimeout <-chan time.Time
	var markRead uint64
	// refwd is set at the mark while the line's report has not come: a
	// mark the line's own output forged (its id is $__gs_n) must not
	// keep its keys, and its Ctrl-C, from it for the rest of its run.
	var refwd <-chan time.Time
	for done == nil || !marked {
		select {
		case <-f.quit:
			stopFwd()
			code, _ := f.quitStatus()
			return code, true
		case <-refwd:
			refwd = nil
			if done == nil {
				// The report did not follow the mark: the line runs on.
				stopFwd()
				stopFwd = f.forward(e)
			}
		case <-long.C:
			if !fwdSet {
				stopFwd, fwdSet = f.forward(e), true
			}
			f.later.start()
		case <-markTimeout:
			// The mark got lost (a program flushed the pty's output):
			// do not wait for it forever. But only once the pty has
			// been quiet that long: under load the output comes well
			// after the status, and output let through to the editor
			// after its prompt would be cut by its redraws.
			if n := e.pump.nread.Load(); n != markRead {
				markRead = n
				markTimeout = time.After(markWait)
				continue
			}
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
				return f.lost()
			}
			switch r.Op {
			case opDone:
				if r.ID == id {
					f.later.start()
					done = &r
					markTimeout = time.After(markWait)
					markRead = e.pump.nread.Load()
				}
			case opAsk:
				// A run-time question: the terminal goes back to guardsh,
				// and the line's record goes into the log before the
				// question's.
				f.later.start()
				stopFwd()
				f.modes.leave()
				d, resume := f.askRunTime(e, r)
				f.modes.makeRaw()
				// The held-back output reaches the terminal raw, as the
				// rest of the line's, and only then does the line go on.
				resume()
				stopFwd, fwdSet = f.forward(e), true
				e.send(request{Op: opAnswer, ID: r.ID, Answer: d})
			}
		case m := <-e.pump.marks:
			if m == id && !marked {
				marked = true
				if e.bash != nil {
					// The line's output is on the screen: bash may report
					// now. Its keys stay on the terminal from here on,
					// for the next prompt: a Ctrl-C cannot cut the report
					// short.
					stopFwd()
					fwdSet = true
					e.bash.goAhead()
					if done == nil {
						refwd = time.After(forgedMarkWait)
					}
				}
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
				return f.lost()
			}
		}
	}
	stopFwd()
	// All of the line's output is on the screen: the prompt comes on a
	// line of its own.
	e.pump.endLine()
	f.modes.leave()
	if done.Exited {
		// Only a real exit ends the shell, with the executor's real
		// status: a message alone cannot.
		code, ok := e.exitStatus()
		if !ok {
			return f.lost()
		}
		f.status = code
		return code, true
	}
	f.takeTypeahead(e)
	f.status = done.Status
	f.takeState(done)
	return done.Status, false
}

// forgedMarkWait is how long after a mark the line's report may take
// before the mark is taken as forged and the keys go to the line again:
// bash waits bashGoWait at most for the go-ahead the mark sends, then
// writes its report at once.
const forgedMarkWait = time.Second

// markWait is how long the pty may stay quiet after a line's status
// before its mark is taken as lost.
const markWait = 2 * time.Second

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
func (f *frontend) lost() (int, bool) {
	f.modes.leave()
	if code, quit := f.quitStatus(); quit {
		return code, true
	}
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
	v := f.runTimeVerdict(r)
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

// runTimeVerdict is the verdict a run-time question shows: the front
// end's own classification of the command the executor asks about. The
// executor's verdict can only raise it (its check saw the expanded
// command, the file a redirect reaches, the code in an environment),
// never lower it: no message makes a command look safer than the front
// end finds it.
func (f *frontend) runTimeVerdict(r reply) guard.Verdict {
	line := strings.TrimSuffix(r.Line, fromEnvSuffix)
	v := f.cfg.Checker.Classify(line, f.state())
	claimed := r.Verdict.verdict()
	if claimed.Level > v.Level {
		v.Level = claimed.Level
		v.Findings = append(v.Findings, claimed.Findings...)
	}
	v.Blocked = v.Blocked || claimed.Blocked
	v.Auto = false
	return v
}
