package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// ssh-keygen told the file at its own question, an existing key there,
// answers its own "Overwrite (y/n)?" and opens the key to replace it:
// only the call shows which file, and the supervisor asks about it on the
// terminal (destroy_key, high, above the line's safe). Yes lets the new
// key be written, no keeps the old one. The key is a file of the
// sandbox's home, never a real one. (Without a terminal it is refused:
// bash_supervised_keys.txtar.)
func TestSupervisedAsksBeforeAKeyIsReplaced(t *testing.T) {
	if a := available(); !a.OK {
		t.Skipf("the supervisor cannot run here: %s", a.Reason)
	}
	if _, err := exec.LookPath("ssh-keygen"); err != nil {
		t.Skip("no ssh-keygen")
	}
	s := newSandbox(t)
	s.config(`executor = "bash"`)
	key := filepath.Join(s.dir, ".ssh", "id_ed25519")
	if err := os.MkdirAll(filepath.Dir(key), 0o700); err != nil {
		t.Fatal(err)
	}
	const old = "not a real key\n"
	line := `printf '%s\ny\n' "$HOME/.ssh/id_ed25519" | ssh-keygen -q -t ed25519 -N '' >/dev/null; echo after $?`
	for _, tc := range []struct {
		answer, after string
		replaced      bool
	}{
		{"n", "after 1", false},
		{"y", "after 0", true},
	} {
		if err := os.WriteFile(key, []byte(old), 0o600); err != nil {
			t.Fatal(err)
		}
		status, out, errs, screen := s.ttySession([]string{tc.answer}, "-c", line)
		if status != 0 || strings.TrimSpace(out) != tc.after {
			t.Errorf("answered %s: status %d, stdout %q, stderr %q", tc.answer, status, out, errs)
		}
		if !strings.Contains(screen, "destroy_key") || !strings.Contains(screen, "id_ed25519") {
			t.Errorf("answered %s: the question does not show the rule and the key: %q", tc.answer, screen)
		}
		b, err := os.ReadFile(key)
		if err != nil {
			t.Fatal(err)
		}
		if got := string(b) != old; got != tc.replaced {
			t.Errorf("answered %s: key replaced %v, want %v", tc.answer, got, tc.replaced)
		}
	}
}
