package shell

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
)

// An rc file or a history file that is a FIFO is reported at once and the
// prompt comes: nothing waits for the FIFO's other end.
func TestInteractiveFIFOFiles(t *testing.T) {
	home, env := itSandbox(t)
	hist := filepath.Join(home, "state", "guardsh", "history")
	if err := os.MkdirAll(filepath.Dir(hist), 0o700); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{filepath.Join(home, ".guardshrc"), filepath.Join(home, ".profile"), hist} {
		if err := syscall.Mkfifo(p, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	s := startShell(t, home, env, "GUARDSH_IT_LOGIN=1", "GUARDSH_IT_ASK=risky")
	s.expect(`reading history: .*history: not a regular file \(a FIFO\)`)
	s.expect(`\.profile: not a regular file \(a FIFO\) \(nothing of it runs\)`)
	s.expect(`\.guardshrc: not a regular file \(a FIFO\) \(nothing of it runs\)`)
	s.prompt("")
	s.line("echo still-here")
	s.expect(`still-here\r\n`)
	s.prompt("")
	if fi, err := os.Lstat(filepath.Join(home, ".guardshrc")); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf(".guardshrc changed: %v %v", fi, err)
	}
}

// A required audit log that cannot record a line's decision refuses it.
func TestInteractiveAuditRequired(t *testing.T) {
	home, env := itSandbox(t)
	s := startShell(t, home, env, "GUARDSH_IT_ASK=risky", "GUARDSH_IT_AUDIT_FAIL=1")
	s.prompt("")
	s.line("echo should-not-run")
	s.expect(`guardsh: refused \(safe\): echo should-not-run; ` + regexp.QuoteMeta(HintAudit))
	s.prompt("126")
	if strings.Contains(s.output(), "\nshould-not-run\r\n") {
		t.Error("the line ran")
	}
}
