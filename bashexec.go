package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"

	"guardsh/allowlist"
	"guardsh/guard"
	"guardsh/shell"
	"guardsh/shell/supervise"
)

// By default (executor = "bash") a line guardsh -c, a script or stdin
// gives is decided as a whole exactly as for the interpreter
// (shell.Runner.Approve: the static check, the question), then run by
// real bash under the kernel-level supervisor (package shell/supervise),
// which stops every exec and every destructive call in the whole tree and
// has the guard decide it (decider.go). A session on a pipe runs in one
// long-lived bash (bashsession.go); the startup files bash would read are
// checked by guardsh and handed to it (bashprelude.go).

// maxProcs bounds the processes of a supervised tree: a fork bomb stops
// there. Only the test binary changes it (bashexec_test.go).
var maxProcs = 4096

// geteuid is the effective user id, which decides whether a line that
// changes user runs outside the supervisor. Only the test binary replaces
// it (bashexec_test.go), to test what a user sees as root.
var geteuid = os.Geteuid

// available says whether the supervisor can run here. Only the test
// binary replaces it (bashexec_test.go), to test the fallback.
var available = supervise.Available

// bashRun is what runBash needs from runShell.
type bashRun struct {
	o        options
	g        *guard.Guard
	r        *shell.Runner
	settings settings
	sigs     *signalRelay
	stdin    io.Reader
	stdout   io.Writer
	stderr   io.Writer
	src      string
	name     string
	params   []string
	// decide decides the whole input before it runs: the line to run,
	// the level it was approved at, and -1; or the status to exit with.
	decide func() (line string, approved guard.Level, status int)
	// early is the helper forked for the line before it was decided
	// (bashearly.go), or nil.
	early *supervise.Early
}

// runBash runs the input in real bash under the supervisor, or, when the
// supervisor cannot run here, says so and falls back to the interpreter
// (fallback), or refuses when the policy requires the supervisor. It
// returns the exit status.
func runBash(b bashRun, fallback func() int) int {
	bash, ok, status := bashReady(b.settings, b.stderr)
	switch {
	case status >= 0:
		return status
	case !ok:
		return fallback()
	}

	// The startup files bash would read, checked before they run
	// (bashprelude.go), and before the line, which is decided knowing
	// the functions and aliases they define.
	userEnv := os.Environ()
	prelude := bashPrelude(b.o, b.r, userEnv, b.stderr)
	line, approved, status := b.decide()
	if status >= 0 {
		return status
	}
	// The verdict again, for what only some runs need: auto mode's
	// environment, and a user's sudo line.
	var v guard.Verdict
	if b.o.auto || geteuid() != 0 {
		st := processState()
		st.Params, st.ParamsKnown = b.params, true
		v = b.g.Classify(line, st)
	}

	if b.o.auto && v.Auto {
		autoEnv := allowlist.AutoEnv(userEnv)
		if _, ok := lookupEnv(userEnv, "BASH_ENV"); ok {
			// Auto mode's environment drops $BASH_ENV: the prelude without it.
			prelude = bashPrelude(b.o, b.r, autoEnv, b.stderr)
		}
		userEnv = autoEnv
	}
	env := bashEnv(userEnv)
	env = setEnv(env, parentVar, b.settings.childVar(b.o.yes)(approved))

	o := b.o
	// What the tree inherits from guardsh is not the line's doing
	// (decider.lineEnv): the environment bash gets, with the $BASH_ENV
	// the prelude gives back.
	base := inheritedEnv(env, userEnv)
	var extra []*os.File
	f, env, err := withPrelude(prelude, env, &o)
	if err != nil {
		fmt.Fprintf(b.stderr, "guardsh: %v\n", err)
		return 126
	}
	if f != nil {
		defer f.Close()
		extra = []*os.File{f}
	}
	cmd := exec.Command(bash, bashArgs(o, line, b.name, b.params)...)
	cmd.Env = env
	cmd.ExtraFiles = extra
	cmd.Stdin, cmd.Stdout, cmd.Stderr = b.stdin, b.stdout, b.stderr
	b.sigs.wait()
	if b.r.Signaled() != nil {
		return 128 + signalNum(b.r.Signaled())
	}

	if geteuid() != 0 && v.ChangesUser() {
		// The supervisor's no_new_privs would make sudo fail: the line,
		// approved on its argv, runs outside it.
		path, _ := lookupEnv(env, "PATH")
		dir, _ := os.Getwd()
		if name, why := untrustedOutside(v, path, dir); name != "" {
			u := withUntrusted(guard.Verdict{Command: line}, name, why)
			f, _ := u.Top()
			fmt.Fprintf(b.stderr, "guardsh: refused (blocked, %s): %s: %s; blocked lines never run\n", f.Rule, line, f.Reason)
			return 126
		}
		fmt.Fprintf(b.stderr, "guardsh: %s\n", outsideNote())
		b.early.Abort()
		if err := cmd.Start(); err != nil {
			fmt.Fprintf(b.stderr, "guardsh: %v\n", err)
			return 126
		}
		done := b.track(cmd)
		err := cmd.Wait()
		done()
		return bashStatus(err, b.stderr)
	}

	home, _ := os.UserHomeDir()
	var limitSaid atomic.Bool
	cmd, sup, err := startSupervised(b.early, cmd, supervise.Config{
		Decider:      newDecider(b.g, b.r, cmd, approved, base, home),
		MaxProcs:     maxProcs,
		AllowInitial: true, // the decider allows bash itself (decider.Decide)
		Notice: func(n supervise.Notice) {
			if n.Syscall == "fork" {
				if limitSaid.Swap(true) {
					return
				}
				fmt.Fprintf(b.stderr, "guardsh: stopped a fork bomb: %s\n", n.Message)
				return
			}
			fmt.Fprintf(b.stderr, "guardsh: supervisor: pid %d, %s: %s\n", n.Pid, n.Syscall, n.Message)
		},
	})
	if err != nil {
		// Nothing of bash ran, and the helper was waited for.
		fmt.Fprintf(b.stderr, "guardsh: cannot start the supervisor: %v\n", err)
		if b.settings.superviseRequired() {
			return 126
		}
		fmt.Fprintln(b.stderr, "guardsh: running in guardsh's interpreter")
		// Decided already: it runs at the level it was approved at.
		status, err := b.r.RunApproved(context.Background(), line, approved)
		if err != nil && !errors.Is(err, context.Canceled) {
			fmt.Fprintf(b.stderr, "guardsh: %v\n", err)
		}
		return status
	}
	done := b.track(cmd)
	waitExited(cmd.Process.Pid)
	werr := cmd.Wait()
	done()
	sup.Close()
	if s := sup.Stats(); s.LimitHit && !limitSaid.Load() {
		fmt.Fprintf(b.stderr, "guardsh: stopped a fork bomb: the line reached the process limit of %d\n", maxProcs)
	}
	return bashStatus(werr, b.stderr)
}

// track passes the signals guardsh gets on to the started bash and every
// process under it, until the returned func is called (before bash is
// reaped). Bash stays in guardsh's process group, so that what signals
// the group (a terminal's Ctrl-C, a harness's killpg) reaches all of it
// at once; a signal sent to guardsh alone (kill(1), an agent's timeout)
// is passed on to the whole tree, as it reached the interpreter's
// command: bash alone would die of it and leave its children running.
func (b bashRun) track(cmd *exec.Cmd) func() {
	b.sigs.tree.Store(int64(cmd.Process.Pid))
	if sig := b.r.Signaled(); sig != nil {
		// Caught while bash started: it did not reach the tree.
		signalTree(cmd.Process.Pid, sig.(syscall.Signal))
	}
	return func() { b.sigs.tree.Store(0) }
}

// signalTree sends sig to the process root and to every process under it
// (as /proc lists each task's children), the deepest first, so that a
// parent waiting for its children sees them end by it.
func signalTree(root int, sig syscall.Signal) {
	pids := []int{root}
	for i := 0; i < len(pids) && len(pids) < 4096; i++ {
		tasks, _ := os.ReadDir("/proc/" + strconv.Itoa(pids[i]) + "/task")
		for _, t := range tasks {
			b, err := os.ReadFile("/proc/" + strconv.Itoa(pids[i]) + "/task/" + t.Name() + "/children")
			if err != nil {
				continue
			}
			for _, f := range strings.Fields(string(b)) {
				if n, err := strconv.Atoi(f); err == nil && n > 0 {
					pids = append(pids, n)
				}
			}
		}
	}
	for i := len(pids) - 1; i >= 0; i-- {
		syscall.Kill(pids[i], sig)
	}
}

// bashArgs is bash's command line for the approved line: the shell
// options guardsh was given, then -c LINE NAME ARGS... A script and
// stdin run as -c too, with the text that was checked: bash never reads
// the file again. No startup file is read (--norc, --noprofile): what bash
// would read there was not checked.
func bashArgs(o options, line, name string, params []string) []string {
	args := []string{"--norc", "--noprofile"}
	if o.posix {
		args = append(args, "--posix") // long options come before short ones
	}
	if o.login {
		args = append(args, "-l")
	}
	args = append(args, o.shellOpts...)
	args = append(args, o.shopts...)
	return append(append(args, "-c", line, name), params...)
}

// bashEnv is the environment bash starts with: guardsh's own, less what
// would make bash itself run code nobody checked before the line
// (BASH_ENV, ENV, exported functions).
func bashEnv(env []string) []string {
	return slices.DeleteFunc(slices.Clone(env), func(kv string) bool {
		k, _, _ := strings.Cut(kv, "=")
		return k == "BASH_ENV" || k == "ENV" || strings.HasPrefix(k, "BASH_FUNC_")
	})
}

// setEnv sets name to value in env, replacing what it held.
func setEnv(env []string, name, value string) []string {
	prefix := name + "="
	env = slices.DeleteFunc(env, func(kv string) bool { return strings.HasPrefix(kv, prefix) })
	return append(env, prefix+value)
}

// bashStatus is bash's exit status: its own, or 128+n when a signal
// killed it.
func bashStatus(err error, stderr io.Writer) int {
	if err == nil {
		return 0
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return 128 + int(ws.Signal())
		}
		return ee.ExitCode()
	}
	fmt.Fprintf(stderr, "guardsh: %v\n", err)
	return 126
}

// signalNum is a signal's number.
func signalNum(sig os.Signal) int {
	if s, ok := sig.(syscall.Signal); ok {
		return int(s)
	}
	return int(syscall.SIGINT)
}
