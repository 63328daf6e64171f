package shell

import (
	"fmt"
	"io"
	"os"
	"slices"
	"testing"

	"guardsh/guard"
	"guardsh/prompt"
)

// itAsk is the ask setting of the test front end: GUARDSH_IT_ASK, "always"
// when unset (the tests were written for it), "" (the default) for
// "default".
func itAsk() string {
	switch a := os.Getenv("GUARDSH_IT_ASK"); a {
	case "":
		return AskAlways
	case "default":
		return ""
	default:
		return a
	}
}

// fakeLasting keeps approved commands in memory, for the front end's
// wiring; what may be approved is the main package's to decide.
type fakeLasting struct{ cmds []string }

func (l *fakeLasting) Match(v guard.Verdict, dir string) (string, bool) {
	if i := slices.Index(l.cmds, v.Command); i >= 0 {
		return fmt.Sprintf("lasting approval %d", i+1), true
	}
	return "", false
}

func (l *fakeLasting) Offer(v guard.Verdict, dir string) prompt.Offer {
	return prompt.Offer{Command: "this command in " + dir}
}

func (l *fakeLasting) Remember(a prompt.Answer, v guard.Verdict, dir string) (string, error) {
	l.cmds = append(l.cmds, v.Command)
	return "kept: " + v.Command, nil
}

func (l *fakeLasting) List(w io.Writer) error {
	for i, c := range l.cmds {
		fmt.Fprintf(w, "%3d  %s\n", i+1, c)
	}
	return nil
}

func (l *fakeLasting) Forget(n int) (string, error) {
	if n < 1 || n > len(l.cmds) {
		return "", fmt.Errorf("no approval %d", n)
	}
	c := l.cmds[n-1]
	l.cmds = slices.Delete(l.cmds, n-1, n)
	return "forgotten: " + c, nil
}

// By default a line with no finding runs at once, and one with a finding
// shows its preview and asks with its level's default.
func TestInteractiveAskDefault(t *testing.T) {
	home, env := itSandbox(t)
	s := startShell(t, home, env, "GUARDSH_IT_ASK=default")
	s.prompt("")
	s.line("echo plain-$((6*7))")
	s.expect(`plain-42\r\n`)
	s.prompt("")
	s.line("fake-leak x")
	s.expect(`info_leak: run it\? \[Y/n/e\] `)
	s.send("n")
	s.prompt("126")
	s.line("fake-medium x")
	s.expect(`medium: run it\? \[y/N/e\] `)
	s.send("\r")
	s.prompt("126")
	s.send("\x04")
	if st := s.wait(); st != 126 {
		t.Fatalf("exit status %d, want 126", st)
	}
}

// a at a question keeps the answer: the same line then runs without a
// question, named; /approvals lists it, /forget 1 removes it, and the
// line is asked about again.
func TestInteractiveLastingAnswers(t *testing.T) {
	home, env := itSandbox(t)
	s := startShell(t, home, env, "GUARDSH_IT_ASK=default", "GUARDSH_IT_LASTING=1")
	s.prompt("")
	s.line("fake-medium once")
	s.expect(`a: always allow this command in `)
	s.expect(`medium: run it\? \[y/N/e/a\] `)
	s.send("a")
	s.expect(`always\r\n`)
	s.expect(`kept: fake-medium once`)
	s.prompt("")
	s.line("fake-medium once")
	s.expect(`\(lasting approval 1\)`)
	s.prompt("")
	s.line("/approvals")
	s.expect(`  1  fake-medium once\r\n`)
	s.prompt("")
	s.line("/forget 2")
	s.expect(`/forget: no approval 2`)
	s.prompt("")
	s.line("/forget 1")
	s.expect(`forgotten: fake-medium once`)
	s.prompt("")
	s.line("fake-medium once")
	s.expect(`medium: run it\? \[y/N/e/a\] `)
	s.send("n")
	s.prompt("126")
	s.send("\x04")
	s.wait()
}
