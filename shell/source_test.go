package shell

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"guardsh/guard"
)

// SourceText gives the static check a sourced file's text only when it
// is a regular file read whole: a FIFO (never waited on), a directory, a
// missing or too large file are code known only at run time, as before.
func TestSourceText(t *testing.T) {
	dir := t.TempDir()
	reg := filepath.Join(dir, "snap.sh")
	os.WriteFile(reg, []byte("g() { rm -rf /; }\n"), 0o644)
	big := filepath.Join(dir, "big.sh")
	os.WriteFile(big, []byte(strings.Repeat("#\n", MaxSourced/2+1)), 0o644)
	fifo := filepath.Join(dir, "fifo.sh")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	if text, ok := SourceText(reg); !ok || !strings.Contains(text, "rm -rf /") {
		t.Errorf("regular file: %q %v", text, ok)
	}
	for _, p := range []string{big, fifo, dir, filepath.Join(dir, "missing.sh")} {
		if _, ok := SourceText(p); ok {
			t.Errorf("%s: read", p)
		}
	}
	// The runner's state gives it to the guard.
	g, err := guard.New()
	if err != nil {
		t.Fatal(err)
	}
	r, err := New(g, WithDir(dir))
	if err != nil {
		t.Fatal(err)
	}
	st := r.State()
	for src, want := range map[string]guard.Level{
		"source ./snap.sh && eval 'git status && g'": guard.Blocked,
		"source ./snap.sh && eval 'git status'":      guard.Safe,
		"source ./fifo.sh && eval 'git status && g'": guard.Safe,
		"source ./big.sh && eval g":                  guard.Safe,
	} {
		if v := g.Classify(src, st); v.Level != want {
			t.Errorf("%q: %v %v, want %v", src, v.Level, v.Findings, want)
		}
	}
}

// NoteDefs (bash's startup files, as the prelude gives them) makes their
// functions and top-level aliases known to the lines that follow.
func TestNoteDefs(t *testing.T) {
	g, err := guard.New()
	if err != nil {
		t.Fatal(err)
	}
	r, err := New(g, WithDir(t.TempDir()))
	if err != nil {
		t.Fatal(err)
	}
	r.NoteDefs("profwipe() { rm -rf /; }")
	r.NoteDefs("alias nuke='rm -rf /' ll=ls\\ -l")
	r.NoteDefs("if false; then alias later='rm -rf /'; fi")
	r.NoteDefs("alias dyn=\"$X\"")
	st := r.State()
	for src, want := range map[string]guard.Level{
		"eval profwipe":           guard.Blocked,
		"eval 'git status; nuke'": guard.Blocked,
		"eval ll":                 guard.Safe,
		"eval later":              guard.Safe, // not a statement of its own
		"eval dyn":                guard.Safe, // not known
	} {
		if v := g.Classify(src, st); v.Level != want {
			t.Errorf("%q: %v %v, want %v", src, v.Level, v.Findings, want)
		}
	}
	if v, ok := st.Aliases("ll"); !ok || v != "ls -l" {
		t.Errorf("alias ll: %q %v", v, ok)
	}
}
