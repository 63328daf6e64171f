package main

import (
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"

	"guardsh/shell"
)

// signalRelay catches SIGINT, SIGTERM and SIGHUP for the runner, which
// passes them on to the running command. Catching a signal costs the Go
// runtime a hand-off to a thread of its own for each one (a few hundred
// microseconds of a short run on a small machine), so it is set up in the
// background while the settings and the guard load, and waited for only
// before a program starts or a question is asked.
type signalRelay struct {
	c     chan os.Signal
	ready chan struct{}
	done  chan struct{}
	// r receives the signals; set by forward, before the runner runs.
	r *shell.Runner
	// tree, when not 0, is the pid of a bash running the line: a signal
	// is passed on to it and every process under it (signalTree).
	tree atomic.Int64
}

// catchSignals starts catching the signals a shell passes on.
func catchSignals() *signalRelay {
	s := &signalRelay{c: make(chan os.Signal, 4), ready: make(chan struct{}), done: make(chan struct{})}
	go func() {
		// A signal guardsh was started with ignored (nohup, a background
		// job of a script) stays ignored, for the programs it runs too,
		// as in bash.
		var sigs []os.Signal
		for _, sig := range []os.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP} {
			if !signal.Ignored(sig) {
				sigs = append(sigs, sig)
			}
		}
		if len(sigs) > 0 {
			signal.Notify(s.c, sigs...)
		}
		close(s.ready)
	}()
	return s
}

// forward passes the caught signals to r, from the moment they are caught
// until stop. It does not wait for that: wait does, before a program
// starts or a question is asked. Until then a signal ends guardsh as it
// ends bash while no program runs.
func (s *signalRelay) forward(r *shell.Runner) {
	s.r = r
	s.drain()
	go func() {
		select {
		case <-s.ready:
		case <-s.done:
			return
		}
		for {
			select {
			case sig := <-s.c:
				s.relay(sig)
			case <-s.done:
				return
			}
		}
	}()
}

// wait returns once the signals are caught, and those caught so far have
// reached the runner: a line a signal stopped starts no program.
func (s *signalRelay) wait() {
	<-s.ready
	s.drain()
}

// drain passes on the signals caught and not yet passed on, if any, once
// there is a runner to pass them to.
func (s *signalRelay) drain() {
	if s.r == nil {
		return
	}
	for {
		select {
		case sig := <-s.c:
			s.relay(sig)
		default:
			return
		}
	}
}

func (s *signalRelay) relay(sig os.Signal) {
	forward := !(sig == syscall.SIGINT && typedAtTerminal())
	if root := s.tree.Load(); root > 0 {
		s.r.Signal(sig, false)
		if forward {
			signalTree(int(root), sig.(syscall.Signal))
		}
		return
	}
	s.r.Signal(sig, forward)
}

// stop stops forwarding the signals, and catching them. It waits neither
// for them to be caught first nor for signal.Stop, which is a round trip
// with the runtime's signal thread for each signal (0.1-0.2 ms at the end
// of every run; guardsh exits next): a signal that comes meanwhile is
// caught and dropped.
func (s *signalRelay) stop() {
	close(s.done)
	go func() {
		<-s.ready
		signal.Stop(s.c)
	}()
}
