package shell

import (
	"bufio"
	"errors"
	"os/exec"
	"strings"
	"testing"

	"guardsh/guard"
)

func TestAnsiQuoteRoundTrip(t *testing.T) {
	needBash(t)
	for _, s := range []string{
		"", "echo hi", "it's", `back\slash`, "tab\there", "new\nline", "$HOME `x` $(y)", "ünïcødé ✓", "\x01\x7f\xff", "'\\''",
	} {
		out, err := exec.Command("bash", "--norc", "-c", "printf %s "+ansiQuote(s)).Output()
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		if string(out) != s {
			t.Errorf("ansiQuote(%q) gives %q in bash", s, out)
		}
	}
}

func TestBashRunInput(t *testing.T) {
	tests := []struct {
		line   string
		status int
		pipe   []int
		pre    string
	}{
		{"echo hi", 0, []int{0}, ""},
		{"echo $?", 0, []int{0}, ""}, // the header's own status is 0
		{"echo $?", 126, []int{1, 0}, "__gs_st 126\n"},
		{"echo ${PIPESTATUS[@]}", 0, []int{1, 0}, "__gs_st 1 | __gs_st 0\n"},
		{"echo ${PIPESTATUS[@]}", 126, []int{1, 0}, "__gs_st 126\n"}, // refused since: $? wins
	}
	for _, tt := range tests {
		in, err := bashRunInput(7, tt.line, tt.status, tt.pipe)
		if err != nil {
			t.Fatal(err)
		}
		if want := ansiQuote(tt.pre + tt.line); !strings.Contains(in, "__gs_line="+want+";") || !strings.HasPrefix(in, "\\printf 'guardsh-start\\0' >&\"$__gs_w") || strings.Count(in, "\n") != 1 {
			t.Errorf("bashRunInput(%q): %q, want the line %s on one line", tt.line, in, want)
		}
	}
	if _, err := bashRunInput(1, "echo a\x00b", 0, nil); err == nil {
		t.Error("a line with a NUL byte was sent")
	}
}

// report builds a report's fields.
func report(fields ...string) string { return strings.Join(fields, "\x00") + "\x00" }

func TestReadBashReport(t *testing.T) {
	good := report("guardsh-report", "3", "1", "1 0 1", "/tmp", "2", "a", "b c", "declare -- x=\"1\"\n", "f () \n{ \n    echo\n}\n", "alias ll='ls -l'\n", "end")
	rep, err := readBashReport(bufio.NewReader(strings.NewReader(good)))
	if err != nil {
		t.Fatal(err)
	}
	if rep.ID != 3 || rep.Status != 1 || len(rep.PipeStatus) != 3 || rep.Dir != "/tmp" || len(rep.Params) != 2 || rep.Params[1] != "b c" || !strings.Contains(rep.Aliases, "ll") {
		t.Fatalf("read %+v", rep)
	}
	for name, text := range map[string]string{
		"not a report":      report("hello", "3"),
		"id not a number":   report("guardsh-report", "x"),
		"status too high":   report("guardsh-report", "3", "300"),
		"bad PIPESTATUS":    report("guardsh-report", "3", "0", "0 -1"),
		"relative dir":      report("guardsh-report", "3", "0", "0", "tmp"),
		"too many params":   report("guardsh-report", "3", "0", "0", "/", "99999999"),
		"no end":            report("guardsh-report", "3", "0", "0", "/", "0", "", "", "", "more"),
		"cut short":         "guardsh-report\x003\x000",
		"field too long":    report("guardsh-report", strings.Repeat("9", 100)),
		"params run out":    report("guardsh-report", "3", "0", "0", "/", "3", "a"),
		"garbage before id": report("guardsh-report\x01", "3"),
	} {
		if _, err := readBashReport(bufio.NewReader(strings.NewReader(text))); err == nil {
			t.Errorf("%s: read as a report", name)
		} else if !errors.Is(err, errBadMessage) {
			t.Errorf("%s: %v, not a refused message", name, err)
		}
	}
	rep, err = readBashReport(bufio.NewReader(strings.NewReader(report("guardsh-idle"))))
	if err != nil || !rep.Idle {
		t.Errorf("idle: %+v %v", rep, err)
	}
}

func TestBashVars(t *testing.T) {
	needBash(t)
	out, err := exec.Command("bash", "--norc", "-c", `x="a b"; q='say "hi" $x \ `+"`"+`'; nl=$'1\n2'; ctl=$'\x01'; declare -a arr=(first second); declare -A m=([k]=v); declare -i n=5; declare -n ref=x; __gs_own=1; declare u; declare -p`).Output()
	if err != nil {
		t.Fatal(err)
	}
	vars := bashVars(string(out))
	want := map[string]string{"x": "a b", "q": `say "hi" $x \ ` + "`", "nl": "1\n2", "ctl": "\x01", "arr": "first", "m": "v", "n": "5"}
	for k, v := range want {
		if vars[k] != v {
			t.Errorf("%s = %q, want %q", k, vars[k], v)
		}
	}
	for _, k := range []string{"__gs_own", "u", "ref"} {
		if _, ok := vars[k]; ok {
			t.Errorf("%s is reported: %q", k, vars[k])
		}
	}
	if bashVars("declare -- x=\"unterminated") != nil {
		t.Error("a text that does not parse gave variables")
	}
}

func TestExpandAliases(t *testing.T) {
	aliases := map[string]string{"ll": "ls -l", "s": "sudo ", "r": "rm -rf", "rr": "r", "loop": "loop x"}
	tests := []struct{ line, want string }{
		{"ll /", "ls -l /"},
		{"echo ll", "echo ll"},
		{"cd /tmp && ll; r /", "cd /tmp && ls -l; rm -rf /"},
		{"rr /", "rm -rf /"},
		{"loop", "loop x"},
		{"x=$(ll)", "x=$(ls -l)"},
		{"echo hi", "echo hi"},
	}
	for _, tt := range tests {
		f, err := parseBash(tt.line, "", "test")
		if err != nil {
			t.Fatal(err)
		}
		got, changed := expandAliases(tt.line, f, aliases)
		if got != tt.want || changed != (tt.line != tt.want) {
			t.Errorf("expandAliases(%q) = %q, %v; want %q", tt.line, got, changed, tt.want)
		}
	}
}

func TestClassifyWithDefs(t *testing.T) {
	defs := (*bashDefs)(nil).update("g () \n{ \n    h \"$1\"\n}\nh () \n{ \n    rm -rf $1\n}\nsafe () \n{ \n    echo hi\n}\n", "alias zap='rm -rf'\n")
	tests := []struct {
		line string
		rule string // "" for none added
	}{
		{"g /", "rm_rf_root"},   // through h, with the call's argument
		{"zap /", "rm_rf_root"}, // an alias
		{"safe", ""},
		{"ls", ""},
	}
	g, err := guard.New()
	if err != nil {
		t.Fatal(err)
	}
	st := guard.State{Var: guard.MapVars(map[string]string{"HOME": "/home/u"}), Dir: "/home/u", ParamsKnown: true}
	for _, tt := range tests {
		f, _ := parseBash(tt.line, "", "test")
		v := classifyWithDefs(g, defs, tt.line, f, st, g.ClassifyParsed(f, tt.line, st))
		got := ""
		for _, fd := range v.Findings {
			if fd.Rule == "rm_rf_root" {
				got = fd.Rule
			}
		}
		if got != tt.rule {
			t.Errorf("%q: findings %v, want rule %q", tt.line, v.Findings, tt.rule)
		}
		if v.Command != tt.line {
			t.Errorf("%q: the verdict is of %q", tt.line, v.Command)
		}
	}
}

func TestBashAutoLine(t *testing.T) {
	needBash(t)
	vars := map[string]string{"PATH": "/usr/bin:/bin:.", "LD_PRELOAD": "/x.so", "PAGER": "less", "HOME": "/h"}
	code := bashAutoLine(`echo "$PATH|${LD_PRELOAD-unset}|$PAGER|$GIT_PAGER|$?"; env | grep -c '^LD_PRELOAD='`, vars, 3)
	out, _ := exec.Command("bash", "--norc", "-c", `__gs_st() { return "$1"; }; export LD_PRELOAD=/x.so PAGER=less; `+code).Output()
	if got, want := string(out), "/usr/bin:/bin|unset|cat|cat|3\n0\n"; got != want {
		t.Errorf("auto line printed %q, want %q (code %q)", got, want, code)
	}
}
