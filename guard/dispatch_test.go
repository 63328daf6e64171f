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
	t.Parallel()
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

// TestDispatchConcurrent checks that a Guard used from many goroutines,
// each meeting program names for the first time (the lists are made when
// first needed), finds what one goroutine on a fresh Guard finds; run it
// with -race.
func TestDispatchConcurrent(t *testing.T) {
	t.Parallel()
	lines := []string{"rm -rf /", "git reset --hard", "docker rm -v web", "ls -la", "mkfs.ext4 /dev/sda1",
		"python3.12 -c 'import os'", "kubectl delete ns prod", "echo hi > /etc/passwd", "crontab -r", "no-such-program x"}
	want := make([]Verdict, len(lines))
	seq := mustGuard(t)
	st := testState()
	for i, l := range lines {
		want[i] = seq.Classify(l, st)
	}
	shared := mustGuard(t)
	done := make(chan []Verdict)
	for w := range 8 {
		go func() {
			got := make([]Verdict, len(lines))
			for k := range lines {
				i := (k + w) % len(lines) // each goroutine meets the names in its own order
				got[i] = shared.Classify(lines[i], st)
			}
			done <- got
		}()
	}
	for range 8 {
		got := <-done
		for i := range lines {
			if !reflect.DeepEqual(got[i].Findings, want[i].Findings) {
				t.Errorf("%q: concurrently %+v, alone %+v", lines[i], got[i].Findings, want[i].Findings)
			}
		}
	}
}
