package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"

	"golang.org/x/sys/unix"

	"guardsh/allowlist"
	"guardsh/guard"
	"guardsh/prompt"
	"guardsh/shell"
	"guardsh/shell/supervise"
)

// runShell runs guardsh as a shell: -c STRING, a script FILE, commands on
// stdin (-s, or stdin not a terminal), or the interactive shell when stdin
// and stdout are terminals or -i is given.
func runShell(o options, stdin io.Reader, stdout, stderr io.Writer) int {
	if o.interact || (!o.hasCommand && !o.stdin && len(o.args) == 0 &&
		prompt.IsTerminal(stdin) && prompt.IsTerminal(stdout)) {
		if len(o.shopts) > 0 {
			// Not silently dropped: a shell option asked for is honoured
			// or refused.
			fmt.Fprintf(stderr, "guardsh: %s %s: the interactive shell does not take shopt options yet; run shopt -s at its prompt or in ~/.guardshrc\n", o.shopts[0], o.shopts[1])
			return 2
		}
		return runInteractive(o, stdin, stdout, stderr)
	}
	session := pipeSession(o, stdin)
	src, name, params, status := "", o.name, o.args, -1
	if !session {
		src, name, params, status = shellInput(o, stdin, stderr)
	}
	if status >= 0 {
		return status
	}
	sigs := catchSignals()
	defer sigs.stop()
	var early *supervise.Early
	if !o.dryRun {
		// While the settings load, the guard is built and the line
		// decided; a line's bash has no descriptors of its own but a
		// prelude's (bashexec.go). Before the settings say which executor
		// runs the line: the default, bash, is the one to wait for, and
		// for the interpreter it is work on another CPU, thrown away. A
		// -c line's helper is forked now (bashearly.go).
		if early = prestartBash(o, session, stdin, stdout, stderr); early == nil {
			supervise.Prepare(supervise.Config{MaxProcs: maxProcs}, 0)
		}
	}
	defer early.Abort() // where the line did not run through it
	settings := loadSettings(o, stderr)
	if early != nil && !settings.bashExecutor() {
		go early.Abort() // on the other CPU while the interpreter runs the line
	}
	g, err := guardFrom(settings, o.auto || o.dryRun)
	if err != nil {
		fmt.Fprintf(stderr, "guardsh: %v\n", err)
		return 2
	}
	if o.dryRun {
		return dryRun(o, g, newStyle(settings, stdout), src, name, params, stdout, stderr, settings.outsideNote)
	}
	auditOpts, audit, ok := openAudit(settings, stderr, false)
	if !ok {
		return 126
	}

	opts := []shell.Option{
		shell.WithStdio(stdin, stdout, stderr),
		shell.WithParams(name, params...),
		shell.WithShellOpts(o.shellOpts...),
		shell.WithExecReplace(stdin == os.Stdin && stdout == os.Stdout && stderr == os.Stderr),
		shell.WithBeforeStart(sigs.wait),
	}
	opts = append(append(opts, settings.runnerOptions(o.yes)...), auditOpts...)
	if o.auto && !session {
		// A line auto mode runs gets an environment in which reading cannot
		// turn into running (pagers, git hooks, LD_PRELOAD): docs/auto-mode.md.
		st := processState()
		st.Params, st.ParamsKnown = params, true
		if g.Classify(src, st).Auto {
			opts = append(opts, shell.WithEnv(allowlist.AutoEnv(os.Environ())))
		}
	}
	hook, status := hookOption(o, stderr)
	if status >= 0 {
		return status
	}
	if hook != nil {
		opts = append(opts, hook)
	}
	lasting := newLasting(settings)
	if lasting != nil && lasting.allowed {
		opts = append(opts, shell.WithLasting(lasting.match))
	}
	a := newTTYAsker(o, g, settings, sigs.wait)
	if a != nil {
		defer a.Close()
		a.lasting = lasting
		opts = append(opts, shell.WithAsker(a))
	}
	r, err := shell.New(g, opts...)
	if err != nil {
		fmt.Fprintf(stderr, "guardsh: %v\n", err)
		return 2
	}
	if a != nil {
		a.dir = r.Dir
	}

	sigs.forward(r)
	if session && settings.bashExecutor() {
		// One long-lived bash runs the session's commands as they come
		// (bashsession.go).
		bash, ok, status := bashReady(settings, stderr)
		if status >= 0 {
			return status
		}
		if ok {
			b := bashRun{o: o, g: g, r: r, settings: settings, sigs: sigs, stdin: stdin, stdout: stdout, stderr: stderr, name: name, params: params}
			return runBashSession(b, bash, stdin, func(dec *sessionDecider, send sendFunc) int {
				return b.sessionLoop(stdin.(*os.File), dec, send)
			})
		}
	}
	if session || !settings.bashExecutor() {
		// The line runs in the interpreter: set it up as bash sets itself
		// up (startup.go). Real bash does that itself.
		if status, exited := startup(o, r, stderr); exited {
			return status
		}
	}
	if session {
		return runSession(o, r, g, stdin.(*os.File), audit, stderr)
	}
	if settings.bashExecutor() {
		// A line a hook approved is decided by the same whole-line
		// decision (hookOption).
		decide := func() (string, guard.Level, int) { return r.Approve(src) }
		b := bashRun{o: o, g: g, r: r, settings: settings, sigs: sigs, stdin: stdin, stdout: stdout, stderr: stderr,
			src: src, name: name, params: params, decide: decide, early: early}
		if o.agent.cwdFD > 0 {
			// The agent follows the last directory: one long-lived bash
			// runs the line as a session's one command, and reports it
			// (bashsession.go).
			bash, ok, status := bashReady(settings, stderr)
			switch {
			case status >= 0:
				return status
			case ok:
				return runBashSession(b, bash, stdin, b.oneCommand)
			}
			if status, exited := startup(o, r, stderr); exited {
				return status
			}
			return runLine(o, r, src)
		}
		return runBash(b, func() int {
			if status, exited := startup(o, r, stderr); exited {
				return status
			}
			return runLine(o, r, src)
		})
	}
	return runLine(o, r, src)
}

// shellInput returns the code to run, $0 and the positional parameters.
// status is -1, or the exit status when the input cannot be read.
func shellInput(o options, stdin io.Reader, stderr io.Writer) (src, name string, params []string, status int) {
	switch {
	case o.hasCommand:
		return o.command, o.name, o.args, -1
	case !o.stdin && len(o.args) > 0:
		file := o.args[0]
		b, err := os.ReadFile(file)
		if err != nil {
			fmt.Fprintf(stderr, "guardsh: %s: %v\n", file, unwrapPath(err))
			return "", "", nil, 127
		}
		return string(b), file, o.args[1:], -1
	}
	b, err := io.ReadAll(stdin)
	if err != nil {
		fmt.Fprintf(stderr, "guardsh: reading stdin: %v\n", err)
		return "", "", nil, 1
	}
	return string(b), o.name, o.args, -1
}

func unwrapPath(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}

// dryRun prints the preview (or with --json the verdict) of the input and
// runs nothing.
func dryRun(o options, g *guard.Guard, style prompt.Style, src, name string, params []string, stdout, stderr io.Writer, note func(guard.Verdict) string) int {
	st := processState()
	st.Params, st.ParamsKnown = params, true
	v := g.Classify(src, st)
	if v.Findings == nil {
		v.Findings = []guard.Finding{}
	}
	if o.json {
		enc := json.NewEncoder(stdout)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(v); err != nil {
			fmt.Fprintf(stderr, "guardsh: --dry-run: %v\n", err)
			return 1
		}
		return 0
	}
	if len(v.Findings) == 0 {
		fmt.Fprintln(stdout, prompt.Show(v.Command))
	}
	if err := prompt.Preview(stdout, v, style); err != nil {
		fmt.Fprintf(stderr, "guardsh: --dry-run: %v\n", err)
		return 1
	}
	if n := note(v); n != "" {
		fmt.Fprintf(stdout, "note: %s\n", n)
	}
	return 0
}

// typedAtTerminal reports whether guardsh's process group is the
// foreground one of its controlling terminal: a SIGINT then came from the
// terminal and already reached the running command.
func typedAtTerminal() bool {
	tty, err := os.Open("/dev/tty")
	if err != nil {
		return false
	}
	defer tty.Close()
	pgrp, err := unix.IoctlGetInt(int(tty.Fd()), unix.TIOCGPGRP)
	return err == nil && pgrp == unix.Getpgrp()
}
