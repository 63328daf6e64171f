package main

import (
	"bytes"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"guardsh/guard"
	"guardsh/shell"
	"guardsh/shell/supervise"
)

// TestResolvedPaths checks that an event whose paths the supervisor read
// back from its descriptors (Event.Resolved: the decider then neither
// resolves them again nor walks them for its memory of allowed opens)
// is decided as the same event without the mark: the same verdict, the
// same message, the same calls remembered, for opens, removals and
// renames of protected files, rc files, guardsh's own files and new
// files in ordinary directories.
func TestResolvedPaths(t *testing.T) {
	home, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{".ssh", ".config/guardsh", "p/.git/hooks", "p/build"} {
		if err := os.MkdirAll(filepath.Join(home, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{".bashrc", ".ssh/authorized_keys", ".config/guardsh/config.toml", "p/x.o", "p/.git/hooks/pre-commit", "p/notes.txt"} {
		if err := os.WriteFile(filepath.Join(home, f), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	paths := []string{".bashrc", ".profile", ".ssh/authorized_keys", ".ssh/rc", ".config/guardsh/config.toml", ".config/guardsh/new.toml",
		"p/x.o", "p/new.o", "p/.git/hooks/pre-commit", "p/.git/hooks/post-merge", "p/notes.txt", "p/build", "p/build/y.o", "p", "."}
	abs := func(p string) string { return filepath.Clean(filepath.Join(home, p)) }
	var evs []*supervise.Event
	for i, p := range paths {
		for _, flags := range []uint64{syscall.O_WRONLY | syscall.O_CREAT | syscall.O_TRUNC, syscall.O_WRONLY | syscall.O_APPEND, syscall.O_RDWR} {
			evs = append(evs, &supervise.Event{Pid: os.Getpid(), Comm: "cc", Syscall: "openat", Kind: supervise.KindOpen, Path: abs(p), Flags: flags, Cwd: abs("p")})
		}
		evs = append(evs,
			&supervise.Event{Pid: os.Getpid(), Comm: "rm", Syscall: "unlinkat", Kind: supervise.KindRemove, Path: abs(p), Cwd: abs("p")},
			&supervise.Event{Pid: os.Getpid(), Comm: "rm", Syscall: "rmdir", Kind: supervise.KindRemove, Path: abs(p), Cwd: home},
			&supervise.Event{Pid: os.Getpid(), Comm: "mv", Syscall: "rename", Kind: supervise.KindRename, Path: abs(p), Path2: abs(paths[(i+3)%len(paths)]), Cwd: abs("p")})
	}
	decide := func(resolved bool) (verdicts []supervise.Verdict, msgs []string, allowed []string) {
		g, err := guard.New(guard.WithProtected(abs(".config/guardsh/config.toml")))
		if err != nil {
			t.Fatal(err)
		}
		var stderr bytes.Buffer
		r, err := shell.New(g, shell.WithStdio(nil, nil, &stderr), shell.WithYes(true))
		if err != nil {
			t.Fatal(err)
		}
		for _, level := range []guard.Level{guard.Safe, guard.Medium} {
			d := newDecider(g, r, &exec.Cmd{Path: "/usr/bin/bash"}, level, []string{"HOME=" + home, "PATH=/usr/bin"}, home)
			d.execSeen = true
			for range 2 { // the second time from what was remembered
				for _, ev := range evs {
					e := *ev
					e.Resolved = resolved
					stderr.Reset()
					verdicts = append(verdicts, d.Decide(&e))
					msgs = append(msgs, stderr.String())
				}
			}
			allowed = append(allowed, slices.Sorted(maps.Keys(d.allowed))...)
		}
		return verdicts, msgs, allowed
	}
	gotV, gotM, gotA := decide(true)
	wantV, wantM, wantA := decide(false)
	n := len(evs)
	for i := range wantV {
		if gotV[i] != wantV[i] || gotM[i] != wantM[i] {
			t.Errorf("%s: resolved %v %q, not %v %q", evs[i%n], gotV[i], gotM[i], wantV[i], wantM[i])
		}
	}
	if !slices.Equal(gotA, wantA) {
		t.Errorf("remembered %q resolved, %q not", gotA, wantA)
	}
	if !slices.Contains(wantV, supervise.Deny) || !slices.Contains(wantV, supervise.Allow) || len(wantA) == 0 {
		t.Errorf("the cases decide nothing worth comparing: %v, %d remembered", wantV, len(wantA))
	}
}

// TestExecVar: an exec's variable is looked up in its environment as a
// map made of the entries would hold it.
func TestExecVar(t *testing.T) {
	envs := [][]string{
		nil,
		{"A=1", "B=2", "A=3", "C", "D=", "E==x", "AB=4", "=5", "F=a=b"},
		{"PATH=/usr/bin", "HOME=/h", "PATH=/bin"},
	}
	names := []string{"A", "B", "C", "D", "E", "AB", "", "F", "PATH", "HOME", "X", "A=1", "E="}
	for _, env := range envs {
		m := map[string]string{}
		for _, kv := range env {
			if k, v, ok := strings.Cut(kv, "="); ok {
				m[k] = v
			}
		}
		for _, name := range names {
			wantV, wantOK := m[name]
			if v, ok := execVar(env, name); v != wantV || ok != wantOK {
				t.Errorf("execVar(%q, %q) = %q, %v; want %q, %v", env, name, v, ok, wantV, wantOK)
			}
		}
	}
}
