package prompt

import (
	"os"
	"os/exec"
	"os/signal"
	"syscall"
	"testing"
	"time"

	"guardsh/guard"
)

// TestMain lets the test binary stand in for a program that asks on its
// stdin, a terminal: GUARDSH_PROMPT_ASK=1 asks once and exits.
func TestMain(m *testing.M) {
	if os.Getenv("GUARDSH_PROMPT_ASK") == "1" {
		a, err := Ask(os.Stdin, os.Stdout, verdict(guard.High), Style{})
		if err != nil {
			os.Exit(3)
		}
		os.Exit(int(a))
	}
	os.Exit(m.Run())
}

// TestRawRestoredOnSignal kills a process waiting for an answer in raw
// mode and checks that it left the terminal as it found it.
func TestRawRestoredOnSignal(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGHUP, syscall.SIGINT} {
		t.Run(sig.String(), func(t *testing.T) {
			tm := openTerm(t)
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), "GUARDSH_PROMPT_ASK=1")
			cmd.Stdin, cmd.Stdout, cmd.Stderr = tm.slave, tm.slave, tm.slave
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			exited := make(chan error, 1)
			go func() { exited <- cmd.Wait() }()
			tm.expect("[y/N/e] ")
			cmd.Process.Signal(sig)
			select {
			case err := <-exited:
				st, ok := cmd.ProcessState.Sys().(syscall.WaitStatus)
				if !ok || !st.Signaled() || st.Signal() != sig {
					t.Errorf("the process did not die of %v: %v", sig, err)
				}
			case <-time.After(waitFor):
				cmd.Process.Kill()
				t.Fatalf("the process did not end on %v", sig)
			}
			tm.checkCooked()
		})
	}
}

func TestRestoreTwice(t *testing.T) {
	tm := openTerm(t)
	restore, err := MakeRaw(tm.slave)
	if err != nil {
		t.Fatal(err)
	}
	restore()
	restore()
	tm.checkCooked()
}

func TestMakeRawNotATerminal(t *testing.T) {
	f, err := os.CreateTemp(t.TempDir(), "x")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	restore, err := MakeRaw(f)
	if err == nil {
		t.Error("no error for a file")
	}
	restore()
}

// TestRawKeepsIgnored checks that asking does not undo signal.Ignore.
func TestRawKeepsIgnored(t *testing.T) {
	tm := openTerm(t)
	signal.Ignore(syscall.SIGQUIT) // not a signal TestRawRestoredOnSignal sends
	defer signal.Reset(syscall.SIGQUIT)
	restore, err := MakeRaw(tm.slave)
	if err != nil {
		t.Fatal(err)
	}
	restore()
	if !signal.Ignored(syscall.SIGQUIT) {
		t.Error("SIGQUIT is no longer ignored")
	}
}
