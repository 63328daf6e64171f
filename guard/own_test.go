package guard

import (
	"slices"
	"testing"
)

// ownTests are harmless lines of everyday scripts, which must not be
// flagged, next to their dangerous neighbours, which must keep their
// rule. rule "" is a safe line.
var ownTests = []struct {
	line   string
	params []string // guardsh -c's parameters; nil when unknown
	level  Level
	rule   string
}{
	// A retry wrapper runs what each call passes.
	{line: `retry() { "$@"; }; retry echo hi`, level: Safe},
	{line: `retry() { until "$@"; do sleep 1; done; }; retry true`, level: Safe},
	{line: `retry() { local i; for i in 1 2 3; do "$@" && return; done; }; retry ls`, level: Safe},
	{line: `compose() { "$1" "$2"; }; compose echo x`, level: Safe},
	{line: `retry() { "$@"; }`, level: Safe},
	{line: `retry() { "$@"; }; retry rm -rf /`, level: Blocked, rule: "rm_rf_root"},
	{line: `retry() { "$@"; }; retry "$REPLY"`, level: Medium, rule: "unknown_command"},
	{line: `retry() { "$@"; }; retry $(cat cmd)`, level: Medium, rule: "unknown_command"},
	{line: `"$@"`, params: []string{"echo", "hi"}, level: Safe},
	{line: `"$@"`, params: []string{"rm", "-rf", "/"}, level: Blocked, rule: "rm_rf_root"},
	{line: `"$@"`, level: Medium, rule: "unknown_command"},
	{line: `f() { "$cmd"; }; cmd=$(cat x); f`, level: Medium, rule: "unknown_command"},
	// A bare assignment's redirects run no command.
	{line: `out=$(ls) 2>/dev/null`, level: Safe},
	{line: `out=$(ls) 2>/dev/null; echo "$out"`, level: Safe},
	{line: `out=$(ls) > /etc/passwd`, level: High, rule: "write_system_file"},
	{line: `"x=$(id)" arg`, level: Medium, rule: "unknown_command"},
	// The line's own jobs.
	{line: `sleep 30 & kill "$!"`, level: Safe},
	{line: `sleep 30 & pid=$!; kill -TERM "$!"; wait`, level: Safe},
	{line: `sleep 30 & kill -9 $!`, level: Safe},
	{line: `sleep 30 & kill %1`, level: Safe},
	{line: `sleep 30 & sleep 30 & kill $(jobs -p)`, level: Safe},
	{line: `sleep 30 & trap 'kill $! 2>/dev/null' EXIT`, level: Safe},
	{line: `kill -USR1 $$`, level: Safe},
	{line: `kill "$!"`, level: Medium, rule: "kill"}, // no job of the line's
	{line: `sleep 30 & kill $! 1234`, level: Medium, rule: "kill"},
	{line: `sleep 30 & kill $(pgrep ssh)`, level: Medium, rule: "kill"},
	{line: `sleep 30 & kill $(jobs -p) $(pgrep ssh)`, level: Medium, rule: "kill"},
	{line: `kill -9 -$$`, level: Medium, rule: "kill"},
	{line: `kill 1234`, level: Medium, rule: "kill"},
	{line: `sleep 30 & kill 1`, level: High, rule: "kill_all_processes"},
	{line: `sleep 30 & kill -9 -1`, level: High, rule: "kill_all_processes"},
}

func TestOwnFilesAndJobs(t *testing.T) {
	g := mustGuard(t)
	for _, tt := range ownTests {
		st := testState()
		if tt.params != nil {
			st.Params, st.ParamsKnown = tt.params, true
		}
		v := g.Classify(tt.line, st)
		var rules []string
		for _, f := range v.Findings {
			rules = append(rules, f.Rule)
		}
		if v.Level != tt.level || tt.rule != "" && !slices.Contains(rules, tt.rule) {
			t.Errorf("%q: %v %v, want %v %s", tt.line, v.Level, rules, tt.level, tt.rule)
		}
	}
}

// TestOwnJobsRunTime: at run time kill's words are final: a jobspec, the
// interpreter's name for its job ($! is "g1") or the shell's own pid are
// its own; any other pid keeps its level.
func TestOwnJobsRunTime(t *testing.T) {
	g := mustGuard(t)
	st := testState()
	st.Var = MapVars(map[string]string{"$": "4242"})
	for _, tt := range []struct {
		argv  []string
		level Level
	}{
		{[]string{"kill", "g1"}, Safe},
		{[]string{"kill", "-TERM", "%1"}, Safe},
		{[]string{"kill", "-USR1", "4242"}, Safe},
		{[]string{"kill", "4243"}, Medium},
		{[]string{"kill", "-9", "-4242"}, Medium},
		{[]string{"kill", "1"}, High},
		{[]string{"kill", "-9", "-1"}, High},
	} {
		if v := g.CheckArgv(tt.argv, st); v.Level != tt.level {
			t.Errorf("%q: %v, want %v", tt.argv, v.Level, tt.level)
		}
	}
}
