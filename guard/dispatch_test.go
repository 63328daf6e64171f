package guard

import (
	"reflect"
	"testing"
)

// withoutDispatch makes a Guard call every rule on every command.
func withoutDispatch() Option {
	return func(c *config) error { c.noDispatch = true; return nil }
}

// TestDispatchChangesNothing checks the program names rules declare: a
// guard that calls only the rules declared for a command's program must
// find exactly what a guard calling every rule finds, on every line of the
// tests' tables and of the corpora.
func TestDispatchChangesNothing(t *testing.T) {
	fast := mustGuard(t)
	slow := mustGuard(t, withoutDispatch())
	var lines []string
	for _, tt := range planTests {
		lines = append(lines, tt.line)
	}
	for _, x := range blockedCommands {
		for _, wr := range wrappings {
			lines = append(lines, replaceX(wr, x))
		}
	}
	if testing.Short() {
		t.Log("-short: the corpora are skipped")
	} else {
		for _, name := range []string{"tldr.tsv", "nl2bash.txt"} {
			lines = append(lines, corpusLinesIfPresent(name)...)
		}
	}
	st := testState()
	for _, l := range lines {
		a, b := fast.Classify(l, st), slow.Classify(l, st)
		if !reflect.DeepEqual(a.Findings, b.Findings) {
			t.Errorf("%q: dispatch by program finds %+v, every rule finds %+v", l, a.Findings, b.Findings)
		}
	}
}
