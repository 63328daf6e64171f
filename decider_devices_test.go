package main

import (
	"os"
	"path/filepath"
	"testing"

	"guardsh/guard"
	"guardsh/shell/supervise"
)

// The devices the decider allows without the guard are those the guard
// finds nothing to say of: opened for writing or emptied, they are safe
// without a finding.
func TestHarmlessDevicesSafe(t *testing.T) {
	g, err := guard.New()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom", "/dev/tty", "/dev/ptmx", "/dev/pts/0", "/dev/pts/12"} {
		for _, kind := range []string{guard.EffectOpen, guard.EffectTrunc} {
			v := g.CheckEffect(kind, p, "", guard.State{Dir: "/h/p"})
			if v.Level != guard.Safe || len(v.Findings) != 0 {
				t.Errorf("%s %s: %v %v", kind, p, v.Level, v.Findings)
			}
		}
	}
}

func TestHarmlessDevice(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	open := func(p string) *supervise.Event {
		return &supervise.Event{Pid: 1, Syscall: "openat", Kind: supervise.KindOpen, Path: p, Flags: 0o1101}
	}
	for _, tc := range []struct {
		ev   *supervise.Event
		want bool
	}{
		{open("/dev/null"), true},
		{open("/dev/zero"), true},
		{open("/dev/full"), true},
		{open("/dev/urandom"), true},
		{open("/dev/stdout"), false}, // a link, to the process's own descriptor
		{open("/dev/fd/1"), false},
		{open("/dev/../dev/null"), false},
		{open("/dev/null/"), false},
		{open("/dev/"), false},
		{open("/dev"), false},
		{open("/dev/pts/"), false},
		{open("null"), false},
		{open(file), false},
		{open("/dev/no-such-device"), false},
		{&supervise.Event{Pid: 1, Syscall: "open_by_handle_at", Kind: supervise.KindOpen, Path: "/dev/null", Flags: 1}, false},
		{&supervise.Event{Pid: 1, Syscall: "unlinkat", Kind: supervise.KindRemove, Path: "/dev/null"}, false},
		{&supervise.Event{Pid: 1, Syscall: "execve", Kind: supervise.KindExec, Path: "/dev/null"}, false},
	} {
		if got := harmlessDevice(tc.ev); got != tc.want {
			t.Errorf("%s %s: %v, want %v", tc.ev.Syscall, tc.ev.Path, got, tc.want)
		}
	}
	if _, err := os.Lstat("/dev/mem"); err == nil && harmlessDevice(open("/dev/mem")) {
		t.Error("/dev/mem is harmless")
	}
}

func TestHarmlessRdev(t *testing.T) {
	for _, tc := range []struct {
		major, minor uint32
		want         bool
	}{
		{1, 3, true}, {1, 5, true}, {1, 7, true}, {1, 8, true}, {1, 9, true},
		{1, 1, false}, {1, 2, false}, {1, 4, false}, {1, 11, false}, // mem, kmem, port, kmsg
		{5, 0, true}, {5, 2, true}, {5, 1, false}, // tty, ptmx; console
		{136, 0, true}, {143, 7, true}, {144, 0, false},
		{4, 1, false}, {8, 0, false}, {10, 130, false}, // a virtual console, a disk, the watchdog
	} {
		if got := harmlessRdev(tc.major, tc.minor); got != tc.want {
			t.Errorf("%d:%d: %v, want %v", tc.major, tc.minor, got, tc.want)
		}
	}
}
