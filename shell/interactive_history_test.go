package shell

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The editor's history is filled while the first prompt is up: Up and
// Ctrl-R pressed at once still reach the newest entries, and a line
// entered at once comes after them.
func TestInteractiveLongHistoryAtOnce(t *testing.T) {
	home, env := itSandbox(t)
	dir := filepath.Join(home, "state", "guardsh")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for i := range 50000 {
		fmt.Fprintf(&b, "echo history-entry-%d\n", i)
	}
	if err := os.WriteFile(filepath.Join(dir, "history"), []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	s := startShell(t, home, env, "GUARDSH_IT_ASK=risky")
	s.prompt("")
	s.send("\x1b[A")
	s.expect(`history-entry-49999`)
	s.send("\x1b[A")
	s.expect(`history-entry-49998`)
	s.send("\x15echo fresh-line\r")
	s.expect(`fresh-line\r\n`)
	s.prompt("")
	s.send("\x1b[A")
	s.expect(`echo fresh-line`)
	s.send("\x15")
	// The file was cut back to history_size (10000 by default) entries.
	data, err := os.ReadFile(filepath.Join(dir, "history"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), "\n"); n != DefaultHistorySize+1 {
		t.Fatalf("history file has %d lines, want %d", n, DefaultHistorySize+1)
	}
}
