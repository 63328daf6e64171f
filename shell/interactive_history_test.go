package shell

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
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

// A negative history size (the config's history_size = 0) keeps no
// history, as bash's HISTSIZE=0: the file is neither read nor written, Up
// recalls nothing, and !! has no previous line.
func TestInteractiveNoHistory(t *testing.T) {
	home, env := itSandbox(t)
	dir := filepath.Join(home, "state", "guardsh")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "history")
	if err := os.WriteFile(file, []byte("echo old-entry\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	s := startShell(t, home, env, "GUARDSH_IT_ASK=risky", "GUARDSH_IT_HISTSIZE=-1")
	s.prompt("")
	s.line("echo new-line")
	s.expectLine("new-line")
	s.prompt("")
	s.send("\x1b[A\x1b[A")
	s.line("echo probe")
	s.expectLine("probe")
	s.prompt("")
	s.line("!!")
	s.expect(`!!: event not found\r\n`)
	s.prompt("")
	s.line("exit")
	select {
	case <-s.eof:
	case <-time.After(20 * time.Second):
		t.Fatal("the shell did not exit")
	}
	if b, _ := os.ReadFile(file); string(b) != "echo old-entry\n" {
		t.Fatalf("history file %q, want it untouched", b)
	}
}
