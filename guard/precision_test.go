package guard

import (
	"testing"
)

// TestNoOperand runs through Classify the commands that name nothing to
// delete or change, and their neighbours that do (behind find -exec and
// xargs, which add operands, or with an expansion that may).
func TestNoOperand(t *testing.T) {
	g, err := New()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		line  string
		level Level
	}{
		{"rm", Safe},
		{"rm -rf", Safe},
		{"rm -rf 123>/dev/null", Safe},
		{"yes | rm", Safe},
		{"chmod 644", Safe},
		{"rm -rf build 2>/dev/null", High},
		{"find . -name x -exec rm {} \\;", Medium},
		{"find . -name x -exec rm -rf {} +", High},
		{"find x -name y -exec chgrp $G {} ';'", Medium},
		{"ls | xargs rm", Medium},
		{"ls | xargs chmod 644", Medium},
		{"rm -r $EMPTY", Medium},
		{"sudo rm -r $D", High},
	} {
		if v := g.Classify(tt.line, State{}); v.Level != tt.level {
			t.Errorf("Classify(%q) = %s %v, want %s", tt.line, v.Level, v.Findings, tt.level)
		}
	}
}

// TestRmInTmp: a path inside the system's temporary directory is medium,
// the directory itself, a link followed by a trailing slash, a glob or a
// path made of an unknown variable stay high or above.
func TestRmInTmp(t *testing.T) {
	g, err := New()
	if err != nil {
		t.Fatal(err)
	}
	st := State{Var: MapVars(map[string]string{"TMPDIR": "/tmp/u", "HOME": "/home/u"}), Dir: "/home/u/proj"}
	for _, tt := range []struct {
		line  string
		level Level
	}{
		{`rm -rf "$TMPDIR/x"`, Medium},
		{"rm -rf /tmp/build", Medium},
		{"sudo rm -rf /tmp/build", High},
		{`rm -rf "$TMPDIR"`, High},
		{"rm -rf /tmp/build/", High},
		{`rm -rf "$NOPE/x"`, High},
		{"rm -rf /tmp", High},
	} {
		if v := g.Classify(tt.line, st); v.Level != tt.level {
			t.Errorf("Classify(%q) = %s %v, want %s", tt.line, v.Level, v.Findings, tt.level)
		}
	}
}
