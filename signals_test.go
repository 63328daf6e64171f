package main

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"guardsh/guard"
	"guardsh/shell"
)

// TestSignalRelayPending checks that a signal caught before the line
// starts (while the guard loads) stops the line before any program runs,
// however late the relay's goroutine is scheduled.
func TestSignalRelayPending(t *testing.T) {
	s := newSandbox(t, "outfake")
	sigs := catchSignals()
	defer sigs.stop()
	sigs.wait()
	if err := syscall.Kill(os.Getpid(), syscall.SIGHUP); err != nil {
		t.Fatal(err)
	}
	for i := 0; len(sigs.c) == 0; i++ {
		if i > 500 {
			t.Fatal("SIGHUP was not caught")
		}
		time.Sleep(10 * time.Millisecond)
	}
	g, err := guard.New()
	if err != nil {
		t.Fatal(err)
	}
	r, err := shell.New(g, shell.WithEnv(s.env), shell.WithDir(s.dir), shell.WithStdio(nil, os.Stdout, os.Stderr), shell.WithBeforeStart(sigs.wait))
	if err != nil {
		t.Fatal(err)
	}
	sigs.forward(r)
	if st := r.Run(context.Background(), "outfake ran"); st != 128+int(syscall.SIGHUP) {
		t.Errorf("status %d, want %d", st, 128+int(syscall.SIGHUP))
	}
	if _, err := os.Stat(filepath.Join(s.dir, "calls.log")); err == nil {
		t.Errorf("the program ran: %q", s.calls())
	}
}
