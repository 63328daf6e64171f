package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
)

// cmdDialog is `dialog FILE [ARGS...]`: it starts `guardsh ARGS...` with
// its stdin a pipe and without a controlling terminal, and plays FILE, one
// step a line, as a harness keeping one shell would:
//
//	> TEXT     writes TEXT and a newline on guardsh's stdin
//	< REGEXP   waits for guardsh's next line on stdout, which must match
//	2> REGEXP  waits for its next line on stderr, which must match
//	close      closes its stdin
//	exit N     waits for it to end, with status N
//
// $WORK and the other variables are expanded in the REGEXPs (quoted). Each wait has
// a deadline (10s), so that a guardsh that does not answer fails the test
// instead of hanging it; nothing sleeps.
func cmdDialog(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 1 {
		ts.Fatalf("usage: dialog FILE [ARGS...]")
	}
	steps := strings.Split(strings.TrimRight(ts.ReadFile(args[0]), "\n"), "\n")
	var env []string
	for _, k := range []string{"PATH", "HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME", "FAKE_LOG", "NO_COLOR", "TMPDIR", "WORK", "GUARDSH_TEST_POLICY", "GORACE"} {
		env = append(env, k+"="+ts.Getenv(k))
	}
	path, err := lookPathIn("guardsh", ts.Getenv("PATH"))
	ts.Check(err)
	cmd := exec.Command(path, args[1:]...)
	cmd.Env, cmd.Dir = env, ts.MkAbs(".")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true} // no terminal
	stdin, err := cmd.StdinPipe()
	ts.Check(err)
	outPipe, err := cmd.StdoutPipe()
	ts.Check(err)
	errPipe, err := cmd.StderrPipe()
	ts.Check(err)
	ts.Check(cmd.Start())
	defer cmd.Process.Kill()
	stdout, stderr := lines(outPipe), lines(errPipe)
	for _, step := range steps {
		verb, arg, _ := strings.Cut(step, " ")
		switch verb {
		case ">":
			ts.Logf("> %s", arg)
			_, err := io.WriteString(stdin, arg+"\n")
			ts.Check(err)
		case "<", "2>":
			from, name := stdout, "stdout"
			if verb == "2>" {
				from, name = stderr, "stderr"
			}
			arg = os.Expand(arg, func(k string) string { return regexp.QuoteMeta(ts.Getenv(k)) })
			re, err := regexp.Compile(arg)
			ts.Check(err)
			select {
			case l, ok := <-from:
				if !ok {
					ts.Fatalf("%s ended, want a line matching %q", name, arg)
				}
				ts.Logf("%s %s", verb, l)
				if !re.MatchString(l) {
					ts.Fatalf("%s: got %q, want a match of %q", name, l, arg)
				}
			case <-time.After(10 * time.Second):
				ts.Fatalf("%s: no line within 10s, want a match of %q", name, arg)
			}
		case "close":
			ts.Check(stdin.Close())
		case "exit":
			want, err := strconv.Atoi(arg)
			ts.Check(err)
			done := make(chan error, 1)
			go func() {
				for range stdout {
				}
				for range stderr {
				}
				done <- cmd.Wait()
			}()
			select {
			case err := <-done:
				got := 0
				var ee *exec.ExitError
				if errors.As(err, &ee) {
					got = ee.ExitCode()
				} else if err != nil {
					ts.Fatalf("wait: %v", err)
				}
				if got != want {
					ts.Fatalf("exit status %d, want %d", got, want)
				}
			case <-time.After(10 * time.Second):
				ts.Fatalf("guardsh did not end within 10s")
			}
		default:
			ts.Fatalf("dialog: bad step %q", step)
		}
	}
}

// lines sends each line read from r, then closes.
func lines(r io.Reader) <-chan string {
	c := make(chan string, 100)
	go func() {
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			c <- sc.Text()
		}
		close(c)
	}()
	return c
}

// lookPathIn finds name in the directories of path.
func lookPathIn(name, path string) (string, error) {
	for _, d := range strings.Split(path, ":") {
		p := d + "/" + name
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	return "", fmt.Errorf("%s not found on PATH", name)
}
