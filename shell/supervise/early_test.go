package supervise

import (
	"bytes"
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

// prestart starts an early helper writing to out, skipping where the
// helper of its own cannot run.
func prestart(t *testing.T, out *bytes.Buffer, max int) *Early {
	t.Helper()
	requireSupervisor(t)
	if useGoHelper() {
		t.Skip("the helper of its own cannot be executed here")
	}
	cmd := &exec.Cmd{}
	cmd.Stdout, cmd.Stderr = out, out
	e := Prestart(cmd, Config{MaxProcs: max})
	<-e.done
	if e.err != nil {
		t.Fatalf("prestart: %v", e.err)
	}
	return e
}

// runEarly runs path with argv and env through an early helper and
// returns the output, cmd.Wait's error and the recorded events.
func runEarly(t *testing.T, cfg Config, path string, argv, env []string) (string, error, Stats) {
	t.Helper()
	var out bytes.Buffer
	e := prestart(t, &out, cfg.MaxProcs)
	sup, err := e.Run(cfg, path, argv, env)
	if err != nil {
		t.Fatalf("run: %v", err)
	}
	werr := e.Cmd().Wait()
	sup.Wait()
	sup.Close()
	return out.String(), werr, sup.Stats()
}

// The target gets exactly its argv and environment (deduplicated as
// os/exec does), its exec is the initial one, and its status passes
// through.
func TestEarlyRun(t *testing.T) {
	for _, allow := range []bool{false, true} {
		r := &recorder{}
		argv := []string{"sh", "-c", `echo "$0 $1 $MARK $OTHER"; exit 3`, "zero", "one"}
		env := []string{"MARK=first", "OTHER=x", "MARK=env", "PATH=/usr/bin:/bin"}
		out, err, _ := runEarly(t, Config{Decider: r, AllowInitial: allow}, "/bin/sh", argv, env)
		if out != "zero one env x\n" {
			t.Errorf("AllowInitial %v: output %q", allow, out)
		}
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 3 {
			t.Errorf("AllowInitial %v: status %v, want 3", allow, err)
		}
		if len(r.events) == 0 || !r.events[0].Initial {
			t.Fatalf("AllowInitial %v: the first event should be the initial exec: %+v", allow, r.events)
		}
		if ev := r.events[0]; !allow && (ev.Path != "/bin/sh" || strings.Join(ev.Argv, "|") != strings.Join(argv, "|") ||
			strings.Join(ev.Env, "|") != "OTHER=x|MARK=env|PATH=/usr/bin:/bin") {
			t.Errorf("initial exec: path %q argv %q env %q", ev.Path, ev.Argv, ev.Env)
		}
	}
}

// A signal that kills the target is its status, as after Start.
func TestEarlySignal(t *testing.T) {
	_, err, _ := runEarly(t, Config{Decider: &recorder{}}, "/bin/sh", []string{"sh", "-c", "kill -TERM $$"}, nil)
	ee, ok := err.(*exec.ExitError)
	if !ok || !ee.Sys().(syscall.WaitStatus).Signaled() || ee.Sys().(syscall.WaitStatus).Signal() != syscall.SIGTERM {
		t.Errorf("status %v, want killed by SIGTERM", err)
	}
}

// The process limit given to Prestart holds for the target's tree.
func TestEarlyProcessLimit(t *testing.T) {
	r := &recorder{}
	script := `for i in $(seq 100); do sleep 0.3 & done; wait; echo finished`
	out, _, st := runEarly(t, Config{Decider: r, MaxProcs: 50, Notice: r.notice}, "/bin/bash", []string{"bash", "-c", script}, os.Environ())
	if !st.LimitHit || !strings.Contains(out, "Resource temporarily unavailable") {
		t.Errorf("the limit was not hit: %+v\n%s", st, out)
	}
}

// A target that records that it ran.
func fakeTarget(t *testing.T) (path, ran string) {
	dir := sandbox(t, "target")
	return filepath.Join(dir, "bin", "target"), filepath.Join(dir, "ran", "target")
}

// An aborted helper executes nothing; so does one whose socket closes
// (guardsh gone), or that gets a message it cannot take.
func TestEarlyFailsClosed(t *testing.T) {
	path, ran := fakeTarget(t)
	msg := func(argc, envc uint32, blob string) []byte {
		b := binary.LittleEndian.AppendUint32(nil, argc)
		return append(binary.LittleEndian.AppendUint32(b, envc), blob...)
	}
	good := path + "\x00target\x00A=b\x00"
	for _, c := range []struct {
		name string
		send []byte // nil: the socket is closed
	}{
		{"closed", nil},
		{"short header", []byte{1, 0, 0}},
		{"no argv", msg(0, 0, path+"\x00")},
		{"no NUL at the end", msg(1, 1, strings.TrimSuffix(good, "\x00"))},
		{"fewer strings than counted", msg(2, 1, good)},
		{"huge counts", msg(0xffffffff, 0xffffffff, good)},
		{"bytes after the strings", msg(1, 1, good+"x")},
		{"longer than the limit", msg(1, 1, path+"\x00target\x00A="+strings.Repeat("b", EarlyLimit)+"\x00")},
	} {
		t.Run(c.name, func(t *testing.T) {
			var out bytes.Buffer
			e := prestart(t, &out, 0)
			e.spent = true
			s := e.s
			defer func() {
				unix.Close(s.listener)
				unix.Close(s.wakeR)
				unix.Close(s.wakeW)
			}()
			if c.send != nil {
				if err := unix.Sendmsg(e.parent, c.send, nil, nil, unix.MSG_NOSIGNAL); err != nil {
					t.Fatalf("send: %v", err)
				}
			}
			unix.Close(e.parent)
			err := e.cmd.Wait()
			if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != exitSetup {
				t.Errorf("status %v, want %d\n%s", err, exitSetup, out.String())
			}
			if exists(ran) || out.Len() > 0 {
				t.Errorf("the target ran: %q", out.String())
			}
		})
	}
	t.Run("abort", func(t *testing.T) {
		var out bytes.Buffer
		e := prestart(t, &out, 0)
		go e.Abort() // as the main package does for another executor
		e.Abort()
		if _, err := e.Run(Config{Decider: &recorder{}}, path, []string{"target"}, nil); err == nil {
			t.Errorf("Run after Abort did not fail")
		}
		if exists(ran) || e.cmd.ProcessState == nil {
			t.Errorf("the target ran, or the helper was not waited for: %q", out.String())
		}
	})
	t.Run("too large for Run", func(t *testing.T) {
		var out bytes.Buffer
		e := prestart(t, &out, 0)
		env := []string{"BIG=" + strings.Repeat("x", EarlyLimit)}
		if _, err := e.Run(Config{Decider: &recorder{}}, path, []string{"target"}, env); err == nil {
			t.Fatalf("Run sent a message longer than the limit")
		}
		if exists(ran) || e.cmd.ProcessState == nil {
			t.Errorf("the target ran, or the helper was not waited for: %q", out.String())
		}
	})
	// The good message runs it, so the cases above failed for their
	// message only.
	t.Run("good", func(t *testing.T) {
		out, err, _ := runEarly(t, Config{Decider: &recorder{}}, path, []string{"target"}, []string{"A=b"})
		if err != nil || !exists(ran) {
			t.Errorf("the target did not run: %v %q", err, out)
		}
	})
}
