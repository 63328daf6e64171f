package shell

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A background program that reads its input gets /dev/null, not the
// terminal: the prompt comes back and the keys typed next reach the shell.
func TestInteractiveBackgroundReader(t *testing.T) {
	home, env := itSandbox(t)
	s := startShell(t, home, env, "GUARDSH_IT_ASK=risky")
	s.prompt("")
	s.line("cat > /dev/null &")
	s.prompt("")
	// The line waits until the background program has started.
	s.line("cat > stolen.txt & until [ -e stolen.txt ]; do :; done")
	s.prompt("")
	s.line("echo still-here")
	s.expectLine("still-here")
	s.prompt("")
	s.line("echo reading; read -r x; echo got-$x")
	s.expectLine("reading")
	s.line("typed")
	s.expectLine("got-typed")
	s.prompt("")
	if b, _ := os.ReadFile(filepath.Join(home, "stolen.txt")); len(b) > 0 {
		t.Fatalf("a background program read the terminal: %q", b)
	}
}

// As bash, the shell reports only its own jobs: not a job of a subshell
// or of a pipeline's part, which ends with it, and the line after says
// nothing; a job of a group is the shell's.
func TestInteractiveJobNoticesOwnJobsOnly(t *testing.T) {
	home, env := itSandbox(t)
	s := startShell(t, home, env, "GUARDSH_IT_ASK=risky")
	s.prompt("")
	s.line("(true &); { true & } | cat; echo a | { true & }; echo sub-done")
	s.expectLine("sub-done")
	s.prompt("")
	s.line("echo next-line")
	s.expectLine("next-line")
	s.prompt("")
	s.line("{ true & }; wait; echo own-done")
	s.expectLine("own-done")
	s.expect(`\[1\]\+  Done                    true\r\n`)
	s.prompt("")
	if out := s.output(); strings.Count(out, "Done ") != 1 {
		t.Fatalf("%d job notices, want 1:\n%q", strings.Count(out, "Done "), out)
	}
}
