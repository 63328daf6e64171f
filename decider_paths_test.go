package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"golang.org/x/sys/unix"

	"guardsh/guard"
	"guardsh/shell/supervise"
)

// TestProcOwn: a process's names for itself are its own /proc/PID.
func TestProcOwn(t *testing.T) {
	for in, want := range map[string]string{
		"/proc/self/fd/3":        "/proc/42/fd/3",
		"/proc/thread-self/fd/1": "/proc/42/fd/1",
		"/dev/fd/3":              "/proc/42/fd/3",
		"/dev/stdout":            "/proc/42/fd/1",
		"/dev/stdin":             "/proc/42/fd/0",
		"/dev/fdx":               "/dev/fdx",
		"/proc/selfish":          "/proc/selfish",
		"/etc/passwd":            "/etc/passwd",
	} {
		if got := procOwn(42, in); got != want {
			t.Errorf("procOwn(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestRealEffectPaths: the directory's links are followed for every
// call, the last link only for the calls the kernel follows it in.
func TestRealEffectPaths(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	must := func(err error) {
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.Mkdir(dir+"/real", 0o755))
	must(os.WriteFile(dir+"/real/f", nil, 0o644))
	must(os.Symlink(dir+"/real", dir+"/d"))
	must(os.Symlink(dir+"/real/f", dir+"/l"))
	pid := os.Getpid()
	for _, tc := range []struct {
		kind     supervise.Kind
		call     string
		p, p2    string
		want     string
		want2    string
		resolved bool
	}{
		{supervise.KindRemove, "unlinkat", dir + "/d/f", "", dir + "/real/f", "", true},
		{supervise.KindRemove, "unlinkat", dir + "/l", "", dir + "/l", "", false}, // unlink removes the link
		{supervise.KindTrunc, "truncate", dir + "/l", "", dir + "/real/f", "", true},
		{supervise.KindChmod, "fchmodat", dir + "/l", "", dir + "/real/f", "", true},
		{supervise.KindRename, "renameat", dir + "/d/f", dir + "/d/g", dir + "/real/f", dir + "/real/g", true},
		{supervise.KindLink, "symlinkat", "/etc/passwd", dir + "/d/n", "/etc/passwd", dir + "/real/n", true},
		{supervise.KindOpen, "openat", dir + "/x", "", dir + "/x", "", false},
	} {
		ev := &supervise.Event{Pid: pid, Kind: tc.kind, Syscall: tc.call, Path: tc.p, Path2: tc.p2}
		p, p2, ok := realEffectPaths(ev)
		if p != tc.want || p2 != tc.want2 || ok != tc.resolved {
			t.Errorf("%s %s %s: %q %q %v, want %q %q %v", tc.call, tc.p, tc.p2, p, p2, ok, tc.want, tc.want2, tc.resolved)
		}
	}
}

// TestLinkedArgv: an argument that passes a link is given as what it
// reaches; the last link only with a trailing slash.
func TestLinkedArgv(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(dir+"/real", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(dir+"/real", dir+"/l"); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		argv []string
		want []string // nil: unchanged
	}{
		{[]string{"rm", "-rf", "l/"}, []string{"rm", "-rf", dir + "/real/"}},
		{[]string{"rm", "-rf", "l/."}, []string{"rm", "-rf", dir + "/real/"}},
		{[]string{"rm", "-f", "l/x"}, []string{"rm", "-f", dir + "/real/x"}},
		{[]string{"rm", "-f", dir + "/l/x"}, []string{"rm", "-f", dir + "/real/x"}},
		{[]string{"rm", "-rf", "l"}, nil}, // rm removes the link itself
		{[]string{"rm", "-rf", "real/"}, nil},
		{[]string{"rm", "-rf", "nothere/x"}, nil},
		{[]string{"rm", "-x/y"}, nil}, // an option
		{[]string{"rm", "--target=l/x"}, nil},
		{[]string{"l/"}, nil}, // argv[0] is the exec's own business
	} {
		got, ok := linkedArgv(tc.argv, dir)
		if ok != (tc.want != nil) || (ok && !slices.Equal(got, tc.want)) {
			t.Errorf("linkedArgv(%q) = %q %v, want %q", tc.argv, got, ok, tc.want)
		}
	}
}

// TestLevelsUnmixed: a session whose commands all had one level decides
// every call at it, without looking at the process.
func TestLevelsUnmixed(t *testing.T) {
	var l levels
	l.next(guard.Medium, 0)
	l.next(guard.Medium, 0)
	if _, ok := l.level(os.Getpid(), os.Getppid()); ok {
		t.Error("one level: the process was looked at")
	}
	l.next(guard.Safe, 0)
	if lv, ok := l.level(os.Getpid(), 999999999); !ok || lv != guard.Safe {
		t.Errorf("a process outside bash's tree: %v %v, want the lowest level, safe", lv, ok)
	}
}

// TestExchangeChecksBothWays: renameat2 with RENAME_EXCHANGE swaps its
// names, so ~/.gnupg (its keys) goes to the first name as the first
// one's directory takes its place: checked as renamed both ways, where
// a plain rename onto it is the one way only.
func TestExchangeChecksBothWays(t *testing.T) {
	home, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{".gnupg/private-keys-v1.d", "tmp/x"} {
		if err := os.MkdirAll(filepath.Join(home, d), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	g, err := guard.New()
	if err != nil {
		t.Fatal(err)
	}
	d := newDecider(g, nil, &exec.Cmd{Path: "/usr/bin/bash"}, guard.Safe, []string{"HOME=" + home}, home)
	x, gnupg := filepath.Join(home, "tmp/x"), filepath.Join(home, ".gnupg")
	for _, tc := range []struct {
		call  string
		flags uint64
		p, p2 string
		want  guard.Level
	}{
		{"renameat2", 0, x, filepath.Join(home, "tmp/z"), guard.Safe},
		{"renameat2", unix.RENAME_EXCHANGE, x, filepath.Join(home, "tmp/z"), guard.Safe},
		{"renameat2", unix.RENAME_NOREPLACE, x, gnupg, guard.Safe}, // fails: ~/.gnupg is there
		{"renameat2", unix.RENAME_EXCHANGE, x, gnupg, guard.High},  // ~/.gnupg moved to ~/tmp/x
		{"renameat2", unix.RENAME_EXCHANGE, gnupg, x, guard.High},
		{"renameat", unix.RENAME_EXCHANGE, x, gnupg, guard.Safe}, // renameat has no flags
	} {
		ev := &supervise.Event{Pid: os.Getpid(), Kind: supervise.KindRename, Syscall: tc.call, Flags: tc.flags, Path: tc.p, Path2: tc.p2, Cwd: home}
		if v := d.effectVerdict(guard.EffectRename, ev); v.Level != tc.want {
			t.Errorf("%s %#x %s %s: %v %v, want %v", tc.call, tc.flags, tc.p, tc.p2, v.Level, v.Findings, tc.want)
		}
	}
}
