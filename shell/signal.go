package shell

import (
	"os"
	"sync"
	"syscall"
)

// procSet holds the programs running now, to forward signals to them.
type procSet struct {
	mu sync.Mutex
	m  map[signaler]struct{}
}

// signaler is a running program: an *os.Process, or a child known by its
// pid (pidProc).
type signaler interface {
	Signal(os.Signal) error
}

// add records a running process; the returned func forgets it.
func (s *procSet) add(p signaler) func() {
	s.mu.Lock()
	if s.m == nil {
		s.m = map[signaler]struct{}{}
	}
	s.m[p] = struct{}{}
	s.mu.Unlock()
	return func() {
		s.mu.Lock()
		delete(s.m, p)
		s.mu.Unlock()
	}
}

// signal sends sig to every running process.
func (s *procSet) signal(sig os.Signal) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for p := range s.m {
		p.Signal(sig)
	}
}

// len returns how many processes are running.
func (s *procSet) len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.m)
}

// Signal tells the runner that the shell received sig: it is sent on to
// every program running now when forward is set (a signal typed at the
// terminal already reached them), and the running line stops after the
// current command, its status 128+n. It is safe to call from any goroutine.
func (r *Runner) Signal(sig os.Signal, forward bool) {
	// The line is stopped before the program hears of the signal: a
	// program that exits on it at once must not let the next command of
	// the line start in between.
	r.sigMu.Lock()
	r.sig = sig
	cancel := r.cancel
	r.sigMu.Unlock()
	if cancel != nil {
		cancel()
	}
	if forward {
		r.procs.signal(sig)
	}
}

// ClearSignal forgets a signal received earlier, so the next line runs;
// an interactive shell calls it before each line.
func (r *Runner) ClearSignal() {
	r.sigMu.Lock()
	r.sig = nil
	r.sigMu.Unlock()
}

// Running reports how many programs the runner has running now.
func (r *Runner) Running() int { return r.procs.len() }

// signaled returns the signal received during the current line, if any.
func (r *Runner) signaled() os.Signal {
	r.sigMu.Lock()
	defer r.sigMu.Unlock()
	return r.sig
}

// signalNumber returns a signal's number.
func signalNumber(sig os.Signal) int {
	if s, ok := sig.(syscall.Signal); ok {
		return int(s)
	}
	return int(syscall.SIGINT)
}
