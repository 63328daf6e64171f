package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"guardsh/guard"
)

// bigScript writes a script that runs `rm x` and is longer than the guard
// reads.
func bigScript(t *testing.T, s *sandbox) string {
	t.Helper()
	p := filepath.Join(s.dir, "big.sh")
	body := "rm x\n" + strings.Repeat("# padding padding padding padding\n", guard.DefaultMaxBytes/30)
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// Content too long to check never runs on -y alone: without a terminal it
// is refused with one line, at a terminal a person is asked.
func TestTooLongNeedsAPerson(t *testing.T) {
	s := newSandbox(t, "rm")
	big := bigScript(t, s)
	for _, tc := range []struct {
		name  string
		args  []string
		stdin bool
	}{
		{"script file", []string{"-y", big}, false},
		{"stdin", []string{"-y"}, true},
		{"stdin with -s", []string{"-y", "-s"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cmd := s.command(tc.args...)
			cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true} // no terminal to ask at
			if tc.stdin {
				f, err := os.Open(big)
				if err != nil {
					t.Fatal(err)
				}
				defer f.Close()
				cmd.Stdin = f
			}
			var errb strings.Builder
			cmd.Stderr = &errb
			err := cmd.Run()
			if st := exitStatus(err); st != 126 {
				t.Errorf("status %d, want 126 (stderr %q)", st, errb.String())
			}
			msg := withoutFallback(errb.String())
			if strings.Count(msg, "\n") != 1 || !strings.Contains(msg, "too long for guardsh to check") || strings.Contains(msg, "padding padding padding") {
				t.Errorf("stderr %q: want one line saying it is too long to check", msg)
			}
			if c := s.calls(); c != "" {
				t.Errorf("ran %q", c)
			}
		})
	}
	t.Run("at a terminal: no", func(t *testing.T) {
		status, _, stderr, _ := s.ttySession([]string{"n"}, "-y", big)
		if status != 126 || s.calls() != "" {
			t.Errorf("status %d calls %q stderr %q", status, s.calls(), stderr)
		}
	})
	t.Run("at a terminal: yes", func(t *testing.T) {
		status, _, stderr, _ := s.ttySession([]string{"y"}, "-y", big)
		if status != 0 || s.calls() != "rm x\n" {
			t.Errorf("status %d calls %q stderr %q", status, s.calls(), stderr)
		}
	})
}

// In guardsh's interpreter, a script read at run time (sourced, or run
// by a shell) that is too long to check is not approved by -y either.
func TestTooLongAtRunTime(t *testing.T) {
	s := newSandbox(t, "rm", "sh")
	s.config(`executor = "interpreter"`)
	bigScript(t, s)
	for _, line := range []string{"source big.sh", "sh big.sh", "sh < big.sh", "echo start; . ./big.sh"} {
		cmd := s.command("-y", "-c", line)
		cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
		var errb strings.Builder
		cmd.Stderr = &errb
		err := cmd.Run()
		if st := exitStatus(err); st != 126 || !strings.Contains(errb.String(), "too long for guardsh to check") {
			t.Errorf("%s: status %d stderr %q, want 126 and too long to check", line, st, errb.String())
		}
		if c := s.calls(); c != "" {
			t.Errorf("%s: ran %q", line, c)
		}
	}
}

// In bash under the supervisor, a script sourced at run time is not read
// by guardsh at all: what it runs is checked as it runs, its rm refused
// at the exec, however long the script. One a shell is started on is read
// before it starts, and one too long to check is refused then (too_long).
func TestTooLongAtRunTimeSupervised(t *testing.T) {
	if !available().OK {
		t.Skipf("the supervisor cannot run here: %s", available().Reason)
	}
	s := newSandbox(t, "rm")
	bigScript(t, s)
	for _, line := range []string{"source big.sh", "echo start; . ./big.sh", "bash big.sh", "bash < big.sh"} {
		cmd := s.command("-y", "-c", line)
		cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
		var errb strings.Builder
		cmd.Stderr = &errb
		cmd.Run()
		refusedRm := strings.Contains(errb.String(), `refused (medium, rm): `) && strings.Contains(errb.String(), `["rm" "x"]`)
		tooLong := strings.Contains(errb.String(), `refused (high, too_long): `)
		if !refusedRm && !(strings.HasPrefix(line, "bash ") && tooLong) {
			t.Errorf("%s: stderr %q, want rm x refused as it runs, or the script refused as too long to check", line, errb.String())
		}
		if c := s.calls(); c != "" {
			t.Errorf("%s: ran %q", line, c)
		}
	}
}
