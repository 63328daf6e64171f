package walk

import (
	"slices"
	"strings"
	"testing"

	"guardsh/guard/internal/rules"
)

// TestDispatchLists checks each program's list of rules against its
// definition: the rules that name the program, those that look at every
// command and those of the name's prefixes, in rule order; a name no rule
// lists is not known. Each name is asked twice: made, then remembered.
func TestDispatchLists(t *testing.T) {
	rules := rules.BuiltinRules()
	d := NewDispatch(rules, false)
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
	d := NewDispatch(rules, false)
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
	all := NewDispatch(rules, true)
	if _, known := all.ForProg("a"); known || !slices.Equal(all.AnyProg, []int{0, 1, 2, 4, 5, 6, 7, 8}) {
		t.Errorf("without dispatch: a known %v, anyProg %v", known, all.AnyProg)
	}
}
