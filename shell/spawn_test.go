package shell

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// TestSpawnFiles runs programs whose standard streams are files, the path
// that forks and execs without os/exec: arguments, the streams, the exit
// status and death by a signal come through as they do on the other path,
// and the same line with a buffer for stdout agrees.
func TestSpawnFiles(t *testing.T) {
	e := newEnv(t, "fakeprint", "fakefail", "fakekill")
	src := `fakeprint a "b c"; fakefail; echo "fail $?"; fakekill; echo "kill $?"; fakeprint piped | fakeprint second; x=$(fakeprint sub); echo "$x"`
	want := "a b c\ninput\nfail 3\nkill 143\nsecond\npiped\nsub\n"

	in := filepath.Join(e.dir, "in")
	if err := os.WriteFile(in, []byte("input\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	stdin, err := os.Open(in)
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	stdout, stderr := outFiles(t, e.dir)
	r, err := New(testChecker, WithEnv(e.vars), WithDir(e.dir), WithStdio(stdin, stdout, stderr))
	if err != nil {
		t.Fatal(err)
	}
	if st := r.Run(context.Background(), src); st != 0 {
		t.Errorf("status %d, want 0", st)
	}
	got, _ := os.ReadFile(stdout.Name())
	if string(got) != want {
		t.Errorf("stdout with files:\n%s\nwant:\n%s", got, want)
	}
	if errs, _ := os.ReadFile(stderr.Name()); len(errs) > 0 {
		t.Errorf("stderr: %s", errs)
	}
	if r.Running() != 0 {
		t.Errorf("%d programs still counted as running", r.Running())
	}

	// The same line with buffers for its streams (os/exec's path); no
	// stdin reads as empty.
	var buf lockedBuffer
	r, err = New(testChecker, WithEnv(e.vars), WithDir(e.dir), WithStdio(nil, &buf, &buf))
	if err != nil {
		t.Fatal(err)
	}
	st := r.Run(context.Background(), src)
	if want := strings.Replace(want, "input\n", "", 1); buf.String() != want || st != 0 {
		t.Errorf("with buffers: status %d, output:\n%s\nwant:\n%s", st, buf.String(), want)
	}
}

// lockedBuffer is a buffer the two sides of a pipeline can write at once.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestSpawnErrors checks the messages and statuses of programs that cannot
// start, on the files path.
func TestSpawnErrors(t *testing.T) {
	e := newEnv(t)
	e.write("noexec", "#!/bin/sh\n", 0o644)
	if err := os.Mkdir(filepath.Join(e.dir, "adir"), 0o755); err != nil {
		t.Fatal(err)
	}
	stdout, stderr := outFiles(t, e.dir)
	r, err := New(testChecker, WithEnv(e.vars), WithDir(e.dir), WithStdio(nil, stdout, stderr))
	if err != nil {
		t.Fatal(err)
	}
	r.Run(context.Background(), `./noexec; echo "noexec $?"; ./adir; echo "dir $?"; ./missing; echo "missing $?"`)
	got, _ := os.ReadFile(stdout.Name())
	if want := "noexec 126\ndir 126\nmissing 127\n"; string(got) != want {
		t.Errorf("stdout:\n%s\nwant:\n%s", got, want)
	}
	errs, _ := os.ReadFile(stderr.Name())
	for _, w := range []string{"./noexec: permission denied", "./adir: is a directory", "./missing: no such file or directory"} {
		if !strings.Contains(string(errs), w) {
			t.Errorf("stderr %q does not say %q", errs, w)
		}
	}
}

// TestSpawnEnv checks that a program started by fork and exec sees each
// variable once, with its innermost value: execve passes duplicates on and
// getenv finds the first.
func TestSpawnEnv(t *testing.T) {
	e := newEnv(t, "fakegetenv")
	stdout, err := os.Create(filepath.Join(e.dir, "out"))
	if err != nil {
		t.Fatal(err)
	}
	defer stdout.Close()
	vars := append(e.vars, "FOO=old", "BAR=old")
	r, err := New(testChecker, WithEnv(vars), WithDir(e.dir), WithStdio(nil, stdout, stdout))
	if err != nil {
		t.Fatal(err)
	}
	src := `FOO=new fakegetenv FOO; f() { local BAR=local; export BAR; fakegetenv BAR; }; f; unset FOO; fakegetenv FOO; export FOO=x; FOO=y fakegetenv FOO`
	if st := r.Run(context.Background(), src); st != 0 {
		t.Errorf("status %d, want 0", st)
	}
	got, _ := os.ReadFile(stdout.Name())
	if want := "FOO=new true\nBAR=local true\nFOO= false\nFOO=y true\n"; string(got) != want {
		t.Errorf("stdout:\n%s\nwant:\n%s", got, want)
	}
}

// outFiles makes the files a test's stdout and stderr go to.
func outFiles(t *testing.T, dir string) (stdout, stderr *os.File) {
	t.Helper()
	stdout, err := os.Create(filepath.Join(dir, "out"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { stdout.Close() })
	stderr, err = os.Create(filepath.Join(dir, "err"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { stderr.Close() })
	return stdout, stderr
}
