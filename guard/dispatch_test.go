package guard

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"guardsh/guard/internal/rules"
	"guardsh/guard/internal/walk"
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

// TestDispatchLists checks each program's list of rules against its
// definition: the rules that name the program, those that look at every
// command and those of the name's prefixes, in rule order; a name no rule
// lists is not known. Each name is asked twice: made, then remembered.
func TestDispatchLists(t *testing.T) {
	rules := rules.BuiltinRules()
	d := walk.NewDispatch(rules, false)
	names := []string{"no-such-program", "mkfs.ext4", "python3.12", ""}
	for _, b := range rules {
		names = append(names, b.Progs...)
	}
	nknown := 0
	for _, name := range names {
		var want []int
		known := false
		for i, b := range rules {
			if b.Check == nil {
				continue
			}
			known = known || !b.EveryCommand() && slices.Contains(b.Progs, name)
			has := b.EveryCommand() || slices.Contains(b.Progs, name)
			for _, p := range b.Prefixes {
				has = has || strings.HasPrefix(name, p)
			}
			if has {
				want = append(want, i)
			}
		}
		if !known {
			want = nil
		} else {
			nknown++
		}
		for range 2 {
			got, gotKnown := d.ForProg(name)
			if gotKnown != known || !slices.Equal(got, want) {
				t.Errorf("%s: rules %v (known %v), want %v (known %v)", name, got, gotKnown, want, known)
			}
		}
	}
	if nknown == 0 || len(d.AnyProg) == 0 {
		t.Fatalf("no programs (%d) or no rule for every command (%d)", nknown, len(d.AnyProg))
	}
}

// TestDispatchListsSmall checks the merging on a made-up registry: rules
// for every command before, between and after the others, prefixes, and a
// list of programs shared by two rules.
func TestDispatchListsSmall(t *testing.T) {
	chk := func(*Command) []Hit { return nil }
	shared := []string{"a", "pa"}
	rules := []rules.Builtin{
		{Check: chk},
		{Check: chk, Progs: shared},
		{Check: chk, Progs: shared},
		{},
		{Check: chk},
		{Check: chk, Progs: []string{"b", "pa"}, Prefixes: []string{"p"}},
		{Check: chk, Prefixes: []string{"pa", "p"}},
		{Check: chk, Progs: []string{"px"}},
		{Check: chk},
	}
	d := walk.NewDispatch(rules, false)
	want := map[string][]int{
		"a":  {0, 1, 2, 4, 8},
		"pa": {0, 1, 2, 4, 5, 6, 8},
		"b":  {0, 4, 5, 8},
		"px": {0, 4, 5, 6, 7, 8},
	}
	for name, w := range want {
		got, known := d.ForProg(name)
		if !known || !slices.Equal(got, w) {
			t.Errorf("%s: rules %v (known %v), want %v", name, got, known, w)
		}
	}
	for _, name := range []string{"p", "pq", "c"} {
		if got, known := d.ForProg(name); known || got != nil {
			t.Errorf("%s: rules %v, known %v: no rule lists it", name, got, known)
		}
	}
	if !slices.Equal(d.AnyProg, []int{0, 4, 8}) {
		t.Errorf("anyProg %v", d.AnyProg)
	}
	all := walk.NewDispatch(rules, true)
	if _, known := all.ForProg("a"); known || !slices.Equal(all.AnyProg, []int{0, 1, 2, 4, 5, 6, 7, 8}) {
		t.Errorf("without dispatch: a known %v, anyProg %v", known, all.AnyProg)
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
