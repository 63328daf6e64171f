package approvals

import (
	"slices"
	"strings"
	"testing"
	"time"

	"guardsh/guard"
)

var now = time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)

func verdict(cmd string, fs ...guard.Finding) guard.Verdict {
	v := guard.Verdict{Command: cmd, Findings: fs}
	for _, f := range fs {
		if f.Level > v.Level {
			v.Level = f.Level
		}
	}
	v.Blocked = v.Level >= guard.Blocked
	return v
}

var (
	push  = guard.Finding{Rule: "git_push_force", Level: guard.Medium, Text: "git push --force"}
	pushH = guard.Finding{Rule: "git_push_force", Level: guard.High}
	rmrf  = guard.Finding{Rule: "rm_rf", Level: guard.High}
	sudo  = guard.Finding{Rule: "sudo", Level: guard.Medium}
	root  = guard.Finding{Rule: "rm_rf_root", Level: guard.Blocked}
	long  = guard.Finding{Rule: "too_long", Level: guard.High}
	leak  = guard.Finding{Rule: "secret_var", Level: guard.InfoLeak}
)

func cmdApproval(cmd, dir string, fs ...guard.Finding) Approval {
	a, ok := ForCommand(verdict(cmd, fs...), dir, now)
	if !ok {
		panic("not eligible")
	}
	return a
}

func ruleApproval(f guard.Finding, dir string, below bool) Approval {
	return ForRules(verdict("x", f), dir, below, now)[0]
}

func TestMatch(t *testing.T) {
	store := Store{Approvals: []Approval{
		cmdApproval("git push --force origin main", "/src/app", push),
		ruleApproval(rmrf, "/src/app", true),
		ruleApproval(sudo, "/etc", false),
		cmdApproval("echo $TOKEN", "/src/app", leak),
	}}
	tests := []struct {
		name string
		v    guard.Verdict
		dir  string
		used []int
		ok   bool
	}{
		{"the exact command here", verdict("git push --force origin main", push), "/src/app", []int{1}, true},
		{"blanks around it do not count", verdict("  git push --force origin main\n", push), "/src/app", []int{1}, true},
		{"another directory", verdict("git push --force origin main", push), "/src/other", nil, false},
		{"a directory under it", verdict("git push --force origin main", push), "/src/app/sub", nil, false},
		{"another command with the same rule", verdict("git push --force origin dev", push), "/src/app", nil, false},
		{"the same command at a higher level", verdict("git push --force origin main", pushH), "/src/app", nil, false},
		{"the same command with another finding too", verdict("git push --force origin main", push, sudo), "/src/app", nil, false},
		{"a rule here", verdict("rm -rf ./build", rmrf), "/src/app", []int{2}, true},
		{"a rule below", verdict("rm -rf ./build", rmrf), "/src/app/web", []int{2}, true},
		{"a rule: a sibling with the same prefix", verdict("rm -rf ./build", rmrf), "/src/application", nil, false},
		{"a rule above", verdict("rm -rf ./build", rmrf), "/src", nil, false},
		{"a rule not below when not asked", verdict("sudo ls", sudo), "/etc/x", nil, false},
		{"a rule, exactly there", verdict("sudo ls", sudo), "/etc", []int{3}, true},
		{"two findings, two approvals", verdict("git push --force origin main", push, rmrf), "/src/app", []int{1, 2}, true},
		{"a rule at another level", verdict("rm -r x", guard.Finding{Rule: "rm_rf", Level: guard.Medium}), "/src/app", nil, false},
		{"blocked never", verdict("git push --force origin main", push, root), "/src/app", nil, false},
		{"blocked by block_level never", func() guard.Verdict { v := verdict("rm -rf ./build", rmrf); v.Blocked = true; return v }(), "/src/app", nil, false},
		{"what was not checked never", verdict("git push --force origin main", push, long), "/src/app", nil, false},
		{"a safe line needs none", verdict("ls"), "/src/app", nil, false},
		{"info_leak, approved as a command", verdict("echo $TOKEN", leak), "/src/app", []int{4}, true},
		{"an unclean directory is cleaned", verdict("rm -rf ./build", rmrf), "/src/app/./web/", []int{2}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			used, ok := store.Match(tt.v, tt.dir)
			if ok != tt.ok || !slices.Equal(used, tt.used) {
				t.Errorf("Match = %v %v, want %v %v", used, ok, tt.used, tt.ok)
			}
		})
	}
}

func TestEligible(t *testing.T) {
	tests := []struct {
		v    guard.Verdict
		want bool
	}{
		{verdict("rm x", guard.Finding{Rule: "rm", Level: guard.Medium}), true},
		{verdict("echo $T", leak), true},
		{verdict("ls"), false},
		{verdict("rm -rf /", root), false},
		{verdict("x", long), false},
		{verdict("x", rmrf, root), false},
	}
	for _, tt := range tests {
		if got := Eligible(tt.v); got != tt.want {
			t.Errorf("Eligible(%q) = %v, want %v", tt.v.Command, got, tt.want)
		}
		if _, ok := ForCommand(tt.v, "/d", now); ok != tt.want {
			t.Errorf("ForCommand(%q) ok = %v, want %v", tt.v.Command, ok, tt.want)
		}
		if as := ForRules(tt.v, "/d", true, now); (as != nil) != tt.want {
			t.Errorf("ForRules(%q) = %v", tt.v.Command, as)
		}
	}
}

func TestForRulesOnePerRule(t *testing.T) {
	as := ForRules(verdict("sudo rm -rf ./b", rmrf, sudo, rmrf), "/d", true, now)
	if len(as) != 2 || as[0].Rule != "rm_rf" || as[1].Rule != "sudo" || !as[0].Below {
		t.Errorf("ForRules = %+v", as)
	}
}

func TestRoundTripAddRemove(t *testing.T) {
	var s Store
	s.Add(cmdApproval("rm x", "/d", guard.Finding{Rule: "rm", Level: guard.Medium}))
	s.Add(ruleApproval(rmrf, "/d", true), ruleApproval(rmrf, "/d", true))
	if len(s.Approvals) != 2 {
		t.Fatalf("Add kept %d, want 2 (no duplicates)", len(s.Approvals))
	}
	got, err := Parse(s.Encode())
	if err != nil || len(got.Approvals) != 2 || !same(got.Approvals[0], s.Approvals[0]) || !same(got.Approvals[1], s.Approvals[1]) {
		t.Fatalf("round trip: %+v %v", got, err)
	}
	if !strings.Contains(string(s.Encode()), `"level": "high"`) {
		t.Errorf("levels are not written by name: %s", s.Encode())
	}
	a, err := got.Remove(1)
	if err != nil || a.Kind != Command || len(got.Approvals) != 1 || got.Approvals[0].Kind != Rule {
		t.Errorf("Remove(1) = %+v %v, left %+v", a, err, got.Approvals)
	}
	for _, n := range []int{0, 2, -1} {
		if _, err := got.Remove(n); err == nil {
			t.Errorf("Remove(%d) succeeded", n)
		}
	}
}

func TestParseLeavesOutBadEntries(t *testing.T) {
	data := `{"version":1,"approvals":[
	 {"kind":"rule","dir":"/d","rule":"rm_rf","level":"high"},
	 {"kind":"rule","dir":"/d","rule":"rm_rf_root","level":"blocked"},
	 {"kind":"rule","dir":"relative","rule":"rm_rf","level":"high"},
	 {"kind":"rule","dir":"/d/../e","rule":"rm_rf","level":"high"},
	 {"kind":"command","dir":"/d","command":"rm x"},
	 {"kind":"command","dir":"/d","command":"rm x","findings":[{"rule":"too_long","level":"high"}]},
	 {"kind":"command","dir":"/d","below":true,"command":"rm x","findings":[{"rule":"rm","level":"medium"}]},
	 {"kind":"rule","dir":"/d","rule":"sudo"},
	 {"kind":"everything","dir":"/"}
	]}`
	s, err := Parse([]byte(data))
	if len(s.Approvals) != 1 || s.Approvals[0].Rule != "rm_rf" {
		t.Errorf("kept %+v", s.Approvals)
	}
	if err == nil || strings.Count(err.Error(), "approval ") != 8 {
		t.Errorf("error %v, want one line for each of 8 bad entries", err)
	}
	for _, bad := range []string{``, `[]`, `{"version":2,"approvals":[]}`, `{"approvals":[]}`, `nonsense`} {
		if s, err := Parse([]byte(bad)); err == nil || len(s.Approvals) != 0 {
			t.Errorf("Parse(%q) = %+v, %v; want an error", bad, s, err)
		}
	}
}

func TestString(t *testing.T) {
	if got := cmdApproval("rm x", "/d", guard.Finding{Rule: "rm", Level: guard.Medium}).String(); got != `command "rm x" in /d` {
		t.Errorf("got %q", got)
	}
	if got := ruleApproval(rmrf, "/d", true).String(); got != "rule rm_rf (high) in /d and below" {
		t.Errorf("got %q", got)
	}
}
