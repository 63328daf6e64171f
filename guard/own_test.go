package guard

import (
	"slices"
	"strings"
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
	{line: `run() { "$@"; }; retry() { run "$@"; }; retry echo hi`, level: Safe},
	{line: `run() { "$@"; }; retry() { run rm -rf /; }`, level: Blocked, rule: "rm_rf_root"},
	{line: `run() { "$@"; }; run "$(cat cmd)"`, level: Medium, rule: "unknown_command"},
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
	{line: `kill %1`, level: Medium, rule: "kill"},   // a job of an earlier line
	{line: `kill $(jobs -p)`, level: Medium, rule: "kill"},
	{line: `sleep 30 & kill $! 1234`, level: Medium, rule: "kill"},
	{line: `sleep 30 & kill $(pgrep ssh)`, level: Medium, rule: "kill"},
	{line: `sleep 30 & kill $(jobs -p) $(pgrep ssh)`, level: Medium, rule: "kill"},
	{line: `kill -9 -$$`, level: Medium, rule: "kill"},
	{line: `kill 1234`, level: Medium, rule: "kill"},
	{line: `sleep 30 & kill 1`, level: High, rule: "kill_all_processes"},
	{line: `sleep 30 & kill -9 -1`, level: High, rule: "kill_all_processes"},
}

// ownFileTests are more lines of ownTests' kind, about the line's files.
var ownFileTests = []struct {
	line  string
	level Level
	rule  string
}{
	// mktemp's names are new files (directories with -d) under their
	// template's directory.
	{line: `t=$(mktemp ./x.XXXX); echo data > "$t"; cat "$t"; rm -f "$t"`, level: Safe},
	{line: `t=$(mktemp); trap 'rm -f "$t"' EXIT; echo hi > "$t"`, level: Safe},
	{line: `tmp="$(mktemp -t conf.XXXX)"; echo ok > "$tmp"; rm "$tmp"`, level: Safe},
	{line: `d=$(mktemp -d); echo a > "$d/f"; rm -rf "$d"`, level: Safe},
	{line: `d=$(mktemp -d ./w.XXXXXX); rm -r "$d"`, level: Safe},
	{line: `cd "$(mktemp -d)"; touch a; rm a`, level: Safe},
	{line: `cd "$(mktemp)"; rm a`, level: Medium, rule: "rm"}, // a file: cd fails
	{line: `f() { local d=$(mktemp -d); rm -rf "$d"; }; f`, level: Safe},
	{line: `t=$(mktemp --suffix=.txt ./n.XXXX); chmod +x "$t"; : > "$t"`, level: Safe},
	{line: `t=$(mktemp /etc/x.XXXX); echo a > "$t"`, level: Medium, rule: "write_etc"},
	{line: `t=$(mktemp -u ./x.XXXX); rm -f "$t"`, level: Medium, rule: "rm"}, // -u makes nothing
	{line: `t=$(mktemp $DIR/x.XXXX); rm -f "$t"`, level: Medium, rule: "rm"},
	{line: `t=$(mktemp); rm -rf "$t"/..`, level: High, rule: "rm_rf"},
	{line: `t=$(mktemp); t=$(cat list); rm -f "$t"`, level: Medium, rule: "rm"},
	// Files that did not exist and that the line made.
	{line: `: > new.log`, level: Safe},
	{line: `> new.log; echo a >> new.log; : > new.log`, level: Safe},
	{line: `: > old.log`, level: Medium, rule: "truncate_file"},
	{line: `: > /etc/passwd`, level: High, rule: "write_system_file"},
	{line: `echo 'echo hi' > run.sh; chmod +x run.sh; ./run.sh`, level: Safe},
	{line: "cat > tool <<'EOF'\necho hi\nEOF\nchmod u+x tool", level: Safe},
	{line: `echo x > f; chmod 755 f; chmod 600 f`, level: Safe},
	{line: `chmod +x old.sh`, level: Medium, rule: "chmod"},
	{line: `echo x >> old.sh; chmod +x old.sh`, level: Medium, rule: "chmod"},
	{line: `echo x > f; chmod u+s f`, level: Medium, rule: "chmod_setuid"},
	{line: `echo x > f; chmod 4755 f`, level: Medium, rule: "chmod_setuid"},
	{line: `echo x > f; chmod +x f old.sh`, level: Medium, rule: "chmod"},
	{line: `echo abc > f; truncate -s 0 f 2>/dev/null`, level: Safe},
	{line: `truncate -s 0 old.log`, level: Medium, rule: "truncate_file"},
	{line: `touch a b; rm a b`, level: Safe},
	{line: `touch old.log; rm old.log`, level: Medium, rule: "rm"}, // touch of a file that was there
	{line: `mkdir d; rmdir d`, level: Safe},
	{line: `mkdir -p tree/a tree/b; touch tree/a/1; rm -rf tree`, level: Safe},
	{line: `mkdir -p src/new; rm -rf src`, level: High, rule: "rm_rf"}, // src was there
	{line: `echo x > work.tmp; rm -f work.tmp`, level: Safe},
	{line: `echo x > f; rm -f f *.txt`, level: Medium, rule: "rm"},
	{line: `echo x > f; rm -rf "$RANDOM"`, level: High, rule: "rm_rf"},
	// A program that could turn an own path into a link elsewhere ends
	// what the line owns.
	{line: `mkdir d; rmdir d; ln -s / d; rm -rf d/`, level: High, rule: "rm_rf"},
	{line: `echo x > f; rm f; ln -s /etc/shadow f; chmod 777 f`, level: Medium, rule: "chmod_777"},
	{line: `echo x > f; python3 make.py; rm f`, level: Medium, rule: "rm"},
	{line: `echo x > f; "$RANDOM"; rm f`, level: Medium, rule: "rm"},
	// A for loop over known words is walked with each.
	{line: `for i in 1 2 3; do echo $i > job.$i; done`, level: Safe},
	{line: `for d in build /; do rm -rf "$d"; done`, level: Blocked, rule: "rm_rf_root"},
	{line: `for f in a /etc/passwd; do : > $f; done`, level: High, rule: "write_system_file"},
	{line: `for x in $(ls); do rm -rf $x; done`, level: High, rule: "rm_rf"},
	{line: `for x in *; do rm -rf $x; done`, level: High, rule: "rm_rf"},
	{line: `for a in 1 2 3 4; do for b in 1 2 3 4; do echo $a$b > f.$a$b; done; done`, level: Safe},
	// Past the bound, the loop's variable could be anything.
	{line: `for a in 1 2 3 4 5; do for b in 1 2 3 4; do echo x > f.$a$b; done; done`, level: Medium, rule: "redirect_unknown"},
	{line: `for a in 1 2 3 4 5; do for d in build /; do rm -rf "$d"; done; done`, level: Blocked, rule: "rm_rf_root"},
}

// existing are the paths in testState's directory that exist before a
// line of ownTests runs; outside it, every path does.
var existing = map[string]bool{
	"/home/u/proj/old.log": true, "/home/u/proj/old.sh": true, "/home/u/proj/src": true,
}

func TestOwnFilesAndJobs(t *testing.T) {
	g := mustGuard(t)
	tests := ownTests
	for _, tt := range ownFileTests {
		tests = append(tests, struct {
			line   string
			params []string
			level  Level
			rule   string
		}{line: tt.line, level: tt.level, rule: tt.rule})
	}
	for _, tt := range tests {
		st := testState()
		st.Exists = func(p string) bool {
			return existing[p] || !strings.HasPrefix(p, "/home/u/proj/")
		}
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

// TestOwnNeedsExists: without State.Exists any path may be there before
// the line, and only mktemp's names are the line's own.
func TestOwnNeedsExists(t *testing.T) {
	g := mustGuard(t)
	for line, want := range map[string]Level{
		`: > new.log`:                         Medium,
		`touch a; rm a`:                       Medium,
		`echo x > f; chmod +x f`:              Medium,
		`t=$(mktemp); echo a > "$t"; rm "$t"`: Safe,
	} {
		if v := g.Classify(line, testState()); v.Level != want {
			t.Errorf("%q: %v, want %v", line, v.Level, want)
		}
	}
}

// TestOwnRunTime: at run time State.Own says what the running line made.
func TestOwnRunTime(t *testing.T) {
	g := mustGuard(t)
	st := testState()
	st.Own = func(p string) bool {
		return p == "/home/u/proj/made" || p == "/home/u/proj/dir" || strings.HasPrefix(p, "/home/u/proj/dir/")
	}
	for _, tt := range []struct {
		argv  []string
		level Level
	}{
		{[]string{"rm", "-f", "made"}, Safe},
		{[]string{"chmod", "+x", "/home/u/proj/made"}, Safe},
		{[]string{"rm", "-rf", "dir"}, Safe},
		{[]string{"rm", "-rf", "dir/sub"}, Safe},
		{[]string{"rm", "-f", "other"}, Medium},
		{[]string{"rm", "-rf", "dir/.."}, High},
		{[]string{"chmod", "+x", "made", "other"}, Medium},
	} {
		if v := g.CheckArgv(tt.argv, st); v.Level != tt.level {
			t.Errorf("%q: %v %v, want %v", tt.argv, v.Level, v.Findings, tt.level)
		}
	}
	if v := g.CheckWrite("/home/u/proj/made", true, st); v.Level != Safe {
		t.Errorf("> made: %v, want safe", v.Level)
	}
}
