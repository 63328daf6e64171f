// End-to-end tests of the guardsh binary.
//
// TestScripts runs every testdata/script/*.txtar with testscript. The test
// binary is guardsh itself: scripts run it as `exec guardsh ...` (exec is
// required: RequireExplicitExec). Each script starts in $WORK with:
//
//	HOME=$WORK/home, XDG_CONFIG_HOME=$WORK/.config, XDG_STATE_HOME=$WORK/.state,
//	XDG_CACHE_HOME=$WORK/.cache, XDG_DATA_HOME=$WORK/.data (all created),
//	PATH=$WORK/bin:$PATH, FAKE_LOG=$WORK/calls.log, NO_COLOR=1,
//	TESTDATA=the repository's testdata directory (read only).
//
// Helpers (script commands):
//
//	fakes NAME...  puts fake programs named NAME in $WORK/bin, first on PATH.
//	               A fake appends one line, its name and arguments joined by
//	               spaces, to $FAKE_LOG and exits 0; nothing else. Fakes are
//	               symlinks to the test binary, so they need no shell. Names
//	               with a special behavior (after recording the line):
//	                 fail*  exit 1;
//	                 wait*  create $FAKE_LOG.ready, wait for SIGINT, SIGTERM
//	                        or SIGHUP, record "NAME got SIGNAL", exit 128+n;
//	                 pid*   write their process id to $FAKE_LOG.pid;
//	                 out*   print their arguments on stdout;
//	                 launch* record nothing and run their arguments, as
//	                        a program guardsh does not look into (a
//	                        Python script, make) starts another.
//	               Always fake destructive programs (rm, dd, cat onto a
//	               device...) before a script could run them, even when
//	               guardsh must refuse them.
//	waitfile FILE  waits (up to 10s) until FILE exists.
//	signal SIG     sends SIG (INT, TERM, HUP, ...) to the background commands.
//	mkfifo FILE    makes a FIFO (a named pipe) at FILE.
//	dialog FILE ARGS... plays a session with guardsh on a pipe (main_dialog_test.go).
//
// A guardsh a script runs with exec that is still running after three
// minutes prints its goroutines and its processes' kernel state, kills
// them and exits 124 (main_watchdog_test.go).
//
// `! exists calls.log` asserts that nothing fake ran; `cmp calls.log want`
// checks what ran, in order.
package main

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
	"golang.org/x/sys/unix"

	"guardsh/shell/supervise"
)

func TestMain(m *testing.M) {
	supervise.MaybeChild() // the supervisor's helper, re-executed (bashexec.go)
	name := filepath.Base(os.Args[0])
	if name != "guardsh" && !strings.HasSuffix(name, ".test") && os.Getenv("FAKE_LOG") != "" {
		os.Exit(fakeMain(name, os.Args[1:]))
	}
	testscript.Main(exitHook{m}, map[string]func(){
		"guardsh": func() {
			scriptWatchdog()
			os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr))
		},
	})
}

// exitHook removes fakeBinary's copy once the tests ran.
type exitHook struct{ m *testing.M }

func (h exitHook) Run() int {
	code := h.m.Run()
	if fakeDir != "" {
		os.RemoveAll(fakeDir)
	}
	return code
}

// fakeMain is a fake program: it records its argv and exits.
func fakeMain(name string, args []string) int {
	if strings.HasPrefix(name, "launch") {
		path, err := exec.LookPath(args[0])
		if err == nil {
			err = syscall.Exec(path, args, os.Environ())
		}
		fmt.Fprintf(os.Stderr, "fake %s: %v\n", name, err)
		return 99
	}
	logf := os.Getenv("FAKE_LOG")
	f, err := os.OpenFile(logf, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		fmt.Fprintf(os.Stderr, "fake %s: %v\n", name, err)
		return 99
	}
	defer f.Close()
	fmt.Fprintln(f, strings.Join(append([]string{name}, args...), " "))
	switch {
	case strings.HasPrefix(name, "fail"):
		return 1
	case strings.HasPrefix(name, "pid"):
		os.WriteFile(logf+".pid", fmt.Appendf(nil, "%d\n", os.Getpid()), 0o644)
	case strings.HasPrefix(name, "out"):
		fmt.Println(strings.Join(args, " "))
	case strings.HasPrefix(name, "ignsig"):
		// Starts its arguments with SIGINT and SIGHUP ignored, as nohup
		// and a shell's background jobs do.
		signal.Ignore(syscall.SIGINT, syscall.SIGHUP)
		if err := syscall.Exec(args[0], args, os.Environ()); err != nil {
			fmt.Fprintf(os.Stderr, "fake %s: %v\n", name, err)
		}
		return 99
	case strings.HasPrefix(name, "sigign"):
		// Records which of SIGINT, SIGTERM and SIGHUP it was started with
		// ignored.
		status, _ := os.ReadFile("/proc/self/status")
		for _, l := range strings.Split(string(status), "\n") {
			if hex, ok := strings.CutPrefix(l, "SigIgn:"); ok {
				mask, _ := strconv.ParseUint(strings.TrimSpace(hex), 16, 64)
				fmt.Fprintf(f, "%s ignores", name)
				for _, sg := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP} {
					if mask&(1<<(sg-1)) != 0 {
						fmt.Fprintf(f, " %s", unix.SignalName(sg))
					}
				}
				fmt.Fprintln(f)
			}
		}
	case strings.HasPrefix(name, "wait"):
		c := make(chan os.Signal, 1)
		signal.Notify(c, syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP)
		os.WriteFile(logf+".ready", nil, 0o644)
		select {
		case s := <-c:
			fmt.Fprintf(f, "%s got %s\n", name, unix.SignalName(s.(syscall.Signal)))
			return 128 + int(s.(syscall.Signal))
		case <-time.After(30 * time.Second):
			fmt.Fprintf(f, "%s timed out\n", name)
			return 1
		}
	}
	return 0
}

func TestScripts(t *testing.T) {
	testscript.Run(t, scriptParams())
}

// scriptParams are the testscript parameters every script runs with.
func scriptParams() testscript.Params {
	return testscript.Params{
		Dir:                 "testdata/script",
		RequireExplicitExec: true,
		Setup:               setupScript,
		// [supervised]: the supervisor can run here (available: not under
		// GUARDSH_TEST_NO_SUPERVISOR, which makes the whole run one of a
		// machine without it).
		Condition: func(cond string) (bool, error) {
			if cond != "supervised" {
				return false, fmt.Errorf("unknown condition %q", cond)
			}
			return available().OK, nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"fakes":    cmdFakes,
			"waitfile": cmdWaitfile,
			"signal":   cmdSignal,
			"mkfifo":   cmdMkfifo,
			"dialog":   cmdDialog,
		},
	}
}

// setupScript points HOME and XDG_* into $WORK and puts $WORK/bin first
// on PATH.
func setupScript(e *testscript.Env) error {
	dirs := map[string]string{
		"HOME":            "home",
		"XDG_CONFIG_HOME": ".config",
		"XDG_STATE_HOME":  ".state",
		"XDG_CACHE_HOME":  ".cache",
		"XDG_DATA_HOME":   ".data",
	}
	for k, d := range dirs {
		p := filepath.Join(e.WorkDir, d)
		if err := os.MkdirAll(p, 0o755); err != nil {
			return err
		}
		e.Setenv(k, p)
	}
	bin := filepath.Join(e.WorkDir, "bin")
	if err := os.MkdirAll(bin, 0o755); err != nil {
		return err
	}
	e.Setenv("PATH", bin+string(filepath.ListSeparator)+e.Getenv("PATH"))
	e.Setenv("FAKE_LOG", filepath.Join(e.WorkDir, "calls.log"))
	e.Setenv("NO_COLOR", "1")
	// $TESTDATA: the fixtures shared with the Go tests (testdata/hooks).
	td, err := filepath.Abs("testdata")
	if err != nil {
		return err
	}
	e.Setenv("TESTDATA", td)
	if v := os.Getenv("GORACE"); v != "" {
		// The race detector's settings reach the guardsh the scripts
		// start (.ci/run turns off its second of sleep at each exit).
		e.Setenv("GORACE", v)
	}
	// A guardsh that hangs fails its script after three minutes, saying
	// where (main_watchdog_test.go).
	e.Setenv("GUARDSH_TEST_WATCHDOG", "3m")
	if v := os.Getenv("GUARDSH_TEST_NO_SUPERVISOR"); v != "" {
		// The whole run as on a machine without the supervisor.
		e.Setenv("GUARDSH_TEST_NO_SUPERVISOR", v)
	}
	return nil
}

// fakeBinary is what fakes are symbolic links to: a copy of the test
// binary with one byte more at its end (the kernel does not read it), made
// once per test process. The test binary itself is guardsh (testscript
// puts it on PATH as guardsh), and the supervisor takes a program that is
// byte for byte a copy of one on PATH for that program too: a fake rm
// would be a guardsh.
var fakeBinary = sync.OnceValues(func() (string, error) {
	self, err := os.Executable()
	if err != nil {
		return "", err
	}
	dir, err := os.MkdirTemp("", "guardsh-fakes-")
	if err != nil {
		return "", err
	}
	fakeDir = dir
	src, err := os.Open(self)
	if err != nil {
		return "", err
	}
	defer src.Close()
	p := filepath.Join(dir, "fake.test")
	dst, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o755)
	if err != nil {
		return "", err
	}
	if _, err := io.Copy(dst, src); err != nil {
		dst.Close()
		return "", err
	}
	if _, err := dst.Write([]byte{0}); err != nil {
		dst.Close()
		return "", err
	}
	return p, dst.Close()
})

// fakeDir holds fakeBinary's copy, removed when the tests end.
var fakeDir string

// cmdFakes is `fakes NAME...`.
func cmdFakes(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) == 0 {
		ts.Fatalf("usage: fakes NAME...")
	}
	self, err := fakeBinary()
	ts.Check(err)
	bin := ts.MkAbs("bin")
	for _, name := range args {
		if strings.ContainsRune(name, '/') || name == "guardsh" {
			ts.Fatalf("fakes: bad name %q", name)
		}
		p := filepath.Join(bin, name)
		os.Remove(p)
		ts.Check(os.Symlink(self, p))
	}
	// Make sure each fake is what PATH finds first.
	for _, name := range args {
		found := ""
		for _, d := range filepath.SplitList(ts.Getenv("PATH")) {
			p := filepath.Join(d, name)
			if fi, err := os.Stat(p); err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0 {
				found = p
				break
			}
		}
		if found != filepath.Join(bin, name) {
			ts.Fatalf("fakes: %s is not first on PATH (found %q)", name, found)
		}
	}
}

// cmdWaitfile is `waitfile FILE`.
func cmdWaitfile(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: waitfile FILE")
	}
	p := ts.MkAbs(args[0])
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if _, err := os.Stat(p); err == nil {
			return
		}
	}
	ts.Fatalf("waitfile: %s did not appear", args[0])
}

// cmdSignal is `signal SIG`: it signals every background command.
func cmdSignal(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: signal SIG")
	}
	name := strings.ToUpper(args[0])
	if !strings.HasPrefix(name, "SIG") {
		name = "SIG" + name
	}
	sig := unix.SignalNum(name)
	if sig == 0 {
		ts.Fatalf("signal: unknown signal %s", args[0])
	}
	for _, cmd := range ts.BackgroundCmds() {
		if cmd.Process != nil {
			ts.Check(cmd.Process.Signal(sig))
		}
	}
}

// cmdMkfifo makes a FIFO.
func cmdMkfifo(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: mkfifo FILE")
	}
	if err := syscall.Mkfifo(ts.MkAbs(args[0]), 0o600); err != nil {
		ts.Fatalf("mkfifo: %v", err)
	}
}
