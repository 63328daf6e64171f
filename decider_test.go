package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"guardsh/guard"
	"guardsh/shell"
	"guardsh/shell/supervise"
)

func TestDecider(t *testing.T) {
	g, err := guard.New(guard.WithProtected("/h/.config/guardsh/config.toml"))
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	r, err := shell.New(g, shell.WithStdio(nil, nil, &stderr), shell.WithYes(true))
	if err != nil {
		t.Fatal(err)
	}
	bash := &exec.Cmd{Path: "/usr/bin/bash", Args: []string{"/usr/bin/bash", "-c", "L"}}
	d := newDecider(g, r, bash, guard.Medium, []string{"HOME=/h", "PATH=/usr/bin"}, "/h")
	exe := func(argv ...string) *supervise.Event {
		return &supervise.Event{Pid: 42, Comm: "bash", Syscall: "execve", Kind: supervise.KindExec, Argv: argv, Path: "/usr/bin/" + argv[0], Cwd: "/h/p"}
	}
	file := func(kind supervise.Kind, call, p string) *supervise.Event {
		return &supervise.Event{Pid: 43, Comm: "prog", Syscall: call, Kind: kind, Path: p, Cwd: "/h/p"}
	}
	for _, tc := range []struct {
		name string
		ev   *supervise.Event
		want supervise.Verdict
	}{
		{"bash itself, first", &supervise.Event{Pid: 41, Comm: "exe", Syscall: "execve", Kind: supervise.KindExec, Argv: bash.Args, Path: bash.Path}, supervise.Allow},
		{"bash's argv again later", &supervise.Event{Pid: 41, Comm: "x", Syscall: "execve", Kind: supervise.KindExec, Argv: []string{"/usr/bin/bash", "-c", "rm -rf /"}, Path: bash.Path}, supervise.Deny},
		{"ls", exe("ls", "-la"), supervise.Allow},
		{"rm of a file, medium", exe("rm", "-f", "x.o"), supervise.Allow},
		{"rm -rf /", exe("rm", "-rf", "/"), supervise.Deny},
		{"rm -rf ./build, high above medium", exe("rm", "-rf", "build"), supervise.Deny},
		{"a link named x to rm", &supervise.Event{Pid: 44, Comm: "sh", Syscall: "execve", Kind: supervise.KindExec, Argv: []string{"x", "-rf", "/"}, Path: "/usr/bin/rm", Cwd: "/h/p"}, supervise.Deny},
		{"LD_PRELOAD set by the line", &supervise.Event{Pid: 45, Comm: "sh", Syscall: "execve", Kind: supervise.KindExec, Argv: []string{"ls"}, Path: "/usr/bin/ls", Env: []string{"LD_PRELOAD=/tmp/x.so"}, Cwd: "/h/p"}, supervise.Deny},
		{"write a .o", file(supervise.KindOpen, "openat", "/h/p/x.o"), supervise.Allow},
		{"write guardsh's config", file(supervise.KindOpen, "openat", "/h/.config/guardsh/config.toml"), supervise.Deny},
		{"write /etc/passwd", file(supervise.KindOpen, "openat", "/etc/passwd"), supervise.Deny},
		{"unlink a .o", file(supervise.KindRemove, "unlinkat", "/h/p/x.o"), supervise.Allow},
		{"rmdir the home", file(supervise.KindRemove, "rmdir", "/h"), supervise.Deny},
		{"symlink onto the config", &supervise.Event{Pid: 46, Comm: "ln", Syscall: "symlink", Kind: supervise.KindLink, Path: "x", Path2: "/h/.config/guardsh/config.toml"}, supervise.Deny},
		{"kill -1", &supervise.Event{Pid: 47, Comm: "kill", Syscall: "kill", Kind: supervise.KindSignal, TargetPid: -1, Signal: 9}, supervise.Deny},
		{"open_by_handle_at for writing", &supervise.Event{Pid: 49, Comm: "x", Syscall: "open_by_handle_at", Kind: supervise.KindOpen, Path: "/", Flags: 1}, supervise.Deny},
		{"open_by_handle_at for reading", &supervise.Event{Pid: 49, Comm: "x", Syscall: "open_by_handle_at", Kind: supervise.KindOpen, Path: "/", Flags: 0}, supervise.Allow},
		{"mount", &supervise.Event{Pid: 48, Comm: "mount", Syscall: "mount", Kind: supervise.KindSystem, Path: "/dev/sda1", Path2: "/mnt"}, supervise.Deny},
	} {
		stderr.Reset()
		if got := d.Decide(tc.ev); got != tc.want {
			t.Errorf("%s: %v, want %v (%s)", tc.name, got, tc.want, stderr.String())
		}
		if tc.want == supervise.Deny && !strings.Contains(stderr.String(), tc.ev.String()) {
			t.Errorf("%s: the refusal %q does not name the call %q", tc.name, stderr.String(), tc.ev.String())
		}
	}
}

// A call allowed without a question is remembered, and the same call
// again is allowed without the guard; a refused one is never
// remembered, and refused again (with its line, from another process).
func TestDeciderRemembers(t *testing.T) {
	g, err := guard.New(guard.WithProtected("/h/.config/guardsh/config.toml"))
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	r, err := shell.New(g, shell.WithStdio(nil, nil, &stderr))
	if err != nil {
		t.Fatal(err)
	}
	d := newDecider(g, r, &exec.Cmd{Path: "/usr/bin/bash"}, guard.Safe, []string{"HOME=/h", "PATH=/usr/bin"}, "/h")
	d.execSeen = true
	open := func(pid int, p string) *supervise.Event {
		return &supervise.Event{Pid: pid, Comm: "prog", Syscall: "openat", Kind: supervise.KindOpen, Path: p, Flags: 0o1101, Cwd: "/h/p"}
	}
	log := filepath.Join(t.TempDir(), "log")
	if err := os.WriteFile(log, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	for i := range 2 {
		if got := d.Decide(open(50+i, log)); got != supervise.Allow {
			t.Errorf("open %s, time %d: %v", log, i+1, got)
		}
	}
	if len(d.allowed) != 1 {
		t.Errorf("remembered %d calls, want 1", len(d.allowed))
	}
	for i := range 2 {
		stderr.Reset()
		if got := d.Decide(open(60+i, "/h/.config/guardsh/config.toml")); got != supervise.Deny || !strings.Contains(stderr.String(), "guardsh_self") {
			t.Errorf("write the config, time %d: %v (%s)", i+1, got, stderr.String())
		}
	}
	// rm -f of a file is medium, above the safe line: refused each time.
	rm := &supervise.Event{Pid: 70, Syscall: "execve", Kind: supervise.KindExec, Argv: []string{"rm", "-f", "x"}, Path: "/usr/bin/rm", Cwd: "/h/p"}
	for i := range 2 {
		rm.Pid = 70 + i
		if got := d.Decide(rm); got != supervise.Deny {
			t.Errorf("rm -f above the approved level, time %d: %v", i+1, got)
		}
	}
}

// BenchmarkDecide measures the decisions a build's tree asks for most: a
// compiler's exec and a write-open and an unlink of an object file.
func BenchmarkDecide(b *testing.B) {
	g, err := guard.New()
	if err != nil {
		b.Fatal(err)
	}
	r, err := shell.New(g)
	if err != nil {
		b.Fatal(err)
	}
	d := newDecider(g, r, &exec.Cmd{Path: "/usr/bin/bash"}, guard.Medium, []string{"HOME=/h", "PATH=/usr/bin"}, "/h")
	d.execSeen = true
	for _, ev := range []*supervise.Event{
		{Pid: 1, Syscall: "execve", Kind: supervise.KindExec, Argv: []string{"cc", "-O1", "-c", "-o", "f1.o", "f1.c"}, Path: "/usr/bin/x86_64-linux-gnu-gcc-12", Cwd: "/h/p"},
		{Pid: 1, Syscall: "execve", Kind: supervise.KindExec, Argv: []string{"/usr/libexec/gcc/x86_64-linux-gnu/12/cc1", "-quiet", "f1.c", "-quiet", "-dumpbase", "f1.c", "-O1", "-o", "/tmp/ccXYZ.s"}, Path: "/usr/libexec/gcc/x86_64-linux-gnu/12/cc1", Cwd: "/h/p"},
		{Pid: 1, Syscall: "openat", Kind: supervise.KindOpen, Path: "/h/p/f1.o", Flags: 0o1101, Cwd: "/h/p"},
		{Pid: 1, Syscall: "unlinkat", Kind: supervise.KindRemove, Path: "/tmp/ccXYZ.s", Cwd: "/h/p"},
	} {
		b.Run(ev.Syscall+"-"+ev.Path, func(b *testing.B) {
			for range b.N {
				clear(d.allowed) // each decided, not remembered
				d.Decide(ev)
			}
		})
	}
}
