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
// background while the settings and the guard load, and waited for only
// before a program starts or a question is asked.
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

// forward passes the caught signals to r, from the moment they are caught
// until stop. It does not wait for that: wait does, before a program
// starts or a question is asked. Until then a signal ends guardsh as it
// ends bash while no program runs.
func (s *signalRelay) forward(r *shell.Runner) {
	relay := func(sig os.Signal) {
		r.Signal(sig, !(sig == syscall.SIGINT && typedAtTerminal()))
	}
	select {
	case <-s.ready:
		// A signal caught while the guard loaded reaches the runner now,
		// before the line can start a program: handed to the goroutine,
		// it could come after the program started, which then runs on.
		for pending := true; pending; {
			select {
			case sig := <-s.c:
				relay(sig)
			default:
				pending = false
			}
		}
	default:
	}
	go func() {
		select {
		case <-s.ready:
		case <-s.done:
			return
		}
		for {
			select {
			case sig := <-s.c:
				relay(sig)
			case <-s.done:
				return
			}
		}
	}()
}

// wait returns once the signals are caught.
func (s *signalRelay) wait() { <-s.ready }

// stop stops catching the signals and forwarding them. It does not wait
// for them to be caught first: a short run ends without waiting.
func (s *signalRelay) stop() {
	close(s.done)
	select {
	case <-s.ready:
		signal.Stop(s.c)
	default:
		go func() {
			<-s.ready
			signal.Stop(s.c)
		}()
	}
}
