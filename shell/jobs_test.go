package shell

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"guardsh/guard"
)

// A background job of a line outlives the line; the shell says when it
// ended, as bash does; the job's status and $! are what they were.
func TestJobsOutliveTheLine(t *testing.T) {
	dir := t.TempDir()
	out, err := os.Create(filepath.Join(dir, "out"))
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	r, err := New(testChecker, WithEnv([]string{"PATH=" + os.Getenv("PATH")}), WithDir(dir), WithStdio(nil, out, out), WithInteractive(true))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	lines := []string{
		"(read -r _ < fifo; echo job-ran) &",
		"echo go > fifo; wait; echo waited",
		"false &",
		"wait $!; echo status=$?",
		"set -x; true &",
		"wait; set +x",
	}
	if err := mkfifo(filepath.Join(dir, "fifo")); err != nil {
		t.Skip(err)
	}
	var notices []string
	for _, l := range lines {
		if _, err := r.RunApproved(ctx, l, guard.Safe); err != nil {
			t.Fatalf("%q: %v", l, err)
		}
		notices = append(notices, r.JobNotices()...)
	}
	got, _ := os.ReadFile(out.Name())
	// set -x shows the job's command, not guardsh's markers (the job's
	// trace and the shell's come in either order).
	want := "job-ran\nwaited\nstatus=1\n"
	if !strings.HasPrefix(string(got), want) || !strings.Contains(string(got), "+ true\n") || strings.Contains(string(got), "guardsh-job") {
		t.Fatalf("output %q, want %q, then the trace", got, want)
	}
	wantN := []string{
		"[1]+  Done                    (read -r _ <fifo; echo job-ran)",
		"[1]+  Exit 1                  false",
		"[1]+  Done                    true",
	}
	if strings.Join(notices, "\n") != strings.Join(wantN, "\n") {
		t.Fatalf("notices:\n%s\nwant:\n%s", strings.Join(notices, "\n"), strings.Join(wantN, "\n"))
	}
}

// As bash -c, guardsh -c waits for no job, but a job's output still comes
// when it runs before the end: `echo out & pwd` prints both.
func TestJobsNonInteractive(t *testing.T) {
	e := newEnv(t)
	for i := 0; i < 20; i++ {
		res := e.run("echo out & cd / && pwd")
		if res.status != 0 || !strings.Contains(res.stdout, "out\n") || !strings.Contains(res.stdout, "/\n") {
			t.Fatalf("got %d %q %q", res.status, res.stdout, res.stderr)
		}
	}
	if res := e.run("f() { echo in-f; }; f & wait; echo $?"); res.stdout != "in-f\n0\n" {
		t.Fatalf("got %q %q", res.stdout, res.stderr)
	}
}

func mkfifo(path string) error { return syscall.Mkfifo(path, 0o600) }
