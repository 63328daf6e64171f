package shell

import (
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	"guardsh/guard"
)

// The bash executor's tests run the interactive front end with
// InteractiveConfig.Bash (GUARDSH_IT_BASH), without the supervisor (the
// main package's tests run it supervised), and a checker that reads the
// shell's variables: $x on a line is classified with the value bash
// reported.

// itBashConfig makes cfg run lines in bash.
func itBashConfig(cfg *InteractiveConfig) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		panic(err)
	}
	cfg.Bash = &BashConfig{Path: bash}
	cfg.Checker = varChecker{itChecker}
	if os.Getenv("GUARDSH_IT_OUTSIDE") != "" {
		// A line whose program is fake-sudo runs outside (the main
		// package's tests have the real rule: a user's sudo).
		cfg.Bash.Outside = func(v guard.Verdict) string {
			if strings.HasPrefix(v.Command, "fake-sudo ") {
				return "outside the supervisor"
			}
			return ""
		}
		cfg.Bash.CheckOutside = func(v guard.Verdict, argv, env []string, dir string) guard.Verdict {
			for _, kv := range env {
				if strings.HasPrefix(kv, "REFUSE_OUTSIDE=") {
					return guard.Verdict{Level: guard.High, Findings: []guard.Finding{{Rule: "fake_env", Level: guard.High, Text: kv}}}
				}
			}
			return guard.Verdict{}
		}
	}
}

// varChecker is a checker that substitutes $NAME and ${NAME} with the
// shell's variables before its rules look at a line.
type varChecker struct{ fakeChecker }

var varRef = regexp.MustCompile(`\$\{?(\w+)\}?`)

func (c varChecker) Classify(line string, st guard.State) guard.Verdict {
	text := varRef.ReplaceAllStringFunc(line, func(m string) string {
		name := varRef.FindStringSubmatch(m)[1]
		if st.Var != nil {
			if v, ok := st.Var(name); ok {
				return v
			}
		}
		return m
	})
	v := c.fakeChecker.Classify(text, st)
	v.Command = line
	return v
}

func needBash(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
}

func startBashShell(t *testing.T, extra ...string) *itShell {
	t.Helper()
	needBash(t)
	home, env := itSandbox(t)
	s := startShell(t, home, env, append([]string{"GUARDSH_IT_BASH=1", "GUARDSH_IT_ASK=risky"}, extra...)...)
	s.prompt("")
	return s
}

func TestBashExecutorState(t *testing.T) {
	s := startBashShell(t)
	os.Mkdir(s.home+"/sub", 0o755)
	for _, l := range []string{"cd sub", "x=42; declare -a arr=(a b)", "f() { echo fn-$x-${arr[1]}-$(basename $PWD); }", "alias hi='echo hi-alias'", "set -- p1 p2"} {
		s.line(l)
		s.prompt("")
	}
	s.line("f; hi; echo $# $2 $BASH_VERSION")
	s.expect(`fn-42-b-sub\r\nhi-alias\r\n2 p2 [45]\.`)
	s.expect(`gs\[\]~/sub[$#] `)
	// A variable bash holds is seen by the classifier.
	s.line("v=fake-; v+=blocked")
	s.prompt("")
	s.line("echo $v")
	s.expect(`blocked: edit or cancel`)
	s.send("n")
	s.prompt("126")
	s.line("echo status=$?")
	s.expect(`status=126\r\n`)
	s.prompt("")
	s.line("false | true | false")
	s.prompt("1")
	s.line("echo ${PIPESTATUS[@]}")
	s.expect(`\r\n1 0 1\r\n`)
	s.prompt("")
	// After a status of 0, nothing restores it: the line sees the
	// header's own.
	s.line("echo st=$? ${PIPESTATUS[@]}")
	s.expect(`\r\nst=0 0\r\n`)
	s.prompt("")
	s.line("exit 7")
	if st := s.wait(); st != 7 {
		t.Fatalf("exit status %d, want 7", st)
	}
}

func TestBashExecutorFunctionsClassified(t *testing.T) {
	s := startBashShell(t)
	// Defined where the front end cannot read it: in a string eval runs.
	s.line(`eval "$(printf 'g() { fake-%s now; }' high)"`)
	s.prompt("")
	s.line("g")
	s.expect(`high +fake_high`)
	s.expect(`run it\? \[y/N/e\] `)
	s.send("n")
	s.prompt("126")
	s.line(`eval "$(printf "alias zz='fake-%s now'" blocked)"`)
	s.prompt("")
	s.line("zz")
	s.expect(`blocked +fake_blocked`)
	s.expect(`\[e/N\] `)
	s.send("n")
	s.prompt("126")
}

func TestBashExecutorJobs(t *testing.T) {
	s := startBashShell(t)
	s.line("sleep 100 &")
	s.expect(`\[1\] \d+`)
	s.prompt("")
	s.line("jobs")
	s.expect(`\[1\]\+ +Running +sleep 100 &`)
	s.prompt("")
	s.line("sh -c 'echo started; exec sleep 100'; echo after")
	s.expect(`\r\nstarted\r\n`)
	s.send("\x03")
	s.prompt("130")
	if strings.Contains(s.pending(), "after") {
		t.Fatalf("the rest of the line ran after Ctrl-C")
	}
	// The job is the terminal's foreground once it prints.
	s.line("sh -c 'echo started; exec sleep 100'")
	s.expect(`\r\nstarted\r\n`)
	s.send("\x1a")
	s.expect(`\[2\]\+ +Stopped +sh -c`)
	s.prompt("148")
	s.line("kill %1 %2; wait; jobs; echo done")
	s.expect(`done\r\n`)
	s.prompt("")
}

func TestBashExecutorControlUnreachable(t *testing.T) {
	s := startBashShell(t)
	// A program finds no descriptor but its standard streams, and writes
	// on every number a report could go to.
	s.line(`ls /proc/self/fd | tr '\n' ' '; echo`)
	s.expect(`\r\n0 1 2 3 \r\n`)
	s.prompt("")
	s.line(`for fd in 3 4 5 6 7 8 9 10 11 12 13 14 15 255; do sh -c "printf 'guardsh-report\0001\0x\0000\0' >&$fd" 2>/dev/null; done; echo wrote`)
	s.expect(`wrote\r\n`)
	s.prompt("")
	s.line("echo still-here")
	s.expect(`still-here\r\n`)
	s.prompt("")
	if strings.Contains(s.output(), "the executor was stopped") {
		t.Fatalf("a program reached the control channel")
	}
}

func TestBashExecutorRCFiles(t *testing.T) {
	needBash(t)
	home, env := itSandbox(t)
	os.WriteFile(home+"/.guardshrc", []byte("greet() { echo hi-$1; }\nfake-blocked now\nexport RCVAR=rc-ok\nalias ll='echo ll-alias'\nGUARDSH_PROMPT='rc-prompt[\\s]\\$ '\n"), 0o644)
	s := startShell(t, home, env, "GUARDSH_IT_BASH=1", "GUARDSH_IT_ASK=risky")
	s.expect(`guardsh: refused \(blocked, fake_blocked\)`)
	s.expect(`rc-prompt\[\][$#] `)
	s.line("echo $RCVAR; greet you; ll")
	s.expect(`rc-ok\r\nhi-you\r\nll-alias\r\n`)
	s.expect(`rc-prompt\[\][$#] `)
	if strings.Contains(s.output(), "FAKE-BLOCKED RAN") {
		t.Fatal("a blocked rc line ran")
	}
}

func TestBashExecutorRestart(t *testing.T) {
	s := startBashShell(t)
	s.line("x=before")
	s.prompt("")
	s.line("kill -9 $$")
	s.expect(`the executor died \(killed by SIGKILL\); starting a new one: the shell's variables`)
	s.prompt("1")
	s.line("echo x=$x. $BASH_VERSION")
	s.expect(`x=\. [45]\.`)
	s.prompt("")
}

func TestBashExecutorTypeahead(t *testing.T) {
	s := startBashShell(t)
	s.line(`echo go; while [ ! -e stop ]; do :; done`)
	s.expect(`\r\ngo\r\n`)
	s.send("echo typed-ahead")
	s.expect(`echo typed-ahead`) // the pty echoes it
	if err := os.WriteFile(s.home+"/stop", nil, 0o644); err != nil {
		t.Fatal(err)
	}
	s.expect(`gs\[\][^\n]*?[$#] echo typed-ahead`)
	s.send("\r")
	s.expect(`\r\ntyped-ahead\r\n`)
	s.prompt("")
}

// TestBashExecutorForgedReport: the line's own code runs in bash, where
// the report socket is closed while it runs; a builtin that writes on
// bash's saved copy of it sends a report that does not answer what the
// front end asked, which stops bash, and a new one takes over.
func TestBashExecutorForgedReport(t *testing.T) {
	s := startBashShell(t)
	s.line(`x=1; printf 'guardsh-report\0' >&$__gs_w`)
	s.expect(`[Bb]ad file descriptor`)
	s.prompt("1")
	s.line(`for fd in {10..40}; do printf 'guardsh-report\0%s\0' $fd >&$fd; done 2>/dev/null`)
	s.expect(`the executor was stopped: it sent a message it may not send`)
	s.prompt("1")
	s.line("echo x=$x.")
	s.expect(`x=\.\r\n`)
	s.prompt("")
}

// TestBashExecutorAuto: a line auto mode runs gets the allowlist's
// environment, in a subshell; the shell's own state is untouched.
func TestBashExecutorAuto(t *testing.T) {
	s := startBashShell(t, "GUARDSH_IT_AUTOSAFE=printf")
	s.line("PAGER=less; export PAGER")
	s.prompt("")
	s.send("\x1b[Z") // Shift+Tab: auto mode
	s.expect(`\[auto\]`)
	s.line(`printf 'pager=%s\n' "$PAGER"`)
	s.expect(`\(auto\)`)
	s.expect(`\r\npager=cat\r\n`)
	s.expect(`gs\[\]\[auto\]`)
	s.line(`echo $PAGER`)
	s.expect(`\r\nless\r\n`)
	s.expect(`gs\[\]\[auto\]`)
}

// A line that BashConfig.Outside says runs outside the supervisor runs in
// a bash of its own on the terminal: the terminal's foreground (its
// /dev/tty, its Ctrl-C; Ctrl-Z is undone), in the shell's directory, with the shell's
// exported variables; its status is the shell's $?; and it is not a
// process of the shell's bash. One that calls a function of the shell's
// runs there; one whose environment CheckOutside refuses does not run.
func TestBashExecutorOutside(t *testing.T) {
	needBash(t)
	home, env := itSandbox(t)
	os.WriteFile(home+"/bin/fake-sudo", []byte(`#!/bin/bash
echo "sudo-args: $*"
echo "sudo-dir: $PWD"
echo "sudo-var: ${OUTVAR-unset} ${LOCALVAR-unset}"
echo "sudo-ppid: $PPID"
case $1 in
read) printf 'Password: '; read -r pw </dev/tty; echo "got $pw";;
sleep) echo sleeping; sleep 100;;
stop) trap 'echo continued' CONT; echo stopping; sleep 10 & s=$!; wait $s; kill $s 2>/dev/null;;
esac
exit 3
`), 0o755)
	os.Mkdir(home+"/sub", 0o755)
	s := startShell(t, home, env, "GUARDSH_IT_BASH=1", "GUARDSH_IT_ASK=risky", "GUARDSH_IT_OUTSIDE=1")
	s.prompt("")
	s.line("cd sub; export OUTVAR=out; LOCALVAR=local; echo bash=$$")
	bashPid := strings.TrimPrefix(s.expect(`bash=\d+`), "bash=")
	s.prompt("")
	s.line("fake-sudo read me")
	s.expect(`guardsh: outside the supervisor\r\n`)
	s.expect(`sudo-args: read me\r\n`)
	s.expect(`sudo-dir: .*/sub\r\n`)
	s.expect(`sudo-var: out unset\r\n`)
	ppid := s.expect(`sudo-ppid: \d+`)
	if strings.HasSuffix(ppid, " "+bashPid) {
		t.Fatalf("the line ran in the shell's bash (%s, bash %s)", ppid, bashPid)
	}
	s.expect(`Password: `)
	s.line("secret")
	s.expect(`got secret\r\n`)
	s.prompt("3")
	s.line("echo st=$? ${PIPESTATUS[@]}")
	s.expect(`st=3 3\r\n`)
	s.prompt("")

	// Ctrl-C reaches it: it is the terminal's foreground. Ctrl-Z does
	// not stop it (it is no job of the shell's), and guardsh says so.
	s.line("fake-sudo sleep")
	s.expect(`sleeping\r\n`)
	s.send("\x03")
	s.prompt("130")
	s.line("fake-sudo stop")
	s.expect(`stopping\r\n`)
	s.send("\x1a")
	s.expect(`continued\r\n`)
	s.expect(`Ctrl-Z did not stop the line`)
	s.prompt("3")

	// A function of the shell's runs in the shell's bash.
	outside := strings.Count(s.output(), "outside the supervisor")
	s.line("fake-sudo() { echo in-function; }")
	s.prompt("")
	s.line("fake-sudo x")
	s.expect(`in-function\r\n`)
	s.prompt("")
	if strings.Count(s.output(), "outside the supervisor") != outside {
		t.Fatalf("the function's line ran outside:\n%s", s.output())
	}
	s.line("unset -f fake-sudo")
	s.prompt("")

	// What CheckOutside refuses does not run.
	s.line("export REFUSE_OUTSIDE=1")
	s.prompt("")
	s.line("fake-sudo x")
	s.expect(`refused \(high, fake_env\)`)
	s.prompt("126")
	if strings.Contains(s.pending(), "sudo-args: x") || strings.Contains(s.output(), "sudo-args: x") {
		t.Fatalf("a refused line ran:\n%s", s.output())
	}
}

// TestBashExecutorGoAhead: bash writes a line's report once the front
// end has the line's output (the go-ahead, bashReportCode). Lines come
// back at once, not after bash's wait for it; a go-ahead bash takes
// before its wait (a line that wrote its own mark) or never takes (a
// line that made `read` a function) is harmless.
func TestBashExecutorGoAhead(t *testing.T) {
	s := startBashShell(t)
	start := time.Now()
	for i := 0; i < 8; i++ {
		s.line(fmt.Sprintf("echo line-%d", i))
		s.expect(fmt.Sprintf(`\r\nline-%d\r\n`, i))
		s.prompt("")
	}
	if d := time.Since(start); d > 8*time.Second/4 {
		t.Errorf("8 lines took %v: bash waited for go-aheads that did not come", d)
	}
	// With its mark forged, the front end takes the line's output as
	// through (the go-ahead goes at once): what it writes after that may
	// come above the next prompt, which the editor draws again after it.
	s.line(`printf '\e]7777;guardsh-done;%s\a' "$__gs_n"; sleep 0.2; echo after-mark`)
	s.expect(`after-mark\r`)
	s.prompt("")
	s.line("read() { :; }")
	s.prompt("")
	s.line("echo unread-go")
	s.expect(`\r\nunread-go\r\n`)
	s.prompt("")
	// A wait that fails (it timed out) does not end a shell under set -e.
	s.line("read() { return 142; }; set -e")
	s.prompt("")
	s.line("echo still-here")
	s.expect(`\r\nstill-here\r\n`)
	s.prompt("")
	s.line("set +e; unset -f read; echo st=$?")
	s.expect(`\r\nst=0\r\n`)
	s.prompt("")
	s.line("echo x")
	s.expect(`\r\nx\r\n`)
	s.prompt("")
}
