package shell

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"guardsh/guard"
	"guardsh/shell/supervise"
)

// TestMain lets the test binary act as a fake program: run under any name
// but its own (through a symlink made by fakes), it appends its argv to
// $FAKE_LOG and exits; "fakewait" waits for a signal first and records it.
func TestMain(m *testing.M) {
	supervise.MaybeChild() // in case a test puts a tree under the supervisor
	name := filepath.Base(os.Args[0])
	if !strings.HasSuffix(name, ".test") {
		os.Exit(fakeMain(name))
	}
	os.Exit(m.Run())
}

func fakeMain(name string) int {
	logf := os.Getenv("FAKE_LOG")
	if logf == "" {
		fmt.Fprintln(os.Stderr, "fake: FAKE_LOG not set")
		return 99
	}
	f, err := os.OpenFile(logf, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return 99
	}
	defer f.Close()
	fmt.Fprintln(f, strings.Join(append([]string{name}, os.Args[1:]...), " "))
	switch name {
	case "fakeprint": // its arguments, then its standard input, on stdout
		fmt.Println(strings.Join(os.Args[1:], " "))
		io.Copy(os.Stdout, os.Stdin)
		return 0
	case "fakefail":
		return 3
	case "fakegetenv": // NAME=VALUE of each argument, as getenv finds it
		for _, a := range os.Args[1:] {
			v, ok := os.LookupEnv(a)
			fmt.Printf("%s=%s %v\n", a, v, ok)
		}
		return 0
	case "fakekill":
		syscall.Kill(os.Getpid(), syscall.SIGTERM)
		time.Sleep(10 * time.Second)
		return 1
	}
	if name == "fakewait" {
		c := make(chan os.Signal, 1)
		signal.Notify(c, syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP)
		os.WriteFile(logf+".ready", nil, 0o644)
		select {
		case s := <-c:
			fmt.Fprintf(f, "fakewait got %v\n", s)
			return 128 + int(s.(syscall.Signal))
		case <-time.After(20 * time.Second):
			fmt.Fprintln(f, "fakewait timed out")
			return 1
		}
	}
	return 0
}

// fakeChecker classifies by regular expressions over the line, the joined
// argv or "> path"; it stands in for the guard until its walker lands.
type fakeChecker struct{ rules []fakeRule }

type fakeRule struct {
	name  string
	re    *regexp.Regexp
	level guard.Level
}

func (c fakeChecker) verdict(text string) guard.Verdict {
	v := guard.Verdict{Command: text, Findings: []guard.Finding{}}
	for _, r := range c.rules {
		if m := r.re.FindString(text); m != "" {
			if r.name == "too_long" {
				m = "" // about the whole text, as the guard's
			}
			v.Findings = append(v.Findings, guard.Finding{Rule: r.name, Level: r.level, Reason: "test rule " + r.name, Text: m})
			v.Level = max(v.Level, r.level)
		}
	}
	v.Blocked = v.Level >= guard.Blocked
	return v
}

func (c fakeChecker) Classify(line string, _ guard.State) guard.Verdict { return c.verdict(line) }
func (c fakeChecker) CheckArgv(argv []string, _ guard.State) guard.Verdict {
	return c.verdict(strings.Join(argv, " "))
}
func (c fakeChecker) CheckWrite(path string, _ bool, _ guard.State) guard.Verdict {
	return c.verdict("> " + path)
}

// testChecker blocks `rm -rf /`, the disk /dev/sda (and a stand-in for it),
// asks about rm and kill.
var testChecker = fakeChecker{rules: []fakeRule{
	{"rm_rf_root", regexp.MustCompile(`\brm -rf /(\s|$|\*)`), guard.Blocked},
	{"rm_rf_root", regexp.MustCompile(`\brm -rf //+(\s|$)`), guard.Blocked},
	{"rm_rf", regexp.MustCompile(`\brm -rf \S+`), guard.High},
	{"rm", regexp.MustCompile(`(^|[;|&] *|\s)rm\b`), guard.Medium},
	{"disk_write", regexp.MustCompile(`> (/dev/sda|\S*fakedisk)`), guard.Blocked},
	{"eval", regexp.MustCompile(`^eval\b`), guard.Medium},
	{"kill", regexp.MustCompile(`^kill\b`), guard.Medium},
}}

// env is a test's sandbox: fakes first on PATH, HOME and XDG_* inside it.
type env struct {
	t    *testing.T
	dir  string
	bin  string
	log  string
	vars []string
}

// newEnv makes the sandbox with the given fake programs. It fails the
// test unless every fake is what PATH finds first.
func newEnv(t *testing.T, fakes ...string) *env {
	t.Helper()
	dir := t.TempDir()
	e := &env{t: t, dir: dir, bin: filepath.Join(dir, "bin"), log: filepath.Join(dir, "calls.log")}
	if err := os.Mkdir(e.bin, 0o755); err != nil {
		t.Fatal(err)
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range fakes {
		if err := os.Symlink(self, filepath.Join(e.bin, f)); err != nil {
			t.Fatal(err)
		}
	}
	path := e.bin + ":" + os.Getenv("PATH")
	e.vars = []string{
		"PATH=" + path, "HOME=" + dir, "FAKE_LOG=" + e.log,
		"XDG_CONFIG_HOME=" + dir + "/config", "XDG_STATE_HOME=" + dir + "/state",
		"XDG_CACHE_HOME=" + dir + "/cache", "XDG_DATA_HOME=" + dir + "/data",
	}
	for _, f := range fakes {
		got, err := lookIn(path, f)
		if err != nil || got != filepath.Join(e.bin, f) {
			t.Fatalf("fake %s is not first on PATH (found %q, %v)", f, got, err)
		}
	}
	return e
}

func lookIn(path, name string) (string, error) {
	for _, d := range filepath.SplitList(path) {
		p := filepath.Join(d, name)
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	return "", exec.ErrNotFound
}

// calls returns the fakes' recorded argv lines.
func (e *env) calls() string {
	b, _ := os.ReadFile(e.log)
	return string(b)
}

// result is what a run printed and returned.
type result struct {
	status         int
	stdout, stderr string
}

// run runs src in a new Runner in the sandbox.
func (e *env) run(src string, opts ...Option) result {
	e.t.Helper()
	// Locked: the programs of a pipeline write at once.
	var out, errb lockedBuffer
	opts = append([]Option{WithEnv(e.vars), WithDir(e.dir), WithStdio(nil, &out, &errb)}, opts...)
	r, err := New(testChecker, opts...)
	if err != nil {
		e.t.Fatal(err)
	}
	st := r.Run(context.Background(), src)
	return result{st, out.String(), errb.String()}
}

func (e *env) write(name, content string, mode os.FileMode) string {
	p := filepath.Join(e.dir, name)
	if err := os.WriteFile(p, []byte(content), mode); err != nil {
		e.t.Fatal(err)
	}
	return p
}

// yesAsker answers every question with a fixed decision and records them.
type yesAsker struct {
	d      Decision
	edited string
	asked  []Question
}

func (a *yesAsker) Ask(q Question) (Decision, string, error) {
	a.asked = append(a.asked, q)
	return a.d, a.edited, nil
}

func TestRunBasics(t *testing.T) {
	e := newEnv(t)
	tests := []struct {
		src    string
		opts   []Option
		status int
		stdout string
	}{
		{"echo hi", nil, 0, "hi\n"},
		{"exit 3", nil, 3, ""},
		{"false", nil, 1, ""},
		{"echo $0 $1 $2", []Option{WithParams("name", "a", "b")}, 0, "name a b\n"},
		{"echo $#", []Option{WithParams("n", "a", "b", "c")}, 0, "3\n"},
		{"false; echo after", []Option{WithShellOpts("-e")}, 1, ""},
		{"set -e; false; echo after", nil, 1, ""},
		{"echo $undefined_var_x; echo after", []Option{WithShellOpts("-u")}, 1, ""},
		{"false | true; echo $?", []Option{WithShellOpts("-o", "pipefail")}, 0, "1\n"},
		{"false | true; echo $?", nil, 0, "0\n"},
		{"cd /; pwd", nil, 0, "/\n"},
		{"f() { echo in f $1; }; f x", nil, 0, "in f x\n"},
		{"nosuchprogram_xyz", nil, 127, ""},
	}
	for _, tt := range tests {
		res := e.run(tt.src, tt.opts...)
		if res.status != tt.status || res.stdout != tt.stdout {
			t.Errorf("%q: got %d %q (stderr %q), want %d %q", tt.src, res.status, res.stdout, res.stderr, tt.status, tt.stdout)
		}
	}
}

func TestSyntaxError(t *testing.T) {
	e := newEnv(t, "fakerm")
	res := e.run("fakerm a; echo 'unclosed")
	if res.status != 2 || !strings.Contains(res.stderr, "guardsh:") {
		t.Fatalf("got %d %q", res.status, res.stderr)
	}
	if e.calls() != "" {
		t.Fatalf("something ran: %q", e.calls())
	}
}

func TestDecideBeforeRunning(t *testing.T) {
	e := newEnv(t, "rm", "fakeecho")
	tests := []struct {
		src     string
		opts    []Option
		status  int
		calls   string
		stderr  string
		nAsked  int
		askWith Decision
	}{
		// Nothing of a refused line runs, not even its first half.
		{"fakeecho first; rm -rf /", nil, 126, "", "guardsh: refused (blocked, rm_rf_root): rm -rf /: test rule rm_rf_root; blocked lines never run", 0, No},
		{"fakeecho first; rm -rf /", []Option{WithYes(true)}, 126, "", "refused (blocked", 0, No},
		// medium without a terminal: the default, no.
		{"fakeecho first; rm x", nil, 126, "", "answer at a terminal or pass -y", 0, No},
		{"fakeecho first; rm x", []Option{WithYes(true)}, 0, "fakeecho first\nrm x\n", "", 0, No},
		// Asked: yes and no.
		{"rm x", []Option{WithAsker(&yesAsker{d: Yes})}, 0, "rm x\n", "", 1, Yes},
		{"rm x", []Option{WithAsker(&yesAsker{d: No})}, 126, "", "declined", 1, No},
		// A yes to a blocked line is no.
		{"rm -rf /", []Option{WithAsker(&yesAsker{d: Yes})}, 126, "", "blocked", 1, Yes},
		// Edit classifies again.
		{"rm -rf /", []Option{WithAsker(&yesAsker{d: Edit, edited: "fakeecho edited"})}, 0, "fakeecho edited\n", "", 1, Edit},
		// Safe lines are not asked about.
		{"fakeecho safe", []Option{WithAsker(&yesAsker{d: No})}, 0, "fakeecho safe\n", "", 0, No},
	}
	for _, tt := range tests {
		os.Remove(e.log)
		var asker *yesAsker
		for _, o := range tt.opts {
			r := &Runner{}
			o(r)
			if a, ok := r.pol.asker.(*yesAsker); ok {
				asker = a
			}
		}
		res := e.run(tt.src, tt.opts...)
		if res.status != tt.status || e.calls() != tt.calls || !strings.Contains(res.stderr, tt.stderr) {
			t.Errorf("%q: got %d calls %q stderr %q; want %d calls %q stderr ~%q", tt.src, res.status, e.calls(), res.stderr, tt.status, tt.calls, tt.stderr)
		}
		if asker != nil && len(asker.asked) != tt.nAsked {
			t.Errorf("%q: asked %d times, want %d", tt.src, len(asker.asked), tt.nAsked)
		}
	}
}

// The run-time check catches what the static check could not see. The
// static check of the fake checker sees the text only, so each line here
// passes it (with -y where it is medium) and must be refused as it runs.
func TestRunTimeCheck(t *testing.T) {
	e := newEnv(t, "rm", "cat")
	e.write("evil.sh", "rm -rf /\n", 0o644)
	e.write("noshebang", "rm -rf /\necho after-in-script\n", 0o755)
	e.write("img", "disk image", 0o644)
	tests := []struct {
		name   string
		src    string
		status int
		calls  string
		stdout string
	}{
		{"empty var", `d=; rm -rf "$d"/`, 126, "", ""},
		{"eval base64", `eval "$(echo cm0gLXJmIC8= | base64 -d)"`, 126, "", ""},
		{"function", `f() { rm -rf "$1"; }; f /`, 126, "", ""},
		{"command in var", `x=rm; $x -rf /`, 126, "", ""},
		{"loop", `for d in /tmp/a /; do rm -rf "$d"; done`, 126, "rm -rf /tmp/a\n", ""},
		{"device redirect", `dev=/dev/sda; cat img > $dev`, 126, "", ""},
		{"source", `source ./evil.sh; echo after`, 0, "", "after\n"},
		{"dot", `. ./evil.sh`, 126, "", ""},
		{"no shebang", `./noshebang; echo status $?`, 0, "", "status 126\n"},
		{"continues", `rm -rf "$(echo /)"; echo after $?`, 0, "", "after 126\n"},
		{"set -e stops", `set -e; rm -rf "$(echo /)"; echo after`, 126, "", ""},
		{"bash -c inner", `x=/; bash -c "rm -rf $x"`, 126, "", ""},
		{"sh script", `sh ./evil.sh`, 126, "", ""},
		{"bash stdin file", `bash < ./evil.sh`, 126, "", ""},
		{"command builtin", `x=/; command rm -rf $x`, 126, "", ""},
		{"exec builtin", `x=/; exec rm -rf $x`, 126, "", ""},
		{"pipeline", `x=/; echo a | rm -rf $x`, 126, "", ""},
		{"subshell", `x=/; (rm -rf $x); echo $?`, 0, "", "126\n"},
		{"background", `x=/; rm -rf $x & wait; echo done`, 0, "", "done\n"},
		{"cmd subst", `x=/; echo "$(rm -rf $x)"; echo done`, 0, "", "\ndone\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			os.Remove(e.log)
			res := e.run(tt.src, WithYes(true))
			if res.status != tt.status || e.calls() != tt.calls || res.stdout != tt.stdout {
				t.Errorf("%q: got %d calls %q stdout %q stderr %q; want %d calls %q stdout %q", tt.src, res.status, e.calls(), res.stdout, res.stderr, tt.status, tt.calls, tt.stdout)
			}
			if !strings.Contains(res.stderr, "guardsh: refused (blocked") {
				t.Errorf("%q: no refusal on stderr: %q", tt.src, res.stderr)
			}
		})
	}
}

// A command above the approved level is asked about again, or refused
// without someone to ask; at or below it runs.
func TestRunTimeLevels(t *testing.T) {
	e := newEnv(t, "rm")
	res := e.run(`x=rm; $x file`)
	if res.status != 126 || e.calls() != "" || !strings.Contains(res.stderr, "refused (medium, rm)") {
		t.Fatalf("no asker: got %d %q %q", res.status, e.calls(), res.stderr)
	}
	a := &yesAsker{d: Yes}
	res = e.run(`x=rm; $x file`, WithAsker(a))
	if res.status != 0 || e.calls() != "rm file\n" || len(a.asked) != 1 || !a.asked[0].RunTime {
		t.Fatalf("asker yes: got %d %q %q %+v", res.status, e.calls(), res.stderr, a.asked)
	}
	os.Remove(e.log)
	a = &yesAsker{d: No}
	res = e.run(`x=rm; $x file; echo after $?`, WithAsker(a))
	if res.stdout != "after 126\n" || e.calls() != "" {
		t.Fatalf("asker no: got %d %q %q", res.status, res.stdout, res.stderr)
	}
	// Approved at medium: a medium command at run time runs unasked.
	os.Remove(e.log)
	a = &yesAsker{d: Yes}
	res = e.run(`rm a; x=rm; $x b`, WithAsker(a))
	if res.status != 0 || e.calls() != "rm a\nrm b\n" || len(a.asked) != 1 {
		t.Fatalf("approved medium: got %d %q %q asked %d", res.status, e.calls(), res.stderr, len(a.asked))
	}
}

func TestAliasesInteractive(t *testing.T) {
	e := newEnv(t, "rm")
	res := e.run("shopt -s expand_aliases\nalias boom='rm -rf'\nboom /\necho $?", WithInteractive(true))
	if e.calls() != "" || res.stdout != "126\n" {
		t.Fatalf("got %d %q %q calls %q", res.status, res.stdout, res.stderr, e.calls())
	}
}

func TestShebangShellScript(t *testing.T) {
	e := newEnv(t, "rm")
	e.write("withshebang", "#!/bin/sh\nrm -rf /\n", 0o755)
	res := e.run("./withshebang", WithYes(true))
	if res.status != 126 || !strings.Contains(res.stderr, "refused (blocked") || e.calls() != "" {
		t.Fatalf("got %d %q calls %q", res.status, res.stderr, e.calls())
	}
}

func TestNoShebangRunsInProcess(t *testing.T) {
	e := newEnv(t, "fakeecho")
	e.write("script", "fakeecho \"$0\" \"$@\"\necho out\nexit 4\n", 0o755)
	res := e.run("./script a b; echo st $?")
	if res.stdout != "out\nst 4\n" || e.calls() != "fakeecho ./script a b\n" {
		t.Fatalf("got %d %q %q calls %q", res.status, res.stdout, res.stderr, e.calls())
	}
}

// Approving a sourced file's contents approves its commands.
func TestSourceApproval(t *testing.T) {
	e := newEnv(t, "rm")
	e.write("medium.sh", "rm a\nrm b\n", 0o644)
	a := &yesAsker{d: Yes}
	res := e.run("source ./medium.sh; echo st $?", WithAsker(a))
	if res.stdout != "st 0\n" || e.calls() != "rm a\nrm b\n" || len(a.asked) != 1 {
		t.Fatalf("got %d %q %q calls %q asked %d", res.status, res.stdout, res.stderr, e.calls(), len(a.asked))
	}
}

// TestRunAuto checks that the programs of a line auto mode runs get the
// allowlist's environment, and the shell's own state still changes.
func TestRunAuto(t *testing.T) {
	e := newEnv(t)
	var out, errb bytes.Buffer
	vars := append(append([]string{}, e.vars...), "GIT_PAGER=less", "BASH_ENV=/x/rc")
	r, err := New(testChecker, WithEnv(vars), WithDir(e.dir), WithStdio(nil, &out, &errb))
	if err != nil {
		t.Fatal(err)
	}
	// One program at a time: the buffers are not safe for two writers.
	show := "printenv GIT_PAGER; printenv LESSSECURE; printenv BASH_ENV"
	if _, err := r.RunAuto(context.Background(), show+"; cd /"); err != nil {
		t.Fatal(err)
	}
	if got, want := out.String(), "cat\n1\n"; got != want {
		t.Errorf("auto run: got %q, want %q (stderr %q)", got, want, errb.String())
	}
	if r.Dir() != "/" {
		t.Errorf("cd in an auto line did not persist: %q", r.Dir())
	}
	out.Reset()
	if _, err := r.RunApproved(context.Background(), show, 0); err != nil {
		t.Fatal(err)
	}
	if got, want := out.String(), "less\n/x/rc\n"; got != want {
		t.Errorf("ordinary run: got %q, want %q", got, want)
	}
}

// TestFuncsNoRace runs a background job calling guardsh's own builtin
// while the main line defines functions: the handlers must not read the
// interpreter's function table (go test -race finds it, or it crashes).
func TestFuncsNoRace(t *testing.T) {
	e := newEnv(t)
	res := e.run(`(i=0; while [ $i -lt 2000 ]; do umask >/dev/null; i=$((i+1)); done) & i=0; while [ $i -lt 2000 ]; do f() { :; }; i=$((i+1)); done; wait; echo done`)
	if res.status != 0 || res.stdout != "done\n" {
		t.Errorf("got %d %q %q", res.status, res.stdout, res.stderr)
	}
}
