package main

import (
	"os"
	"os/signal"
	"syscall"

	"guardsh/shell"
)

// signalRelay catches SIGINT, SIGTERM and SIGHUP for the runner, which
// passes them on to the running command. Catching a signal costs the Go
// runtime a hand-off to a thread of its own for each one (a few hundred
// microseconds of a short run on a small machine), so it is set up in the
// background while the settings and the guard load, and joined before
// anything runs.
type signalRelay struct {
	c     chan os.Signal
	ready chan struct{}
	done  chan struct{}
}

// catchSignals starts catching the signals a shell passes on.
func catchSignals() *signalRelay {
	s := &signalRelay{c: make(chan os.Signal, 4), ready: make(chan struct{}), done: make(chan struct{})}
	go func() {
		signal.Notify(s.c, syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP)
		close(s.ready)
	}()
	return s
}

// forward passes the signals caught from now on to r, until stop. It
// returns once they are caught.
func (s *signalRelay) forward(r *shell.Runner) {
	<-s.ready
	go func() {
		for {
			select {
			case sig := <-s.c:
				r.Signal(sig, !(sig == syscall.SIGINT && typedAtTerminal()))
			case <-s.done:
				return
			}
		}
	}()
}

// stop stops catching the signals and forwarding them.
func (s *signalRelay) stop() {
	<-s.ready
	signal.Stop(s.c)
	close(s.done)
}
