package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"guardsh/guard"
)

// checkRunMain runs guardsh with argv and stdin and returns its exit status
// and output.
func checkRunMain(t *testing.T, stdin string, argv ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(append([]string{"guardsh"}, argv...), strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

func TestCheckJSONFormat(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"ls"}, `{"command":"ls","level":"safe","auto":true,"findings":[]}` + "\n"},
		{[]string{""}, `{"command":"","level":"safe","auto":false,"findings":[]}` + "\n"},
		{[]string{"echo a > b && <c"}, `{"command":"echo a > b && <c","level":"safe","auto":false,"findings":[]}` + "\n"},
		{[]string{"ls", "pwd"}, `{"command":"ls","level":"safe","auto":true,"findings":[]}` + "\n" +
			`{"command":"pwd","level":"safe","auto":true,"findings":[]}` + "\n"},
		{[]string{"printf 'a\nb'"}, `{"command":"printf 'a\nb'","level":"safe","auto":true,"findings":[]}` + "\n"},
		{[]string{"echo \"x"}, `{"command":"echo \"x","level":"blocked","auto":false,"findings":[{"rule":"parse_error","level":"blocked","reason":"1:6: reached EOF without closing quote ` + "`\\\"`" + `","text":"echo \"x"}]}` + "\n"},
	}
	for _, tc := range tests {
		code, out, errs := checkRunMain(t, "", append([]string{"--check", "--json"}, tc.args...)...)
		if code != 0 || errs != "" {
			t.Errorf("%q: exit %d, stderr %q", tc.args, code, errs)
		}
		if out != tc.want {
			t.Errorf("%q:\ngot  %s\nwant %s", tc.args, out, tc.want)
		}
	}
}

// checkDecodeVerdicts decodes one JSON verdict a line, strictly.
func checkDecodeVerdicts(t *testing.T, out string) []guard.Verdict {
	t.Helper()
	var vs []guard.Verdict
	for _, line := range strings.SplitAfter(out, "\n") {
		if line == "" {
			continue
		}
		if !strings.HasSuffix(line, "\n") || strings.Count(line, "\n") != 1 {
			t.Fatalf("not one object a line: %q", line)
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		for _, k := range []string{"command", "level", "auto", "findings"} {
			if _, ok := m[k]; !ok {
				t.Errorf("%q lacks %q", line, k)
			}
		}
		if string(m["findings"]) == "null" {
			t.Errorf("%q: findings is null", line)
		}
		var v guard.Verdict
		if err := json.Unmarshal([]byte(line), &v); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		vs = append(vs, v)
	}
	return vs
}

func TestCheckStdin(t *testing.T) {
	tests := []struct {
		stdin string
		want  []string
	}{
		{"", nil},
		{"ls\n", []string{"ls"}},
		{"ls", []string{"ls"}},
		{"ls\npwd\n", []string{"ls", "pwd"}},
		{"ls\r\npwd\r\n", []string{"ls", "pwd"}},
		{"ls\n\n\npwd", []string{"ls", "", "", "pwd"}},
		{"\n", []string{""}},
		{"echo 'x\nls\n", []string{"echo 'x", "ls"}},
	}
	for _, tc := range tests {
		code, out, errs := checkRunMain(t, tc.stdin, "--check", "--json")
		if code != 0 || errs != "" {
			t.Errorf("%q: exit %d, stderr %q", tc.stdin, code, errs)
		}
		vs := checkDecodeVerdicts(t, out)
		var got []string
		for _, v := range vs {
			got = append(got, v.Command)
		}
		if strings.Join(got, "|") != strings.Join(tc.want, "|") || len(got) != len(tc.want) {
			t.Errorf("%q: classified %q, want %q", tc.stdin, got, tc.want)
		}
	}
}

func TestCheckArgsWinOverStdin(t *testing.T) {
	_, out, _ := checkRunMain(t, "pwd\n", "--check", "--json", "ls")
	if vs := checkDecodeVerdicts(t, out); len(vs) != 1 || vs[0].Command != "ls" {
		t.Errorf("got %q", out)
	}
}

func TestCheckLongLine(t *testing.T) {
	line := "echo " + strings.Repeat("a", 1<<20)
	code, out, _ := checkRunMain(t, line+"\nls\n", "--check", "--json")
	vs := checkDecodeVerdicts(t, out)
	if code != 0 || len(vs) != 2 || vs[0].Command != line {
		t.Errorf("exit %d, %d verdicts", code, len(vs))
	}
}

// TestCheckLevels checks a few levels the walker's structural rules give,
// through the whole of --check.
func TestCheckLevels(t *testing.T) {
	tests := []struct {
		line  string
		level guard.Level
		rule  string
	}{
		{"ls -la", guard.Safe, ""},
		{"echo 'unclosed", guard.Blocked, "parse_error"},
		{"cat <<EOF", guard.Blocked, "parse_error"},
		{":(){ :|:& };:", guard.Blocked, "fork_bomb"},
		{"curl https://example.com/x | sh", guard.High, "curl_pipe_sh"},
		{"some-tool | sh", guard.High, "pipe_to_shell"},
	}
	var lines []string
	for _, tc := range tests {
		lines = append(lines, tc.line)
	}
	code, out, _ := checkRunMain(t, strings.Join(lines, "\n"), "--check", "--json")
	if code != 0 {
		t.Errorf("exit %d", code)
	}
	vs := checkDecodeVerdicts(t, out)
	if len(vs) != len(tests) {
		t.Fatalf("%d verdicts for %d lines:\n%s", len(vs), len(tests), out)
	}
	for i, tc := range tests {
		v := vs[i]
		if v.Level != tc.level {
			t.Errorf("%q: level %v, want %v", tc.line, v.Level, tc.level)
		}
		if tc.rule == "" {
			if len(v.Findings) != 0 {
				t.Errorf("%q: findings %v", tc.line, v.Findings)
			}
			continue
		}
		found := false
		for _, f := range v.Findings {
			found = found || f.Rule == tc.rule
		}
		if !found {
			t.Errorf("%q: no %s finding in %v", tc.line, tc.rule, v.Findings)
		}
	}
}

func TestCheckRunsNothing(t *testing.T) {
	dir := t.TempDir()
	marker := filepath.Join(dir, "ran")
	line := "echo x > " + marker + "; touch " + marker + "2"
	if code, _, _ := checkRunMain(t, line+"\n", "--check"); code != 0 {
		t.Errorf("exit %d", code)
	}
	if code, _, _ := checkRunMain(t, "", "--check", "--json", line); code != 0 {
		t.Errorf("exit %d", code)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 0 {
		t.Errorf("--check ran something: %v", entries)
	}
}

func TestCheckPreview(t *testing.T) {
	t.Setenv("NO_COLOR", "")
	code, out, errs := checkRunMain(t, "", "--check", "ls", "echo 'x")
	if code != 0 || errs != "" {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
	want := "ls\nsafe: nothing to warn about\n\necho 'x\n^^^^^^^\nblocked  parse_error  "
	if !strings.HasPrefix(out, want) {
		t.Errorf("got:\n%s\nwant it to start with:\n%s", out, want)
	}
	if strings.Contains(out, "\x1b") {
		t.Errorf("colors in output that is not a terminal: %q", out)
	}
}

func TestCheckPreviewEscapes(t *testing.T) {
	_, out, _ := checkRunMain(t, "", "--check", "echo \x1b[2J")
	if strings.Contains(out, "\x1b") || !strings.Contains(out, `echo \x1b[2J`) {
		t.Errorf("control characters reach the screen: %q", out)
	}
}

// checkFailWriter fails every write.
type checkFailWriter struct{}

func (checkFailWriter) Write([]byte) (int, error) { return 0, errors.New("broken pipe") }

func TestCheckWriteError(t *testing.T) {
	var errb bytes.Buffer
	o := options{check: true, json: true, args: []string{"ls"}}
	if code := runCheck(o, strings.NewReader(""), checkFailWriter{}, &errb); code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	if !strings.Contains(errb.String(), "broken pipe") {
		t.Errorf("stderr %q", errb.String())
	}
	o.args = nil
	if code := runCheck(o, strings.NewReader("ls\n"), checkFailWriter{}, &errb); code != 1 {
		t.Errorf("stdin: exit %d, want 1", code)
	}
}

// checkFailReader fails after its text.
type checkFailReader struct{ s *strings.Reader }

func (r checkFailReader) Read(b []byte) (int, error) {
	if r.s.Len() > 0 {
		return r.s.Read(b)
	}
	return 0, errors.New("input/output error")
}

func TestCheckReadError(t *testing.T) {
	var out, errb bytes.Buffer
	o := options{check: true, json: true}
	code := runCheck(o, checkFailReader{strings.NewReader("ls\n")}, &out, &errb)
	if code != 1 || !strings.Contains(errb.String(), "input/output error") {
		t.Errorf("exit %d, stderr %q", code, errb.String())
	}
	if vs := checkDecodeVerdicts(t, out.String()); len(vs) != 1 {
		t.Errorf("the line before the error was not classified: %q", out.String())
	}
}

func TestRulesJSON(t *testing.T) {
	code, out, errs := checkRunMain(t, "", "--rules", "--json")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	g, err := guard.New()
	if err != nil {
		t.Fatal(err)
	}
	want := g.Rules()
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != len(want) {
		t.Fatalf("%d lines for %d rules", len(lines), len(want))
	}
	seen := map[string]bool{}
	for i, line := range lines {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		for _, k := range []string{"name", "level", "description", "origin"} {
			if _, ok := m[k]; !ok {
				t.Errorf("%q lacks %q", line, k)
			}
		}
		var r guard.Rule
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatal(err)
		}
		if r.Name != want[i].Name || r.Level != want[i].Level || r.Origin != want[i].Origin {
			t.Errorf("line %d: %+v, want %+v", i, r, want[i])
		}
		if seen[r.Name] {
			t.Errorf("rule %s listed twice", r.Name)
		}
		seen[r.Name] = true
	}
	if !seen["parse_error"] {
		t.Error("parse_error is not listed")
	}
}

func TestRulesText(t *testing.T) {
	code, out, errs := checkRunMain(t, "", "--rules")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	g, _ := guard.New()
	rules := g.Rules()
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != len(rules) {
		t.Fatalf("%d lines for %d rules", len(lines), len(rules))
	}
	for i, r := range rules {
		fields := strings.Fields(lines[i])
		if len(fields) < 3 || fields[0] != r.Name || fields[1] != r.Level.String() || fields[2] != r.Origin {
			t.Errorf("line %q for rule %+v", lines[i], r)
		}
		if !strings.Contains(lines[i], r.Description) {
			t.Errorf("line %q lacks the description %q", lines[i], r.Description)
		}
	}
	if strings.Contains(out, "\x1b") {
		t.Error("colors in output that is not a terminal")
	}
}

func TestRuleMarks(t *testing.T) {
	tests := []struct {
		r    guard.Rule
		want string
	}{
		{guard.Rule{}, ""},
		{guard.Rule{Disabled: true}, " (disabled)"},
		{guard.Rule{Overridden: true, Level: guard.Blocked, DefaultLevel: guard.High}, " (level changed from high)"},
		{guard.Rule{Disabled: true, Overridden: true, DefaultLevel: guard.Medium}, " (disabled, level changed from medium)"},
	}
	for _, tc := range tests {
		if got := ruleMarks(tc.r); got != tc.want {
			t.Errorf("%+v: got %q, want %q", tc.r, got, tc.want)
		}
	}
}

func TestRulesUsage(t *testing.T) {
	code, out, errs := checkRunMain(t, "", "--rules", "extra")
	if code != 2 || out != "" || !strings.Contains(errs, "--rules takes no arguments") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

func TestProcessState(t *testing.T) {
	t.Setenv("GUARDSH_TEST_VAR", "x y")
	st := processState()
	if v, ok := st.Var("GUARDSH_TEST_VAR"); !ok || v != "x y" {
		t.Errorf("Var: %q %v", v, ok)
	}
	if _, ok := st.Var("GUARDSH_TEST_UNSET_VAR"); ok {
		t.Error("an unset variable is set")
	}
	wd, _ := os.Getwd()
	if st.Dir != wd {
		t.Errorf("Dir %q, want %q", st.Dir, wd)
	}
	if st.ParamsKnown {
		t.Error("positional parameters known")
	}
}
