package shell

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/creack/pty"

	"guardsh/guard"
)

// The interactive tests run the test binary itself as guardsh's front end
// on a pty the test opens, and the front end runs it again as its
// executor: TestInteractiveHelper plays either part, chosen by
// GUARDSH_IT_ROLE.

const itRun = "-test.run=^TestInteractiveHelper$"

// itChecker gives a level to the fake programs named after levels, on the
// line and at run time.
var itChecker = fakeChecker{rules: []fakeRule{
	{"fake_leak", regexp.MustCompile(`\bfake-leak\b`), guard.InfoLeak},
	{"fake_medium", regexp.MustCompile(`\bfake-medium\b`), guard.Medium},
	{"fake_high", regexp.MustCompile(`\bfake-high\b`), guard.High},
	{"fake_blocked", regexp.MustCompile(`\bfake-blocked\b`), guard.Blocked},
	{"too_long", regexp.MustCompile(`\bfake-toolong\b`), guard.High}, // not checked whole
}}

func TestInteractiveHelper(t *testing.T) {
	switch os.Getenv("GUARDSH_IT_ROLE") {
	case "frontend":
		// What the test's own parent leaked is not guardsh's.
		closeInherited()
		env := append(os.Environ(), "GUARDSH_IT_ROLE=executor")
		cfg := InteractiveConfig{
			Checker:      countParses("frontend"),
			Executor:     []string{os.Args[0], itRun},
			ExecutorEnv:  env,
			Yes:          os.Getenv("GUARDSH_IT_YES") != "",
			Login:        os.Getenv("GUARDSH_IT_LOGIN") != "",
			NoRC:         os.Getenv("GUARDSH_IT_NORC") != "",
			Ask:          itAsk(),
			HistoryPath:  HistoryPath(os.Getenv),
			PromptFormat: `gs[\s]\m\w\$ `,
			Rules:        func(w io.Writer) { fmt.Fprintln(w, "fake_medium medium") },
		}
		if n, err := strconv.Atoi(os.Getenv("GUARDSH_IT_HISTSIZE")); err == nil {
			cfg.HistorySize = n
		}
		if os.Getenv("GUARDSH_IT_LASTING") != "" {
			cfg.Lasting = &fakeLasting{}
		}
		if os.Getenv("GUARDSH_IT_BASH") != "" {
			itBashConfig(&cfg)
		}
		if p := os.Getenv("GUARDSH_IT_AUTOSAFE"); p != "" {
			cfg.AutoSafe = func(line string) bool { return strings.HasPrefix(line, p) }
		}
		if os.Getenv("GUARDSH_IT_AUDIT_FAIL") != "" {
			cfg.AuditRequired = func(AuditRecord) error { return errors.New("disk full") }
		}
		os.Exit(Interactive(cfg))
	case "executor":
		var opts []Option
		if os.Getenv("GUARDSH_IT_YES") != "" {
			opts = append(opts, WithYes(true))
		}
		var replies io.Writer = os.NewFile(4, "replies")
		if os.Getenv("GUARDSH_IT_LEAKCTL") != "" {
			// Not a file: the executor cannot move it, and its lines'
			// programs inherit descriptor 4, as a program that reached
			// the channel by another way would write to it.
			replies = struct{ io.Writer }{replies}
		}
		os.Exit(RunExecutor(ExecutorConfig{
			Checker:  countParses("executor"),
			Options:  opts,
			Requests: os.NewFile(3, "requests"),
			Replies:  replies,
		}))
	default:
		t.Skip("run by the interactive tests")
	}
}

// itShell is a guardsh front end on a pty driven by a test.
type itShell struct {
	t      *testing.T
	home   string
	cmd    *exec.Cmd
	master *os.File

	mu   sync.Mutex
	buf  bytes.Buffer
	pos  int // output before pos was matched already
	more chan struct{}
	eof  chan struct{}
}

// itSandbox makes HOME, XDG_* and a bin directory of fake programs, and
// returns HOME and the environment.
func itSandbox(t *testing.T) (string, []string) {
	t.Helper()
	home := t.TempDir()
	bin := filepath.Join(home, "bin")
	if err := os.Mkdir(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"fake-leak", "fake-medium", "fake-high", "fake-blocked", "guardsh-fakecmd-xyz"} {
		script := "#!/bin/sh\necho \"" + strings.ToUpper(name) + " RAN $*\"\n"
		if err := os.WriteFile(filepath.Join(bin, name), []byte(script), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	env := []string{
		"PATH=" + bin + ":/usr/local/bin:/usr/bin:/bin",
		"HOME=" + home, "USER=tester", "TERM=xterm", "NO_COLOR=1", "LANG=C.UTF-8",
		"XDG_CONFIG_HOME=" + home + "/config", "XDG_STATE_HOME=" + home + "/state",
		"XDG_CACHE_HOME=" + home + "/cache", "XDG_DATA_HOME=" + home + "/data",
		"FAKE_LOG=" + home + "/calls.log",
	}
	return home, env
}

// startShell starts a front end in home with env and extra variables.
func startShell(t *testing.T, home string, env []string, extra ...string) *itShell {
	t.Helper()
	master, slave, err := pty.Open()
	if err != nil {
		t.Fatal(err)
	}
	if err := pty.Setsize(master, &pty.Winsize{Rows: 24, Cols: 80}); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], itRun)
	cmd.Env = append(append(append([]string{}, env...), "GUARDSH_IT_ROLE=frontend", "GOTRACEBACK=all", "GORACE="+os.Getenv("GORACE")), extra...)
	cmd.Dir = home
	cmd.Stdin, cmd.Stdout, cmd.Stderr = slave, slave, slave
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	slave.Close()
	s := &itShell{t: t, home: home, cmd: cmd, master: master, more: make(chan struct{}, 1), eof: make(chan struct{})}
	go s.read()
	t.Cleanup(func() {
		if t.Failed() {
			// The front end's goroutines, for a hang: with GOTRACEBACK=all
			// Go prints them on SIGABRT (the front end catches SIGQUIT),
			// onto the terminal the test reads.
			s.cmd.Process.Signal(syscall.SIGABRT)
			select {
			case <-s.eof:
			case <-time.After(2 * time.Second):
			}
		}
		s.cmd.Process.Kill()
		s.cmd.Wait()
		master.Close()
		if t.Failed() {
			t.Logf("terminal output:\n%s", s.output())
		}
	})
	return s
}

func (s *itShell) read() {
	defer close(s.eof)
	b := make([]byte, 32*1024)
	for {
		n, err := s.master.Read(b)
		if n > 0 {
			s.mu.Lock()
			s.buf.Write(b[:n])
			s.mu.Unlock()
			select {
			case s.more <- struct{}{}:
			default:
			}
		}
		if err != nil {
			return
		}
	}
}

func (s *itShell) output() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.buf.String()
}

// expect waits until the output after the last match matches re, and
// returns the match; the test fails at the deadline.
func (s *itShell) expect(re string) string {
	s.t.Helper()
	rx := regexp.MustCompile(re)
	return s.await(fmt.Sprintf("%q", re), func(out []byte) (int, int) {
		if loc := rx.FindIndex(out); loc != nil {
			return loc[0], loc[1]
		}
		return -1, -1
	})
}

// await waits until find finds something in the output after the last
// match, and returns it; the test fails at the end of the output or at
// the deadline, showing what came after the last match.
func (s *itShell) await(what string, find func(out []byte) (start, end int)) string {
	s.t.Helper()
	deadline := time.After(20 * time.Second)
	for {
		s.mu.Lock()
		out := s.buf.Bytes()[s.pos:]
		if start, end := find(out); start >= 0 {
			s.pos += end
			got := string(out[start:end])
			s.mu.Unlock()
			return got
		}
		tail := string(out[max(0, len(out)-2000):])
		s.mu.Unlock()
		select {
		case <-s.more:
		case <-s.eof:
			select {
			case <-s.more:
				continue
			default:
			}
			s.t.Fatalf("end of output, still waiting for %s; after the last match:\n%q", what, tail)
		case <-deadline:
			s.t.Fatalf("timed out waiting for %s; after the last match:\n%q", what, tail)
		}
	}
}

// pending returns the output after the last match.
func (s *itShell) pending() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.buf.String()[s.pos:]
}

func (s *itShell) send(keys string) {
	s.t.Helper()
	if _, err := s.master.Write([]byte(keys)); err != nil {
		s.t.Fatal(err)
	}
}

// line types a line and Enter.
func (s *itShell) line(l string) { s.send(l + "\r") }

// prompt waits for a fresh prompt (the editor's line empty) with the
// given status ("" for 0).
func (s *itShell) prompt(status string) {
	s.t.Helper()
	s.expect(`gs\[` + regexp.QuoteMeta(status) + `\][^\n]*?[$#] \x1b\[J`)
}

// wait waits for the front end to exit and returns its status.
func (s *itShell) wait() int {
	s.t.Helper()
	done := make(chan error, 1)
	go func() { done <- s.cmd.Wait() }()
	select {
	case err := <-done:
		if ee, ok := err.(*exec.ExitError); ok {
			return ee.ExitCode()
		}
		if err != nil {
			s.t.Fatal(err)
		}
		return 0
	case <-time.After(20 * time.Second):
		s.t.Fatalf("the shell did not exit; output:\n%q", s.pending())
	}
	return -1
}

func TestInteractiveCommand(t *testing.T) {
	home, env := itSandbox(t)
	s := startShell(t, home, env)
	s.prompt("")
	s.line("echo hel''lo")
	s.expect(`safe: nothing to warn about`)
	s.expect(`run it\? \[Y/n/e\] `)
	s.send("\r")
	s.expect(`\r\nhello\r\n`)
	s.prompt("")
	s.line("exit 3")
	s.expect(`\[Y/n/e\] `)
	s.send("y")
	if st := s.wait(); st != 3 {
		t.Fatalf("exit status %d, want 3", st)
	}
}

func TestInteractiveStatePersists(t *testing.T) {
	home, env := itSandbox(t)
	os.Mkdir(filepath.Join(home, "sub"), 0o755)
	s := startShell(t, home, env, "GUARDSH_IT_ASK=risky")
	s.prompt("")
	for _, l := range []string{"cd sub", "x=42", "f() { echo fn-$x-$(basename $PWD); }", "alias hi='echo hi-alias'", "umask 077"} {
		s.line(l)
		s.prompt("")
	}
	s.line("f; hi; umask")
	s.expect(`fn-42-sub\r\nhi-alias\r\n0077\r\n`)
	s.expect(`gs\[\]~/sub[$#] `)
	s.line("false")
	s.prompt("1")
	s.line("echo status=$?")
	s.expect(`status=1`)
	s.send("\x04") // Ctrl-D on an empty line exits
	if st := s.wait(); st != 0 {
		t.Fatalf("exit status %d, want 0", st)
	}
}

func TestInteractiveLevels(t *testing.T) {
	tests := []struct {
		line, key string
		question  string
		ran       bool
	}{
		{"fake-leak", "\r", `info_leak: run it\? \[Y/n/e\] `, true},
		{"fake-leak", "n", `\[Y/n/e\] `, false},
		{"fake-medium", "\r", `medium: run it\? \[y/N/e\] `, false},
		{"fake-medium", "y", `\[y/N/e\] `, true},
		{"fake-medium", "\x03", `\[y/N/e\] `, false}, // Ctrl-C is no
		{"fake-high", "\r", `high: run it\? \[y/N/e\] `, false},
		{"fake-high", "Y", `\[y/N/e\] `, true},
		{"fake-blocked", "\r", `blocked: edit or cancel \[e/N\] `, false},
		{"fake-blocked", "y", `\[e/N\] `, false}, // y is not an answer: n follows
	}
	home, env := itSandbox(t)
	s := startShell(t, home, env)
	s.prompt("")
	for i, tc := range tests {
		s.line(tc.line + " " + fmt.Sprint(i))
		s.expect(tc.question)
		s.send(tc.key)
		if tc.key == "y" && strings.Contains(tc.line, "blocked") {
			s.expect("\a") // not an answer here
			s.send("n")
		}
		if tc.ran {
			s.expect(fmt.Sprintf(`%s RAN %d\r\n`, strings.ToUpper(tc.line), i))
			s.prompt("")
			continue
		}
		s.expect(`guardsh: refused`)
		s.prompt("126")
		if strings.Contains(s.output(), fmt.Sprintf("RAN %d", i)) {
			t.Fatalf("%d: %s ran", i, tc.line)
		}
	}
}

func TestInteractiveEdit(t *testing.T) {
	home, env := itSandbox(t)
	s := startShell(t, home, env, "GUARDSH_IT_ASK=risky")
	s.prompt("")
	s.line("fake-medium now")
	s.expect(`\[y/N/e\] `)
	s.send("e")
	s.expect(`edit\r?\n`)
	s.expect(`gs\[\][^\n]*?[$#] fake-medium now`) // the line, back in the editor
	s.send("\x15echo edited\r")                   // Ctrl-U, a new line
	s.expect(`\r\nedited\r\n`)
	s.prompt("")
	if strings.Contains(s.output(), "RAN") {
		t.Fatal("the declined line ran")
	}
}

func TestInteractiveRunTimeQuestion(t *testing.T) {
	home, env := itSandbox(t)
	s := startShell(t, home, env, "GUARDSH_IT_ASK=risky")
	s.prompt("")
	s.line("c=fake-; ${c}medium late")
	s.expect(`while running, fake-medium late`)
	s.expect(`\[y/N/e\] `)
	s.send("y")
	s.expect(`FAKE-MEDIUM RAN late\r\n`)
	s.prompt("")
	s.line("${c}high later; echo after")
	s.expect(`\[y/N/e\] `)
	s.send("n")
	s.expect(`after\r\n`)
	s.prompt("")
	if strings.Contains(s.output(), "RAN later") {
		t.Fatal("the declined command ran")
	}
}

func TestInteractiveCtrlC(t *testing.T) {
	home, env := itSandbox(t)
	s := startShell(t, home, env, "GUARDSH_IT_ASK=risky")
	s.prompt("")
	s.line("keep=yes")
	s.prompt("")
	s.line("echo started; sleep 30; echo after")
	s.expect(`started\r\n`)
	s.send("\x03")
	s.prompt("130")
	s.line("echo keep=$keep")
	s.expect(`keep=yes\r\n`)
	s.prompt("")
	// A loop of builtins stops too.
	s.line("echo looping; while :; do :; done; echo after")
	s.expect(`looping\r\n`)
	s.send("\x03")
	s.prompt("130")
	// Ctrl-C at the prompt clears the line.
	s.send("echo never")
	s.send("\x03")
	s.prompt("130")
	s.line("echo fine")
	s.expect(`fine\r\n`)
	s.prompt("")
	if strings.Contains(s.output(), "\nafter\r\n") {
		t.Fatal("the rest of an interrupted line ran")
	}
	if strings.Contains(s.output(), "\r\nnever") {
		t.Fatal("a cleared line ran")
	}
}

func TestInteractiveResize(t *testing.T) {
	if _, err := exec.LookPath("stty"); err != nil {
		t.Skip("no stty")
	}
	home, env := itSandbox(t)
	s := startShell(t, home, env, "GUARDSH_IT_ASK=risky")
	s.prompt("")
	s.line("stty size")
	s.expect(`\r\n24 80\r\n`)
	s.prompt("")
	if err := pty.Setsize(s.master, &pty.Winsize{Rows: 33, Cols: 101}); err != nil {
		t.Fatal(err)
	}
	// The resize reaches the pty asynchronously: ask until it shows.
	for i := 0; ; i++ {
		s.line("stty size")
		got := s.expect(`\r\n\d+ \d+\r\n`)
		s.prompt("")
		if strings.Contains(got, "33 101") {
			break
		}
		if i == 50 {
			t.Fatalf("size never reached the pty: %q", got)
		}
	}
}

func TestInteractiveHistory(t *testing.T) {
	home, env := itSandbox(t)
	a := startShell(t, home, env, "GUARDSH_IT_ASK=risky")
	b := startShell(t, home, env, "GUARDSH_IT_ASK=risky")
	a.prompt("")
	b.prompt("")
	a.line("echo from-a")
	a.expect(`from-a\r\n`)
	b.line("echo from-b")
	b.expect(`from-b\r\n`)
	a.prompt("")
	b.prompt("")
	a.line("echo 'two")
	a.expect(`\r> \x1b\[J`)
	a.line("end'")
	a.prompt("")
	a.send("\x04")
	b.send("\x04")
	a.wait()
	b.wait()
	data, err := os.ReadFile(filepath.Join(home, "state", "guardsh", "history"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"echo from-a\n", "echo from-b\n", multiLinePrefix} {
		if !strings.Contains(string(data), want) {
			t.Fatalf("history lacks %q:\n%s", want, data)
		}
	}
	// A new shell has both; Up brings back the last one.
	c := startShell(t, home, env, "GUARDSH_IT_ASK=risky")
	c.prompt("")
	c.send("\x1b[A")
	c.expect(`end'`)
	c.send("\x15echo again\r")
	c.expect(`again\r\n`)
	c.prompt("")
}

func TestInteractiveCompletion(t *testing.T) {
	home, env := itSandbox(t)
	os.WriteFile(filepath.Join(home, "myfile.txt"), []byte("file-content\n"), 0o644)
	os.Mkdir(filepath.Join(home, "somedir"), 0o755)
	os.WriteFile(filepath.Join(home, "somedir", "inner.txt"), []byte("inner-content\n"), 0o644)
	s := startShell(t, home, env, "GUARDSH_IT_ASK=risky")
	s.prompt("")
	s.send("guardsh-fakecmd-x\t")
	s.expect(`guardsh-fakecmd-xyz `)
	s.send("\r")
	s.expect(`GUARDSH-FAKECMD-XYZ RAN`)
	s.prompt("")
	s.send("cat myf\t")
	s.expect(`myfile\.txt `)
	s.send("\r")
	s.expect(`file-content\r\n`)
	s.prompt("")
	s.send("cd / && cat ~/som\t")
	s.expect(`~/somedir/`)
	s.send("inn\t")
	s.expect(`inner\.txt `)
	s.send("\r")
	s.expect(`inner-content\r\n`)
	s.prompt("")
}

func TestInteractiveContinuation(t *testing.T) {
	home, env := itSandbox(t)
	s := startShell(t, home, env, "GUARDSH_IT_ASK=risky")
	s.prompt("")
	s.line("echo 'a")
	s.expect(`\r> \x1b\[J`)
	s.line("b'")
	s.expect(`a\r\nb\r\n`)
	s.prompt("")
	s.line("echo hi |")
	s.expect(`\r> \x1b\[J`)
	s.line("tr a-z A-Z")
	s.expect(`HI\r\n`)
	s.prompt("")
	s.line("echo x \\")
	s.expect(`\r> \x1b\[J`)
	s.line("y")
	s.expect(`x y\r\n`)
	s.prompt("")
	// The whole statement is checked once complete.
	s.line("if true; then")
	s.expect(`\r> \x1b\[J`)
	s.line("fake-medium inside")
	s.expect(`\r> \x1b\[J`)
	s.line("fi")
	s.expect(`medium: run it\? \[y/N/e\] `)
	s.send("n")
	s.prompt("126")
}

func TestInteractiveExecutorRestart(t *testing.T) {
	home, env := itSandbox(t)
	s := startShell(t, home, env, "GUARDSH_IT_ASK=risky")
	s.prompt("")
	s.line("x=before")
	s.prompt("")
	s.line("kill -9 $$")
	s.expect(`the executor died \(killed by SIGKILL\); starting a new one: the shell's variables`)
	s.prompt("1")
	s.line("echo x=$x.")
	s.expect(`x=\.\r\n`)
	s.prompt("")
}

func TestInteractiveRCFiles(t *testing.T) {
	home, env := itSandbox(t)
	os.WriteFile(filepath.Join(home, ".profile"), []byte("export FROM_PROFILE=yes\n"), 0o644)
	os.WriteFile(filepath.Join(home, ".guardshrc"), []byte("greet() { echo hi-$1; }\nfake-blocked now\nexport RCVAR=rc-ok\nGUARDSH_PROMPT='rc-prompt[\\s]\\$ '\n"), 0o644)
	s := startShell(t, home, env, "GUARDSH_IT_ASK=risky", "GUARDSH_IT_LOGIN=1")
	s.expect(`guardsh: refused \(blocked, fake_blocked\)`)
	s.expect(`rc-prompt\[\][$#] `)
	s.line("echo $FROM_PROFILE $RCVAR; greet you")
	s.expect(`yes rc-ok\r\nhi-you\r\n`)
	s.expect(`rc-prompt\[\][$#] `)
	if strings.Contains(s.output(), "FAKE-BLOCKED RAN") {
		t.Fatal("a blocked rc line ran")
	}
}

// TestInteractiveNoRC: --norc skips ~/.guardshrc; the profile of a login
// shell is still read.
func TestInteractiveNoRC(t *testing.T) {
	home, env := itSandbox(t)
	os.WriteFile(filepath.Join(home, ".profile"), []byte("export FROM_PROFILE=yes\n"), 0o644)
	os.WriteFile(filepath.Join(home, ".guardshrc"), []byte("export RCVAR=rc-ok\n"), 0o644)
	s := startShell(t, home, env, "GUARDSH_IT_ASK=risky", "GUARDSH_IT_LOGIN=1", "GUARDSH_IT_NORC=1")
	s.prompt("")
	s.line("echo profile=$FROM_PROFILE rc=$RCVAR.")
	s.expect(`profile=yes rc=\.\r\n`)
	s.prompt("")
}

func TestInteractiveSlashAndModes(t *testing.T) {
	home, env := itSandbox(t)
	s := startShell(t, home, env)
	s.prompt("")
	s.send("\x1b[Z") // Shift+Tab
	s.expect(`gs\[\]\[auto\] ~[$#] `)
	s.line("/auto")
	s.expect(`auto mode off`)
	s.prompt("")
	s.line("/dry-run")
	s.expect(`dry-run on`)
	s.expect(`\[dry-run\] ~[$#] `)
	s.line("fake-high x")
	s.expect(`fake_high`)
	s.expect(`dry-run: nothing runs`)
	s.line("/dry-run")
	s.expect(`dry-run off`)
	s.line("/explain fake-medium y")
	s.expect(`fake_medium`)
	s.expect(`auto mode would run it without asking: no`)
	s.line("/rules")
	s.expect(`fake_medium medium`)
	s.line("/help")
	s.expect(`/forget-sudo`)
	s.prompt("")
	s.line("/usr/bin/env true")
	s.expect(`\[Y/n/e\] `)
	s.send("\r")
	s.prompt("")
	if strings.Contains(s.output(), "RAN") {
		t.Fatal("something ran in dry-run or /explain")
	}
}

func TestInteractiveYes(t *testing.T) {
	home, env := itSandbox(t)
	s := startShell(t, home, env, "GUARDSH_IT_YES=1")
	s.expect(`gs\[\]\[yes\] ~[$#] `)
	s.line("fake-high go")
	s.expect(`FAKE-HIGH RAN go\r\n`)
	s.line("fake-blocked go")
	s.expect(`\[e/N\] `)
	s.send("n")
	s.expect(`refused`)
	s.expect(`gs\[126\]\[yes\] ~[$#] `)
}
