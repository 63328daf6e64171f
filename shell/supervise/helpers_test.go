package supervise

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// recorder is a test Decider: it records every event and denies those
// deny matches.
type recorder struct {
	mu      sync.Mutex
	events  []Event
	notices []Notice
	deny    func(ev *Event) bool
}

func (r *recorder) Decide(ev *Event) Verdict {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.events = append(r.events, *ev)
	if r.deny != nil && r.deny(ev) {
		return Deny
	}
	return Allow
}

func (r *recorder) notice(n Notice) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.notices = append(r.notices, n)
}

func (r *recorder) find(kind Kind, path string) *Event {
	r.mu.Lock()
	defer r.mu.Unlock()
	for i := range r.events {
		if r.events[i].Kind == kind && (r.events[i].Path == path || r.events[i].Path2 == path) {
			return &r.events[i]
		}
	}
	return nil
}

// under says whether path is dir or inside it.
func under(path, dir string) bool {
	return path == dir || strings.HasPrefix(path, dir+"/")
}

type result struct {
	out   string
	err   error
	stats Stats
}

// run runs cmd under a supervisor and waits for the whole tree (every
// process under the filter) to end, at most a minute.
func run(t *testing.T, cmd *exec.Cmd, r *recorder, max int) result {
	t.Helper()
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	sup, err := Start(cmd, Config{Decider: r, MaxProcs: max, Notice: r.notice})
	if err != nil {
		t.Fatalf("start: %v", err)
	}
	werr := cmd.Wait()
	done := make(chan struct{})
	go func() { sup.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(time.Minute):
		t.Errorf("the supervised tree did not end within a minute")
	}
	sup.Close()
	return result{out: out.String(), err: werr, stats: sup.Stats()}
}

// self returns a command that runs the test binary as a target doing
// acts (see runActions).
func self(t *testing.T, acts ...string) *exec.Cmd {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), "SUPERVISE_TEST_DO="+strings.Join(acts, ";"))
	return cmd
}

// sandbox makes a temporary directory with bin/ holding harmless fake
// programs: each prints its name and records that it ran in ran/NAME.
func sandbox(t *testing.T, names ...string) string {
	t.Helper()
	dir := t.TempDir()
	for _, d := range []string{"bin", "ran"} {
		if err := os.Mkdir(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, n := range names {
		script := "#!/bin/sh\necho " + n + "-ran\n: > " + filepath.Join(dir, "ran", n) + "\n"
		if err := os.WriteFile(filepath.Join(dir, "bin", n), []byte(script), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func requireSupervisor(t *testing.T) {
	t.Helper()
	if a := Available(); !a.OK {
		t.Skipf("the supervisor cannot run here: %s", a.Reason)
	}
}

func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}
