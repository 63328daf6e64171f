package shell

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

// cooked reports whether the terminal behind master is back in the mode
// a shell gets it in: canonical input with echo.
func cooked(t *testing.T, master *os.File) bool {
	t.Helper()
	tio, err := unix.IoctlGetTermios(int(master.Fd()), unix.TCGETS)
	if err != nil {
		t.Fatal(err)
	}
	return tio.Lflag&unix.ICANON != 0 && tio.Lflag&unix.ECHO != 0
}

// SIGTERM and SIGHUP end the interactive shell with status 128+n and the
// terminal restored, at the prompt (the line editor's raw mode), while a
// line runs (the front end's raw mode) and at a question.
func TestInteractiveTermSignals(t *testing.T) {
	tests := []struct {
		name string
		sig  syscall.Signal
		line string // typed first; "" for none
		wait string // what shows once it is there
	}{
		{"TERM at the prompt", syscall.SIGTERM, "", ""},
		{"TERM while a line runs", syscall.SIGTERM, "echo started; sleep 30", "started"},
		{"TERM at a question", syscall.SIGTERM, "fake-medium now", `[y/N/e] `},
		{"TERM at a run-time question", syscall.SIGTERM, "c=fake-; ${c}medium late", `[y/N/e] `},
		{"HUP at the prompt", syscall.SIGHUP, "", ""},
		{"HUP while a line runs", syscall.SIGHUP, "echo started; sleep 30", "started"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			home, env := itSandbox(t)
			s := startShell(t, home, env, "GUARDSH_IT_ASK=risky")
			s.prompt("")
			if cooked(t, s.master) {
				t.Fatal("the line editor did not make the terminal raw")
			}
			if tc.line != "" {
				s.line(tc.line)
				if tc.wait == "started" {
					s.expectLine(tc.wait)
				} else {
					s.expect(regexp.QuoteMeta(tc.wait))
				}
			}
			s.cmd.Process.Signal(tc.sig)
			if st := s.wait(); st != 128+int(tc.sig) {
				t.Fatalf("exit status %d, want %d", st, 128+int(tc.sig))
			}
			if !cooked(t, s.master) {
				t.Fatal("the terminal was left raw")
			}
		})
	}
}

// When the executor dies while a program that ignores SIGHUP holds its
// pty open, the front end says so and gives a new prompt; it does not
// wait for that program.
func TestInteractiveExecutorDiesPtyHeld(t *testing.T) {
	home, env := itSandbox(t)
	s := startShell(t, home, env, "GUARDSH_IT_ASK=risky")
	pidFile := filepath.Join(home, "held.pid")
	t.Cleanup(func() {
		if b, err := os.ReadFile(pidFile); err == nil {
			// Only the holder: after its minute, the pid can be another
			// process's (a loaded machine, another package's test).
			pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
			if cmd, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline"); err == nil && pid > 1 && string(cmd) == "sleep\x0060\x00" {
				syscall.Kill(pid, syscall.SIGKILL)
			}
		}
	})
	s.prompt("")
	// The holder has the pty as its output; the line waits until it runs.
	s.line(`sh -c 'trap "" HUP; echo $$ > held.pid; exec sleep 60' & until [ -s held.pid ]; do :; done; echo holder-up`)
	s.expectLine("holder-up")
	s.prompt("")
	s.line("kill -KILL $$")
	s.expect(`the executor died \(killed by SIGKILL\)`)
	s.prompt("1")
	s.line("echo new-executor")
	s.expectLine("new-executor")
	s.prompt("")
}
