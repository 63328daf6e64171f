package main

import (
	"errors"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/creack/pty"
	"golang.org/x/sys/unix"

	"guardsh/guard"
	"guardsh/prompt"
	"guardsh/shell"
)

// screen reads what is drawn on a pty's master, for read-until with a
// deadline.
type screen struct {
	t    *testing.T
	c    <-chan string
	seen strings.Builder
	used int
}

// ptyOutput sends what is written on the pty whose master is master, as
// it comes, and is closed when the pty is.
func ptyOutput(master *os.File) <-chan string {
	c := make(chan string, 64)
	go func() {
		defer close(c)
		buf := make([]byte, 4096)
		for {
			n, err := master.Read(buf)
			if n > 0 {
				c <- string(buf[:n])
			}
			if err != nil {
				return
			}
		}
	}()
	return c
}

func newScreen(t *testing.T, master *os.File) *screen {
	return &screen{t: t, c: ptyOutput(master)}
}

// until reads until want shows after what earlier calls returned, and
// returns what was drawn up to and including it.
func (s *screen) until(want string) string {
	s.t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		if i := strings.Index(s.seen.String()[s.used:], want); i >= 0 {
			got := s.seen.String()[s.used : s.used+i+len(want)]
			s.used += i + len(want)
			return got
		}
		select {
		case c, ok := <-s.c:
			if !ok {
				s.t.Fatalf("terminal closed before %q: %q", want, s.seen.String())
			}
			s.seen.WriteString(c)
		case <-deadline:
			s.t.Fatalf("no %q on the terminal: %q", want, s.seen.String())
		}
	}
}

func termios(t *testing.T, f *os.File) unix.Termios {
	t.Helper()
	tio, err := unix.IoctlGetTermios(int(f.Fd()), unix.TCGETS)
	if err != nil {
		t.Fatal(err)
	}
	return *tio
}

// openPty opens a pty whose mode is not the default one (echo off), so
// that a restored mode is the one found, not a default.
func openPty(t *testing.T) (master, slave *os.File, mode unix.Termios) {
	t.Helper()
	master, slave, err := pty.Open()
	if err != nil {
		t.Skipf("no pty: %v", err)
	}
	t.Cleanup(func() { master.Close(); slave.Close() })
	tio := termios(t, slave)
	tio.Lflag &^= unix.ECHO
	if err := unix.IoctlSetTermios(int(slave.Fd()), unix.TCSETS, &tio); err != nil {
		t.Fatal(err)
	}
	return master, slave, termios(t, slave)
}

// reopen opens the pty's slave again: a file of its own, as another
// process has.
func reopen(t *testing.T, slave *os.File) *os.File {
	t.Helper()
	f, err := os.OpenFile(slave.Name(), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

func question(t *testing.T, line string) shell.Question {
	g, err := guard.New()
	if err != nil {
		t.Fatal(err)
	}
	return shell.Question{Verdict: g.Classify(line, guard.State{}), Line: line}
}

type askResult struct {
	d   shell.Decision
	err error
}

// answer waits for an asker's answer, up to a deadline.
func answer(t *testing.T, c chan askResult) askResult {
	t.Helper()
	select {
	case r := <-c:
		return r
	case <-time.After(10 * time.Second):
		t.Fatal("no answer")
	}
	return askResult{}
}

func TestTTYAskerOneQuestionAtATime(t *testing.T) {
	master, slave, mode := openPty(t)
	scr := newScreen(t, master)
	dir := t.TempDir()
	waiting := make(chan struct{})
	a1 := &ttyAsker{tty: reopen(t, slave), lockDir: dir}
	a2 := &ttyAsker{tty: reopen(t, slave), lockDir: dir, waiting: func() { close(waiting) }}
	r1, r2 := make(chan askResult, 1), make(chan askResult, 1)
	go func() { d, _, err := a1.Ask(question(t, "rm first")); r1 <- askResult{d, err} }()
	scr.until("[y/N/e")
	go func() { d, _, err := a2.Ask(question(t, "rm second")); r2 <- askResult{d, err} }()
	select {
	case <-waiting:
	case <-time.After(10 * time.Second):
		t.Fatal("the second question did not wait for the first")
	}
	master.Write([]byte("y"))
	if r := answer(t, r1); r.d != shell.Yes || r.err != nil {
		t.Errorf("first question: %v %v, want yes", r.d, r.err)
	}
	between := scr.until("rm second")
	if !strings.Contains(between, "yes") {
		t.Errorf("the second question showed before the first was answered: %q", between)
	}
	scr.until("[y/N/e")
	master.Write([]byte("n"))
	if r := answer(t, r2); r.d != shell.No || r.err != nil {
		t.Errorf("second question: %v %v, want no", r.d, r.err)
	}
	if got := termios(t, slave); got != mode {
		t.Errorf("terminal mode not restored:\n got %+v\nwant %+v", got, mode)
	}
}

// Each answer leaves the terminal in the mode it was found in.
func TestTTYAskerRestoresMode(t *testing.T) {
	for _, tt := range []struct {
		name, keys string
		want       shell.Decision
	}{
		{"yes", "y", shell.Yes},
		{"no", "n", shell.No},
		{"ctrl-c", "\x03", shell.No},
		{"enter", "\r", shell.No},
		{"edit, then cancel", "e\x03", shell.No},
		{"edit", "e\x15rm other\r", shell.Edit},
	} {
		t.Run(tt.name, func(t *testing.T) {
			master, slave, mode := openPty(t)
			scr := newScreen(t, master)
			a := &ttyAsker{tty: reopen(t, slave), lockDir: t.TempDir()}
			r := make(chan askResult, 1)
			go func() { d, _, err := a.Ask(question(t, "rm x")); r <- askResult{d, err} }()
			scr.until("[y/N/e")
			first, rest, _ := strings.Cut(tt.keys, "e")
			if rest != "" || strings.HasPrefix(tt.keys, "e") {
				master.Write([]byte("e"))
				scr.until("edit> ")
				master.Write([]byte(rest))
			} else {
				master.Write([]byte(first))
			}
			got := answer(t, r)
			if got.d != tt.want || got.err != nil {
				t.Errorf("%v %v, want %v", got.d, got.err, tt.want)
			}
			if m := termios(t, slave); m != mode {
				t.Errorf("terminal mode not restored:\n got %+v\nwant %+v", m, mode)
			}
		})
	}
}

// A SIGTERM or SIGHUP while guardsh -c asks ends it by that signal, with
// the terminal in the mode it was found in and nothing run.
func TestTTYAskerSignalMidQuestion(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGHUP} {
		t.Run(sig.String(), func(t *testing.T) {
			s := newSandbox(t, "rm")
			master, slave, mode := openPty(t)
			scr := newScreen(t, master)
			cmd := s.command("-c", "rm x")
			cmd.ExtraFiles = []*os.File{slave}
			cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 3}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			scr.until("[y/N/e")
			cmd.Process.Signal(sig)
			err := cmd.Wait()
			var ee *exec.ExitError
			if !errors.As(err, &ee) {
				t.Fatalf("guardsh did not end by the signal: %v", err)
			}
			if ws := ee.Sys().(syscall.WaitStatus); !ws.Signaled() || ws.Signal() != sig {
				t.Errorf("wait status %v, want killed by %v", ws, sig)
			}
			if m := termios(t, slave); m != mode {
				t.Errorf("terminal mode not restored:\n got %+v\nwant %+v", m, mode)
			}
			if c := s.calls(); c != "" {
				t.Errorf("ran %q", c)
			}
		})
	}
}

// Two guardsh -c run at once on one terminal (make -j2 with two risky
// recipes): one question at a time, each answer to its own question.
func TestTwoGuardshOneTerminal(t *testing.T) {
	s := newSandbox(t, "rm")
	master, slave, mode := openPty(t)
	scr := newScreen(t, master)
	guardsh := s.command().Path
	cmd := exec.Command("/bin/sh", "-c", `"$0" -c 'rm first' & "$0" -c 'rm second'; wait`, guardsh)
	cmd.Env, cmd.Dir = s.env, s.dir
	cmd.ExtraFiles = []*os.File{slave}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 3}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	q1 := scr.until("[y/N/e")
	if strings.Contains(q1, "rm first") == strings.Contains(q1, "rm second") {
		t.Fatalf("want exactly one question on the terminal: %q", q1)
	}
	yes, no := "first", "second"
	if strings.Contains(q1, "rm second") {
		yes, no = no, yes
	}
	master.Write([]byte("y"))
	q2 := scr.until("[y/N/e")
	if !strings.Contains(q2, "yes") || !strings.Contains(q2, "rm "+no) || strings.Contains(q2, "rm "+yes) {
		t.Fatalf("second question: %q", q2)
	}
	master.Write([]byte("n"))
	if err := cmd.Wait(); err != nil {
		t.Logf("sh: %v", err)
	}
	if c := s.calls(); c != "rm "+yes+"\n" {
		t.Errorf("ran %q, want rm %s", c, yes)
	}
	if m := termios(t, slave); m != mode {
		t.Errorf("terminal mode not restored:\n got %+v\nwant %+v", m, mode)
	}
	if _, err := os.Stat(filepath.Join(s.dir, ".xdg_state_home")); err != nil {
		t.Logf("no state dir: the terminal's device was locked itself")
	}
}

// Ctrl-C (SIGINT) while a question waits for another on the terminal is
// no; the lock is free again once the other is answered.
func TestTTYAskerInterruptWhileWaiting(t *testing.T) {
	// A test run in the background starts with SIGINT ignored, which
	// guardsh leaves ignored: catch it for the rest of this process.
	signal.Notify(make(chan os.Signal, 1), syscall.SIGINT)
	master, slave, mode := openPty(t)
	scr := newScreen(t, master)
	dir := t.TempDir()
	// Another question holds the terminal (as another process would).
	unlock, err := prompt.LockTerminal(reopen(t, slave), dir, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	waiting := make(chan struct{})
	a := &ttyAsker{tty: reopen(t, slave), lockDir: dir, waiting: func() { close(waiting) }}
	r := make(chan askResult, 1)
	go func() { d, _, err := a.Ask(question(t, "rm second")); r <- askResult{d, err} }()
	select {
	case <-waiting:
	case <-time.After(10 * time.Second):
		t.Fatal("the question did not wait for the other")
	}
	// The asker catches SIGINT while it waits: the test process lives.
	syscall.Kill(os.Getpid(), syscall.SIGINT)
	if got := answer(t, r); got.d != shell.No || got.err != nil {
		t.Errorf("interrupted wait: %v %v, want no", got.d, got.err)
	}
	unlock()
	// The lock is free again: the next question is asked at once.
	b := &ttyAsker{tty: reopen(t, slave), lockDir: dir}
	go func() { d, _, err := b.Ask(question(t, "rm third")); r <- askResult{d, err} }()
	if out := scr.until("[y/N/e"); strings.Contains(out, "rm second") || !strings.Contains(out, "rm third") {
		t.Errorf("screen %q: want only the third question", out)
	}
	master.Write([]byte("y"))
	if got := answer(t, r); got.d != shell.Yes {
		t.Errorf("third question: %v %v", got.d, got.err)
	}
	if got := termios(t, slave); got != mode {
		t.Errorf("terminal mode not restored:\n got %+v\nwant %+v", got, mode)
	}
}
