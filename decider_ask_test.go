package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// With executor = "bash", an exec above the level the line was approved
// at is asked about on the terminal, when there is one: yes runs it, no
// refuses it and the line goes on. (Without a terminal it is refused:
// bash_supervised.txtar.)
func TestSupervisedAsksOnTheTerminal(t *testing.T) {
	if a := available(); !a.OK {
		t.Skipf("the supervisor cannot run here: %s", a.Reason)
	}
	s := newSandbox(t)
	cfg := filepath.Join(s.dir, ".xdg_config_home", "guardsh")
	if err := os.MkdirAll(cfg, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(path, text string, mode os.FileMode) {
		if err := os.WriteFile(path, []byte(text), mode); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(cfg, "config.toml"), "executor = \"bash\"\n", 0o644)
	// A fake rm first on PATH, and x a copy of it: `./x -f victim` is safe
	// to the static check and rm -f (medium) at its exec.
	fake := "#!/bin/sh\necho \"rm $*\" >> \"$FAKE_LOG\"\n"
	write(filepath.Join(s.dir, "bin", "rm"), fake, 0o755)
	write(filepath.Join(s.dir, "x"), fake, 0o755)

	status, out, errs, screen := s.ttySession([]string{"y"}, "-c", "./x -f victim; echo after $?")
	if status != 0 || strings.TrimSpace(out) != "after 0" {
		t.Errorf("answered yes: status %d, stdout %q, stderr %q", status, out, errs)
	}
	if c := s.calls(); c != "rm -f victim\n" {
		t.Errorf("answered yes: ran %q", c)
	}
	if !strings.Contains(screen, "execve") || !strings.Contains(screen, "medium  rm  deletes victim") {
		t.Errorf("the question does not show the call and its level: %q", screen)
	}

	status, out, errs, _ = s.ttySession([]string{"n"}, "-c", "./x -f victim; echo after $?")
	if status != 0 || strings.TrimSpace(out) != "after 126" {
		t.Errorf("answered no: status %d, stdout %q, stderr %q", status, out, errs)
	}
	if !strings.Contains(errs, "refused (medium, rm)") {
		t.Errorf("answered no: stderr %q", errs)
	}
	if c := s.calls(); c != "rm -f victim\n" {
		t.Errorf("answered no, and it ran: %q", c)
	}
}
