package shell

import (
	"os"
	"sync"
	"syscall"

	"golang.org/x/term"
)

// termModes keeps the real terminal's modes: the one guardsh found at the
// start, which every way out restores, and whether a running line has the
// terminal raw now. It is one value, shared by every path that changes
// the mode (a run, a run-time question in it, a signal), so that a
// restore always undoes the latest change.
type termModes struct {
	fd int

	mu   sync.Mutex
	orig *term.State // at the start; nil when fd is not a terminal
	raw  *term.State // the mode before makeRaw, while raw
}

func newTermModes(f *os.File) *termModes {
	m := &termModes{fd: int(f.Fd())}
	if st, err := term.GetState(m.fd); err == nil {
		m.orig = st
	}
	return m
}

// makeRaw puts the terminal in raw mode for a running line (its keys go
// to the pty as they are typed); leave undoes it.
func (m *termModes) makeRaw() {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.raw != nil {
		return
	}
	if old, err := term.MakeRaw(m.fd); err == nil {
		m.raw = old
	}
}

// leave restores the mode makeRaw found, if the terminal is raw.
func (m *termModes) leave() {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.raw != nil {
		term.Restore(m.fd, m.raw)
		m.raw = nil
	}
}

// restoreOrig puts back the mode guardsh started with, whoever changed it
// since (a raw run, the line editor).
func (m *termModes) restoreOrig() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.raw = nil
	if m.orig != nil {
		term.Restore(m.fd, m.orig)
	}
}

// terminate ends the shell on SIGTERM or SIGHUP: the terminal gets its
// modes back at once, the executor and what runs on its pty are hung up,
// and every read of the terminal ends, so that the loop returns 128+n
// from wherever it waits.
func (f *frontend) terminate(sig syscall.Signal) {
	f.mu.Lock()
	if f.quitSig != 0 {
		f.mu.Unlock()
		return
	}
	f.quitSig = sig
	close(f.quit)
	e := f.exe
	f.mu.Unlock()
	f.modes.restoreOrig()
	if e != nil && e.cmd.Process != nil {
		// The session leader of the pty: its end hangs up the programs
		// on it, as the terminal's own hangup would.
		e.cmd.Process.Signal(syscall.SIGHUP)
	}
	f.tty.close()
}

// quitStatus returns 128+n after a SIGTERM or SIGHUP, and whether one
// came.
func (f *frontend) quitStatus() (int, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.quitSig == 0 {
		return 0, false
	}
	return 128 + int(f.quitSig), true
}
