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

// As bash, the shell says `[1]+ Done` only for the jobs of the shell
// itself: not for those of a subshell, a command substitution or a
// pipeline's part, which are a child shell's in bash. A job started in a
// group, a compound command, a function or after && is the shell's.
func TestJobNoticesOnlyForTheShellsJobs(t *testing.T) {
	for _, c := range []struct {
		line   string
		notice string // "" when bash says nothing
	}{
		{"(true &)", ""},
		{"(true &); wait", ""},
		{"{ true & } | cat", ""},
		{"echo a | { true & }", ""},
		{"echo $(true &)", ""},
		{"cat <(true &)", ""},
		{"x=$(true &)", ""},
		{"(sleep 0 & wait) &", "(sleep 0 & wait)"},
		{"true &", "true"},
		{"{ true & }", "true"},
		{"if :; then true & fi", "true"},
		{"for i in 1; do true & done", "true"},
		{"while :; do true & break; done", "true"},
		{"case a in a) true & ;; esac", "true"},
		{"f() { true & }; f", "true"},
		{": && true &", ": && true"},
		{"true | cat &", "true | cat"},
		{"echo a | cat; true &", "true"},
	} {
		t.Run(c.line, func(t *testing.T) {
			dir := t.TempDir()
			r, err := New(testChecker, WithEnv([]string{"PATH=" + os.Getenv("PATH")}), WithDir(dir), WithStdio(nil, nil, nil), WithInteractive(true))
			if err != nil {
				t.Fatal(err)
			}
			ctx := context.Background()
			for _, l := range []string{c.line, "wait"} {
				if _, err := r.RunApproved(ctx, l, guard.Safe); err != nil {
					t.Fatalf("%q: %v", l, err)
				}
			}
			want := ""
			if c.notice != "" {
				want = "[1]+  Done                    " + c.notice
			}
			if got := strings.Join(r.JobNotices(), "\n"); got != want {
				t.Errorf("notices %q, want %q", got, want)
			}
		})
	}
}
