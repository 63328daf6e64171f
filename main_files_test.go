package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/creack/pty"

	"guardsh/guard"
	"guardsh/internal/config"
)

// runWithin runs guardsh in the sandbox with extra environment and fails
// the test, instead of hanging it, when it has not exited in time.
func (s *sandbox) runWithin(t *testing.T, extra []string, args ...string) (status int, stdout, stderr string) {
	t.Helper()
	cmd := s.command(args...)
	cmd.Env = append(cmd.Env, extra...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		return exitStatus(err), out.String(), errb.String()
	case <-time.After(20 * time.Second):
		cmd.Process.Kill()
		<-done
		t.Fatalf("guardsh %q hung (stderr %q)", args, errb.String())
	}
	return
}

// A config or policy that is a FIFO (or any file that is not regular) is
// an error reported at once, failing closed; so is one too large.
func TestConfigFilesNotRegular(t *testing.T) {
	s := newSandbox(t, "rm")
	fifo := func(name string) string {
		p := filepath.Join(s.dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := syscall.Mkfifo(p, 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	big := filepath.Join(s.dir, "big.toml")
	os.WriteFile(big, []byte(strings.Repeat("# a comment\n", maxConfigBytes/10)), 0o644)
	userFIFO := fifo(".xdg_config_home/guardsh/config.toml")
	policyFIFO := fifo("etc/guardsh/policy.toml")
	for _, tc := range []struct {
		name  string
		extra []string
		args  []string
		want  string
		runs  bool
	}{
		{"config FIFO", nil, []string{"-y", "-c", "rm x"}, "config.toml: not a regular file (a FIFO)", true},
		{"--config FIFO", nil, []string{"--config", userFIFO, "-y", "-c", "rm x"}, "not a regular file (a FIFO)", true},
		{"--config /dev/stdin", nil, []string{"--config", "/dev/stdin", "-y", "-c", "rm x"}, "not a regular file", true},
		{"--config too large", nil, []string{"--config", big, "-y", "-c", "rm x"}, "larger than guardsh reads", true},
		{"policy FIFO", []string{"GUARDSH_TEST_POLICY=" + policyFIFO}, []string{"-y", "-c", "rm x"}, "policy.toml: not a regular file (a FIFO)", false},
		{"policy too large", []string{"GUARDSH_TEST_POLICY=" + big}, []string{"-y", "-c", "rm x"}, "larger than guardsh reads", false},
		{"--check", nil, []string{"--check", "ls"}, "not a regular file (a FIFO)", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			os.Remove(filepath.Join(s.dir, "calls.log"))
			status, _, stderr := s.runWithin(t, tc.extra, tc.args...)
			if !strings.Contains(stderr, tc.want) {
				t.Errorf("stderr %q, want %q", stderr, tc.want)
			}
			if ran := s.calls() != ""; tc.args[0] != "--check" && ran != tc.runs {
				t.Errorf("ran %v (status %d, calls %q), want %v", ran, status, s.calls(), tc.runs)
			}
		})
	}
}

// An interactive guardsh under a guardsh that approved less than -y would
// turns -y off and says so: its front end answers for whole lines.
func TestInteractiveNestedYesOff(t *testing.T) {
	s := newSandbox(t)
	stamp := encodeParent(config.Encode(guard.Config{}), guard.Medium)
	master, slave, err := pty.Open()
	if err != nil {
		t.Skipf("no pty: %v", err)
	}
	defer master.Close()
	cmd := s.command("-y")
	cmd.Env = append(cmd.Env, parentVar+"="+stamp)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = slave, slave, slave
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	slave.Close()
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	out := ptyOutput(master)
	var seen strings.Builder
	deadline := time.After(20 * time.Second)
	for !strings.Contains(seen.String(), "-y is off: the guardsh this one runs under approved only up to medium") {
		select {
		case c, ok := <-out:
			if !ok {
				t.Fatalf("terminal closed: %q", seen.String())
			}
			seen.WriteString(c)
		case <-deadline:
			t.Fatalf("no message about -y: %q", seen.String())
		}
	}
	master.Write([]byte("exit\r"))
}
