package guard

import (
	"strings"
	"testing"

	"guardsh/guard/internal/rules"
)

// TestRows runs every row's examples through the real Classify: each hit
// is found by the row, at its level, and each miss is not found by it.
func TestRows(t *testing.T) {
	t.Parallel()
	g, err := New()
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, b := range rules.BuiltinRules() {
		names[b.Name] = true
	}
	seen := map[string]bool{}
	rows, hits, misses := 0, 0, 0
	for _, tab := range rules.AllRowTables() {
		for _, r := range tab {
			rows++
			if seen[r.Name] {
				t.Errorf("row %s: the name is taken", r.Name)
			}
			seen[r.Name] = true
			if len(r.Progs) == 0 || len(r.Hits) == 0 || len(r.Misses) == 0 || r.Desc == "" || r.Why == "" {
				t.Errorf("row %s: a row needs programs, a reason, a description, hits and misses", r.Name)
			}
			for _, m := range r.More {
				if m.Why == "" || m.Name != "" || m.Desc != "" || m.Level != 0 || m.Hits != nil || m.Misses != nil || m.More != nil {
					t.Errorf("row %s: a further case has a reason of its own and no name, level, description, examples or cases", r.Name)
				}
			}
			for _, l := range r.Hits {
				hits++
				v := g.Classify(l, State{})
				f, ok := findingOf(v, r.Name)
				switch {
				case !ok:
					t.Errorf("row %s misses %q: %v", r.Name, l, v.Findings)
				case f.Level != r.Level:
					t.Errorf("row %s: %q at %s, want %s", r.Name, l, f.Level, r.Level)
				case rowFieldLeft(f.Reason):
					t.Errorf("row %s: %q: the reason %q has a field left", r.Name, l, f.Reason)
				}
			}
			for _, l := range r.Misses {
				misses++
				if f, ok := findingOf(g.Classify(l, State{}), r.Name); ok {
					t.Errorf("row %s hits %q: %s", r.Name, l, f.Reason)
				}
			}
		}
	}
	t.Logf("%d rows, %d lines they must hit, %d they must not", rows, hits, misses)
}

func findingOf(v Verdict, rule string) (Finding, bool) {
	for _, f := range v.Findings {
		if f.Rule == rule {
			return f, true
		}
	}
	return Finding{}, false
}

// TestRowsAreBash checks with `bash -n` (parse only, nothing runs) that
// every row's examples are valid bash.
func TestRowsAreBash(t *testing.T) {
	t.Parallel()
	var lines []string
	for _, tab := range rules.AllRowTables() {
		for _, r := range tab {
			lines = append(append(lines, r.Hits...), r.Misses...)
		}
	}
	for _, l := range bashRejects(t, lines) {
		t.Errorf("bash -n rejects %q", l)
	}
}

// rowFieldLeft reports a reason with a template field not filled in.
func rowFieldLeft(reason string) bool {
	for _, f := range []string{"{1", "{2", "{3", "{-", "{prog", "{path", "|"} {
		if strings.Contains(reason, f) {
			return true
		}
	}
	return false
}

// TestRowReadings checks that an option a row's grammar does not know, a
// word only known at run time, or more unknown options than readings are
// made for, never hides a subcommand, and that "--" ends the options.
func TestRowReadings(t *testing.T) {
	g, err := New()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		line, rule string
		hit        bool
	}{
		{"vercel --frob remove my-app", "vercel_remove", true},
		{"vercel --frob x remove my-app", "vercel_remove", true},
		{`vercel "$(flags)" remove my-app`, "vercel_remove", true},
		{`vercel $(flags) remove my-app`, "vercel_remove", true},
		{"vercel $FLAGS remove my-app", "vercel_remove", true},
		{"vercel --x1 1 --x2 2 --x3 3 --x4 4 --x5 5 --x6 6 --x7 7 --x8 8 remove my-app", "vercel_remove", true},
		{"vercel --h remove my-app", "vercel_remove", false},
		{"vercel -- remove", "vercel_remove", true},
		{"vercel list remove", "vercel_remove", false},
		{"vercel env ls remove", "vercel_delete", false},
		{"vercel deploy -- remove", "vercel_remove", false},
		{"restic --frob forget --prune", "restic_prune", true},
		{"kafka-topics --bootstrap-server b --frob --describe --topic t", "kafka_topic_delete", false},
		{"kubectl apply -f x.yaml --force=false", "kubectl_apply_force", false},
		{"kubectl apply -f x.yaml --force=true", "kubectl_apply_force", true},
	} {
		_, ok := findingOf(g.Classify(tt.line, State{}), tt.rule)
		if ok != tt.hit {
			t.Errorf("%q: %s found %v, want %v", tt.line, tt.rule, ok, tt.hit)
		}
	}
}

// TestRowCasesReached checks that each case of a row with several is hit
// by one of the row's examples: a case no example reaches is untested.
func TestRowCasesReached(t *testing.T) {
	t.Parallel()
	for _, tab := range rules.AllRowTables() {
		for _, r := range tab {
			if len(r.More) == 0 {
				continue
			}
			cmds := dispatchCommands(t, r.Hits)
			for k, rc := range r.Cases() {
				one := rules.Row{Name: r.Name, Level: r.Level, Progs: rc.Progs, Opts: rc.Opts, Goflags: rc.Goflags, Path: rc.Path, When: rc.When, Why: rc.Why}
				check := one.Builtin().Check
				reached := false
				for _, c := range cmds {
					if len(check(c)) > 0 {
						reached = true
						break
					}
				}
				if !reached {
					t.Errorf("row %s: case %d (%s %q) is hit by none of its examples", r.Name, k, strings.Join(rc.Progs, "|"), rc.Path)
				}
			}
		}
	}
}
