package prompt

import (
	"fmt"
	"os"
	"os/signal"
	"sync"
	"syscall"

	"golang.org/x/term"
)

// rawSignals are the signals that end a process while the terminal is raw:
// MakeRaw restores the terminal before they take effect.
var rawSignals = []os.Signal{syscall.SIGTERM, syscall.SIGHUP, syscall.SIGINT, syscall.SIGQUIT}

// MakeRaw puts the terminal f in raw mode and returns the function that
// restores it, to be deferred at once:
//
//	restore, err := prompt.MakeRaw(tty)
//	if err != nil { ... }
//	defer restore()
//
// Calling restore more than once is harmless. Until restore is called, a
// SIGTERM, SIGHUP, SIGINT or SIGQUIT sent to the process restores the
// terminal first and is then delivered again, so that the process ends (or
// its own handler runs) with the terminal in the mode it was in; signals
// the process ignores are left alone.
func MakeRaw(f interface{ Fd() uintptr }) (restore func(), err error) {
	fd := int(f.Fd())
	old, err := term.MakeRaw(fd)
	if err != nil {
		return func() {}, fmt.Errorf("raw mode: %w", err)
	}
	var once sync.Once
	undo := func() { once.Do(func() { term.Restore(fd, old) }) }
	sigs := make(chan os.Signal, 1)
	stop := make(chan struct{})
	for _, s := range rawSignals {
		// A signal the process ignores stays ignored: Notify would undo
		// signal.Ignore.
		if !signal.Ignored(s) {
			signal.Notify(sigs, s)
		}
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		select {
		case sig := <-sigs:
			undo()
			signal.Stop(sigs)
			if s, ok := sig.(syscall.Signal); ok {
				syscall.Kill(os.Getpid(), s)
			}
		case <-stop:
		}
	}()
	var stopOnce sync.Once
	return func() {
		stopOnce.Do(func() {
			signal.Stop(sigs)
			close(stop)
			<-done
		})
		undo()
	}, nil
}

// termWidth returns the width of the first of vs that is a terminal, or
// 80.
func termWidth(vs ...any) int {
	for _, v := range vs {
		if f, ok := v.(fder); ok && IsTerminal(v) {
			if w, _, err := term.GetSize(int(f.Fd())); err == nil && w > 0 {
				return w
			}
		}
	}
	return 80
}
