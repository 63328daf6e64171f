package shell

import (
	"os"
	"os/exec"
	"os/signal"
	"syscall"
	"testing"
	"time"
)

// A shell that SIGTERM ends still catches SIGTERM once it released its
// signals on the way out: a question's raw mode passes the signal it
// caught on again (prompt.MakeRaw), and when that copy came after the
// front end stopped catching, it killed the shell (exit status -1, not
// 143: TestInteractiveTermSignals at a run-time question, once in a few
// runs under load). The child process below is the front end at that
// moment; it must exit 0, not by the signal.
func TestReleaseSignalsWhileQuitting(t *testing.T) {
	if os.Getenv("GUARDSH_TEST_QUITTING") == "1" {
		f := &frontend{sigs: make(chan os.Signal, 8), quitSig: syscall.SIGTERM}
		signal.Notify(f.sigs, syscall.SIGTERM)
		f.releaseSignals()
		syscall.Kill(os.Getpid(), syscall.SIGTERM)
		// Uncaught, it kills the process about at once.
		time.Sleep(100 * time.Millisecond)
		os.Exit(0)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestReleaseSignalsWhileQuitting$")
	cmd.Env = append(os.Environ(), "GUARDSH_TEST_QUITTING=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the quitting front end got SIGTERM again: %v\n%s", err, out)
	}
}
