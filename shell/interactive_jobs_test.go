package shell

import (
	"os"
	"path/filepath"
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
