package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/creack/pty"
	"golang.org/x/sys/unix"

	"guardsh/shell/supervise"
)

// The interactive shell with executor = "bash", end to end: the real
// guard, the real supervisor, on a pty; every destructive program is a
// fake first on PATH that records its argv (this test binary under the
// program's name, see TestMain).

type ptyShell struct {
	t      *testing.T
	master *os.File
	cmd    *exec.Cmd
	mu     sync.Mutex
	buf    bytes.Buffer
	pos    int
	more   chan struct{}
}

func startBashInteractive(t *testing.T) (*ptyShell, string) {
	t.Helper()
	return startBashInteractiveWith(t, nil, nil)
}

// startBashInteractiveWith is startBashInteractive with extra variables
// in guardsh's environment and setup run on the home directory first.
func startBashInteractiveWith(t *testing.T, extra []string, setup func(home string)) (*ptyShell, string) {
	t.Helper()
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	if a := available(); !a.OK {
		t.Skipf("the supervisor cannot run here: %s", a.Reason)
	}
	home := t.TempDir()
	bin := filepath.Join(home, "bin")
	os.MkdirAll(bin, 0o755)
	os.MkdirAll(filepath.Join(home, ".config", "guardsh"), 0o755)
	for _, name := range []string{"guardsh", "rm"} {
		if err := os.Symlink(os.Args[0], filepath.Join(bin, name)); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(home, ".config", "guardsh", "config.toml"), []byte("executor = \"bash\"\nprompt = 'gs[\\s]\\$ '\n"), 0o644)
	master, slave, err := pty.Open()
	if err != nil {
		t.Fatal(err)
	}
	pty.Setsize(master, &pty.Winsize{Rows: 24, Cols: 100})
	cmd := exec.Command(filepath.Join(bin, "guardsh"))
	cmd.Env = []string{"PATH=" + bin + ":/usr/bin:/bin", "HOME=" + home, "USER=tester", "TERM=xterm", "NO_COLOR=1", "LANG=C.UTF-8",
		"XDG_CONFIG_HOME=" + home + "/.config", "XDG_STATE_HOME=" + home + "/state", "XDG_CACHE_HOME=" + home + "/cache", "XDG_DATA_HOME=" + home + "/data",
		"FAKE_LOG=" + home + "/calls.log"}
	cmd.Env = append(cmd.Env, extra...)
	if setup != nil {
		setup(home)
	}
	cmd.Dir = home
	cmd.Stdin, cmd.Stdout, cmd.Stderr = slave, slave, slave
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	slave.Close()
	s := &ptyShell{t: t, master: master, cmd: cmd, more: make(chan struct{}, 1)}
	go func() {
		b := make([]byte, 32<<10)
		for {
			n, err := master.Read(b)
			s.mu.Lock()
			s.buf.Write(b[:max(n, 0)])
			s.mu.Unlock()
			select {
			case s.more <- struct{}{}:
			default:
			}
			if err != nil {
				return
			}
		}
	}()
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
		master.Close()
		if t.Failed() {
			t.Logf("terminal:\n%q", s.buf.String())
		}
	})
	return s, home
}

func (s *ptyShell) expect(re string) {
	s.t.Helper()
	rx := regexp.MustCompile(re)
	deadline := time.After(20 * time.Second)
	for {
		s.mu.Lock()
		out := s.buf.Bytes()[s.pos:]
		if loc := rx.FindIndex(out); loc != nil {
			s.pos += loc[1]
			s.mu.Unlock()
			return
		}
		tail := string(out[max(0, len(out)-1500):])
		s.mu.Unlock()
		select {
		case <-s.more:
		case <-deadline:
			s.t.Fatalf("timed out waiting for %q; after the last match:\n%q", re, tail)
		}
	}
}

func (s *ptyShell) line(l string) { s.master.Write([]byte(l + "\r")) }

func (s *ptyShell) prompt(status string) {
	s.t.Helper()
	s.expect(`gs\[` + regexp.QuoteMeta(status) + `\][$#] \x1b\[J`)
}

func TestInteractiveBashExecutor(t *testing.T) {
	s, home := startBashInteractive(t)
	s.prompt("")
	// The variable bash holds is the classifier's.
	s.line("d=/")
	s.prompt("")
	s.line("rm -rf $d")
	s.expect(`blocked +rm_rf_root`)
	s.expect(`\[e/N\] `)
	s.line("n")
	s.prompt("126")
	s.line("echo status=$?")
	s.expect(`status=126\r\n`)
	s.prompt("")
	// A command built at run time is refused by the supervisor, at the
	// exec, and the line goes on.
	s.line(`x=$(printf r%s m); $x -rf /; echo after $?`)
	s.expect(`\[y/N/e[^\]]*\] `)
	s.line("y")
	s.expect(`refused \(blocked, rm_rf_root\): .*execve`)
	s.expect(`after 126\r\n`)
	s.prompt("")
	// A function defined where the line does not show it is classified
	// where it is called.
	s.line(`eval "$(printf 'g() { rm -rf %s; }' /)"`)
	s.expect(`\[y/N/e[^\]]*\] `)
	s.line("y")
	s.prompt("")
	s.line("g")
	s.expect(`blocked +rm_rf_root`)
	s.expect(`\[e/N\] `)
	s.line("n")
	s.prompt("126")
	s.line("exit 4")
	done := make(chan error, 1)
	go func() { done <- s.cmd.Wait() }()
	select {
	case err := <-done:
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 4 {
			t.Fatalf("exit: %v, want status 4", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the shell did not exit")
	}
	if b, err := os.ReadFile(filepath.Join(home, "calls.log")); err == nil && strings.Contains(string(b), "rm") {
		t.Fatalf("rm ran: %s", b)
	}
}

// TestInteractiveBashRunTimeQuestion: a program started above the level
// the line was approved at is asked about on the terminal while the line
// waits; yes runs it, no refuses it and the line goes on.
func TestInteractiveBashRunTimeQuestion(t *testing.T) {
	s, home := startBashInteractive(t)
	s.prompt("")
	s.line(`x=$(printf r%s m); $x -rf build; echo after $?`)
	s.expect(`medium +unknown_command`)
	s.expect(`\[y/N/e[^\]]*\] `)
	s.line("y")
	s.expect(`while running, rm -rf build:`)
	s.expect(`high +rm_rf`)
	s.expect(`\[y/N/e[^\]]*\] `)
	s.line("n")
	s.expect(`refused \(high, rm_rf\)`)
	s.expect(`after 126\r\n`)
	s.prompt("")
	if _, err := os.Stat(filepath.Join(home, "calls.log")); err == nil {
		t.Fatal("rm ran after no")
	}
	s.line(`x=$(printf r%s m); $x -rf build; echo after $?`)
	s.expect(`\[y/N/e[^\]]*\] `)
	s.line("y")
	s.expect(`while running, rm -rf build:`)
	s.expect(`\[y/N/e[^\]]*\] `)
	s.line("y")
	s.expect(`after 0\r\n`)
	s.prompt("")
	if b, _ := os.ReadFile(filepath.Join(home, "calls.log")); !strings.Contains(string(b), "rm -rf build") {
		t.Fatalf("rm did not run after yes: %q", b)
	}
}

func TestInteractiveBashChoice(t *testing.T) {
	saved := available
	t.Cleanup(func() { available = saved })
	t.Setenv(parentVar, "") // not nested
	os.Unsetenv(parentVar)
	no := func() supervise.Availability { return supervise.Availability{Reason: "no seccomp here"} }
	yes := func() supervise.Availability { return supervise.Availability{OK: true} }
	needBashPath := func() bool { _, err := exec.LookPath("bash"); return err == nil }
	for _, tc := range []struct {
		name          string
		executor, sup string
		avail         func() supervise.Availability
		wantBash, ok  bool
		wantSaid      string
	}{
		{"the default", "", "", yes, true, true, ""},
		{"interpreter", "interpreter", "", yes, false, true, ""},
		{"bash", "bash", "", yes, true, true, ""},
		{"bash, no supervisor", "bash", "", no, false, true, "running in guardsh's interpreter"},
		{"the default, no supervisor", "", "", no, false, true, "running in guardsh's interpreter"},
		{"required, no supervisor", "", "required", no, false, false, "refused"},
		{"required", "", "required", yes, true, true, ""},
	} {
		if tc.wantBash && !needBashPath() {
			continue
		}
		available = tc.avail
		st := settings{}
		st.cfg.Executor, st.cfg.Supervise = tc.executor, tc.sup
		var said strings.Builder
		b, ok := interactiveBash(st, nil, "/h", false, &said)
		if (b != nil) != tc.wantBash || ok != tc.ok || !strings.Contains(said.String(), tc.wantSaid) || tc.wantSaid == "" && said.Len() > 0 {
			t.Errorf("%s: bash %v, ok %v, said %q", tc.name, b != nil, ok, said.String())
		}
	}
}

// TestInteractiveBashJobs: bash's job control under the supervisor.
func TestInteractiveBashJobs(t *testing.T) {
	s, _ := startBashInteractive(t)
	s.prompt("")
	s.line("sleep 100 &")
	s.expect(`\[1\] \d+`)
	s.prompt("")
	s.line("jobs")
	s.expect(`\[1\]\+ +Running +sleep 100 &`)
	s.prompt("")
	s.line("sh -c 'echo started; exec sleep 100'; echo after")
	s.expect(`\r\nstarted\r\n`)
	s.master.Write([]byte{0x03})
	s.prompt("130")
	// Ctrl-Z and fg: bash continues its job's process group.
	s.line("sh -c 'echo again; exec sleep 100'")
	s.expect(`\r\nagain\r\n`)
	s.master.Write([]byte{0x1a})
	s.expect(`\[2\]\+ +Stopped`)
	s.prompt("148")
	s.line("bg %2; jobs")
	s.expect(`\[2\]\+ +Running`)
	s.prompt("")
	s.line("kill %1 %2; wait; echo waited")
	s.expect(`medium +kill`) // a job of an earlier line is not the line's own
	s.expect(`\[y/N/e[^\]]*\] `)
	s.line("y")
	s.expect(`waited\r\n`)
	s.prompt("")
}

// TestInteractiveBashUserSudo: as a user, a line whose program is sudo
// runs outside the supervisor (no_new_privs would keep it from gaining
// privileges), on the terminal, and the preview and the run say so; a
// line with more than the sudo runs supervised. sudo is a fake that
// reports its seccomp mode (2: under the supervisor's filter); the test binary takes its user id from
// GUARDSH_TEST_EUID.
func TestInteractiveBashUserSudo(t *testing.T) {
	s, home := startBashInteractiveWith(t, []string{"GUARDSH_TEST_EUID=1000"}, func(home string) {
		os.WriteFile(filepath.Join(home, "bin", "sudo"), []byte("#!/bin/sh\necho \"sudo $*\" >> \"$FAKE_LOG\"\ngrep '^Seccomp:' /proc/self/status\nexit 5\n"), 0o755)
	})
	s.prompt("")
	s.line("sudo ls /root")
	s.expect(`\r\nnote: the line changes user \(.*sudo.*\), which cannot gain privileges under the supervisor \(no_new_privs\), so it runs outside it`)
	s.expect(`\[y/N/e[^\]]*\] `)
	s.line("y")
	s.expect(`guardsh: the line changes user`)
	s.expect(`Seccomp:\s+0\r\n`)
	s.prompt("5")
	s.line("echo st=$?")
	s.expect(`st=5\r\n`)
	s.prompt("")
	s.line("sudo ls /root; echo after")
	s.expect(`\[y/N/e[^\]]*\] `)
	s.line("y")
	s.expect(`Seccomp:\s+2\r\n`)
	s.expect(`after\r\n`)
	s.prompt("")
	if b, _ := os.ReadFile(filepath.Join(home, "calls.log")); strings.Count(string(b), "sudo ls /root") != 2 {
		t.Fatalf("calls: %q", b)
	}
}

// TestInteractiveBashJobLevels: a background job is decided at the level
// of the line that started it, not of whichever line runs when it acts
// (as a session's, sessionlevel.go). rm is the fake that records its
// arguments.
func TestInteractiveBashJobLevels(t *testing.T) {
	s, home := startBashInteractive(t)
	s.prompt("")
	// A job of a medium line deletes guardsh's config (high) while a
	// high line runs: refused, without a question.
	s.line(`(while [ ! -e go ]; do sleep 0.05; done; x=$(printf r%s m); f=$(printf %s/guard%s/config.toml "$XDG_CONFIG_HOME" sh); $x -f "$f"; touch bgdone) &`)
	s.expect(`medium +unknown_command`)
	s.expect(`\[y/N/e[^\]]*\] `)
	s.line("y")
	s.prompt("")
	s.line(`rm -rf ./build; touch go; while [ ! -e bgdone ]; do sleep 0.05; done; echo two`)
	s.expect(`high +rm_rf`)
	s.expect(`\[y/N/e[^\]]*\] `)
	s.line("y")
	s.expect(`refused \(high, guardsh_self\)`)
	s.expect(`two\r\n`)
	s.prompt("")
	// A job of a high line keeps its level while a safe line runs: no
	// question, no refusal.
	s.line(`rm -rf ./build; (while [ ! -e go2 ]; do sleep 0.05; done; x=$(printf r%s m); $x -rf ./late; touch bgdone2) &`)
	s.expect(`\[y/N/e[^\]]*\] `)
	s.line("y")
	s.prompt("")
	s.line(`touch go2; while [ ! -e bgdone2 ]; do sleep 0.05; done; echo two`)
	s.expect(`two\r\n`)
	s.prompt("")
	b, _ := os.ReadFile(filepath.Join(home, "calls.log"))
	if strings.Contains(string(b), "config.toml") || !strings.Contains(string(b), "rm -rf ./late") {
		t.Fatalf("calls: %q", b)
	}
	s.mu.Lock()
	out := s.buf.String()
	s.mu.Unlock()
	if strings.Contains(out, "while running") || strings.Count(out, "refused") != 1 {
		t.Fatalf("a question or a refusal too many:\n%q", out)
	}
}

// TestInteractiveDefaultExecutor: with no executor in the config the
// interactive shell runs its lines in bash. (executor = "interpreter"
// starts os.Executable() --executor, which the test binary is not:
// TestInteractiveBashChoice tests the choice, shell's tests the
// interpreter executor.)
func TestInteractiveDefaultExecutor(t *testing.T) {
	for _, c := range []struct{ config, comm string }{
		{"", "bash"},
		{"executor = \"bash\"\n", "bash"},
	} {
		t.Run(strings.TrimSpace(c.config), func(t *testing.T) {
			s, _ := startBashInteractiveWith(t, nil, func(home string) {
				os.WriteFile(filepath.Join(home, ".config", "guardsh", "config.toml"), []byte(c.config+"prompt = 'gs[\\s]\\$ '\n"), 0o644)
			})
			s.prompt("")
			s.line("echo comm=$(cat /proc/$$/comm)")
			s.expect(`comm=` + c.comm + `\r\n`)
			s.prompt("")
		})
	}
}

// TestInteractiveBashTermAtRunTimeQuestion: SIGTERM while a run-time
// question of the supervisor waits ends the shell with 143, the terminal
// restored, and the program asked about does not run.
func TestInteractiveBashTermAtRunTimeQuestion(t *testing.T) {
	s, home := startBashInteractive(t)
	s.prompt("")
	s.line(`x=$(printf r%s m); $x -rf build; echo after $?`)
	s.expect(`\[y/N/e[^\]]*\] `)
	s.line("y")
	s.expect(`while running, rm -rf build:`)
	s.expect(`\[y/N/e[^\]]*\] `)
	s.cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan error, 1)
	go func() { done <- s.cmd.Wait() }()
	select {
	case err := <-done:
		// The front end's handler exits 143; the run-time question's
		// (ttyasker.go) ends the process by the signal itself. Both see
		// the signal, and either may act first: to the parent both are
		// an end by SIGTERM (bash's $? is 143 for each).
		ee, ok := err.(*exec.ExitError)
		byTerm := ok && (ee.ExitCode() == 143 || ee.ProcessState.Sys().(syscall.WaitStatus).Signal() == syscall.SIGTERM)
		if !byTerm {
			t.Fatalf("exit: %v, want an end by SIGTERM (status 143 or the signal)", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the shell did not exit")
	}
	tio, err := unix.IoctlGetTermios(int(s.master.Fd()), unix.TCGETS)
	if err != nil || tio.Lflag&unix.ICANON == 0 || tio.Lflag&unix.ECHO == 0 {
		t.Fatalf("the terminal was left raw: %v %+v", err, tio)
	}
	if b, _ := os.ReadFile(filepath.Join(home, "calls.log")); strings.Contains(string(b), "rm") {
		t.Fatalf("rm ran: %q", b)
	}
}

// TestInteractiveBashChildVar: each line's programs get GUARDSH_PARENT,
// as under -c, so that a guardsh a line starts knows it runs under this
// one's supervisor (and says nothing of falling back).
func TestInteractiveBashChildVar(t *testing.T) {
	s, _ := startBashInteractive(t)
	s.prompt("")
	s.line("printenv GUARDSH_PARENT >/dev/null && echo parent-set")
	s.expect(`parent-set\r\n`)
	s.prompt("")
	s.line("guardsh -c 'echo nested-$((1+1))'")
	s.expect(`nested-2\r\n`)
	s.prompt("")
	s.mu.Lock()
	out := s.buf.String()
	s.mu.Unlock()
	if strings.Contains(out, "cannot run here") {
		t.Fatalf("the nested guardsh said it falls back:\n%q", out)
	}
}
