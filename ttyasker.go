package main

import (
	"errors"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"sync"
	"syscall"

	"golang.org/x/sys/unix"

	"guardsh/guard"
	"guardsh/prompt"
	"guardsh/shell"
)

// ttyAsker asks on the controlling terminal with the prompt package, one
// question at a time on that terminal: each question takes the terminal's
// lock (prompt.LockTerminal) from its preview to its answer, and puts back
// the terminal mode it found on every way out.
type ttyAsker struct {
	tty   *os.File
	style prompt.Style
	// ready returns once signals are caught.
	ready func()
	// lockDir is where the lock file goes when the terminal's device
	// cannot be locked itself.
	lockDir string
	// waiting, for tests, is called when another process holds the lock.
	waiting func()
	// lasting, when set, is where the answers that last (a, r) go; dir
	// is the shell's working directory they are given for.
	lasting *lastingStore
	dir     func() string
	// note, when set, is a line said under the preview of a line (not of
	// a call found at run time), "" for none: that it runs outside the
	// supervisor.
	note func(v guard.Verdict) string
}

// newTTYAsker opens /dev/tty; nil when it cannot be opened (nobody can be
// asked, the default answers hold).
func newTTYAsker(o options, g *guard.Guard, settings settings, ready func()) *ttyAsker {
	if o.agent.approved != "" {
		return nil // a hook approved the line; the terminal is the agent's
	}
	tty, err := os.OpenFile("/dev/tty", os.O_RDWR, 0)
	if err != nil {
		return nil
	}
	a := &ttyAsker{tty: tty, style: newStyle(settings, tty), ready: ready, note: settings.outsideNote}
	if settings.historyFile != "" {
		a.lockDir = filepath.Dir(settings.historyFile)
	}
	return a
}

// Ask shows the preview and asks y / n / e; e opens the line for editing
// (not for a command found at run time, where it means no).
//
// Ctrl-C while it waits for another question on the terminal is no. A
// SIGTERM or SIGHUP while it waits or asks puts the terminal mode back,
// releases the lock and ends guardsh by that signal, as it ends bash.
func (a *ttyAsker) Ask(q shell.Question) (shell.Decision, string, error) {
	if a.ready != nil {
		a.ready() // Ctrl-C while the question shows means no, not death
	}
	ex := newAskExit()
	defer ex.stop()
	unlock, err := prompt.LockTerminal(a.tty, a.lockDir, ex.cancel, a.waiting)
	if errors.Is(err, prompt.ErrLockCancelled) {
		ex.wait() // a SIGTERM ends guardsh here
		return shell.No, "", nil
	}
	restore := prompt.SaveMode(a.tty)
	if !ex.hold(restore, unlock) {
		return shell.No, "", nil
	}
	defer ex.release()
	return a.ask(q)
}

func (a *ttyAsker) ask(q shell.Question) (shell.Decision, string, error) {
	if err := prompt.Preview(a.tty, q.Verdict, a.style); err != nil {
		return shell.No, "", err
	}
	if a.note != nil && !q.RunTime {
		if n := a.note(q.Verdict); n != "" {
			fmt.Fprintf(a.tty, "note: %s\n", n)
		}
	}
	var offer prompt.Offer
	var dir string
	if a.lasting != nil && a.dir != nil && !q.RunTime {
		dir = a.dir()
		offer = a.lasting.offer(q.Verdict, dir)
	}
	ans, err := prompt.AskWith(a.tty, a.tty, q.Verdict, a.style, offer)
	if err != nil {
		return shell.No, "", err
	}
	switch ans {
	case prompt.Yes:
		return shell.Yes, "", nil
	case prompt.Always, prompt.AllowRule:
		msg, err := a.lasting.remember(ans, q.Verdict, dir)
		if err != nil {
			msg = fmt.Sprintf("guardsh: the answer is not kept: %v", err)
		}
		fmt.Fprintln(a.tty, msg)
		return shell.Yes, "", nil
	case prompt.Edit:
		if q.RunTime {
			return shell.No, "", nil
		}
		line, err := prompt.TTYEditor(a.tty, a.tty, prompt.EditPrompt)(q.Line)
		if err != nil {
			return shell.No, "", nil
		}
		return shell.Edit, line, nil
	}
	return shell.No, "", nil
}

// Close closes the terminal.
func (a *ttyAsker) Close() error { return a.tty.Close() }

// askExit is what happens on a signal during one question: SIGINT cancels
// the wait for the lock; SIGTERM and SIGHUP put the terminal mode back,
// release the lock and end the process by the signal.
type askExit struct {
	sigs    chan os.Signal
	cancel  chan struct{}
	done    chan struct{}
	dying   chan struct{}
	mu      sync.Mutex
	undo    []func()
	stopped bool
}

func newAskExit() *askExit {
	e := &askExit{sigs: make(chan os.Signal, 2), cancel: make(chan struct{}), done: make(chan struct{}), dying: make(chan struct{})}
	for _, s := range []os.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP} {
		if !signal.Ignored(s) {
			signal.Notify(e.sigs, s)
		}
	}
	go e.watch()
	return e
}

func (e *askExit) watch() {
	cancelled := false
	for {
		select {
		case <-e.done:
			return
		case sig := <-e.sigs:
			if sig != syscall.SIGINT {
				close(e.dying) // before cancel: a cancelled wait then sees it
			}
			if !cancelled {
				cancelled = true
				close(e.cancel)
			}
			if sig == syscall.SIGINT {
				continue // Ctrl-C while waiting: no; while asking it is a key
			}
			e.mu.Lock()
			for i := len(e.undo) - 1; i >= 0; i-- {
				e.undo[i]()
			}
			e.undo = nil
			// Locked to the end: nothing runs after the answer.
			s := sig.(syscall.Signal)
			signal.Reset(s)
			unix.Kill(os.Getpid(), s)
			select {} // the signal ends the process
		}
	}
}

// hold registers what undoes the question (restoring the mode, releasing
// the lock), last first; false when the process is ending already.
func (e *askExit) hold(restore, unlock func()) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	select {
	case <-e.dying:
		return false
	default:
	}
	e.undo = append(e.undo, unlock, restore)
	return true
}

// release undoes the question on its ordinary way out.
func (e *askExit) release() {
	e.mu.Lock()
	defer e.mu.Unlock()
	for i := len(e.undo) - 1; i >= 0; i-- {
		e.undo[i]()
	}
	e.undo = nil
}

// wait blocks forever when the process is ending by a signal, and returns
// otherwise.
func (e *askExit) wait() {
	select {
	case <-e.dying:
		select {}
	default:
	}
}

// stop stops watching for signals.
func (e *askExit) stop() {
	e.mu.Lock()
	if !e.stopped {
		e.stopped = true
		signal.Stop(e.sigs)
		close(e.done)
	}
	e.mu.Unlock()
}
