package shell

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"sort"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
	"mvdan.cc/sh/v3/syntax"

	"guardsh/guard"
)

// A line that changes user (sudo, as a user) cannot gain privileges in
// the supervised bash (no_new_privs): where BashConfig.Outside says so,
// it runs in a bash of its own, outside the supervisor, on the terminal
// itself, in the shell's directory, with the shell's exported variables,
// as `bash -c` runs it. It was checked as written only. What it changes
// in its own shell stays there, as a subshell's does: a `sudo -s`
// shell's variables and directory do not come back; its status becomes
// $? (and PIPESTATUS) of the shell. It is no job of the shell's: Ctrl-Z
// does not stop it (it goes on), and jobs does not list what it left in
// the background.

// outsideLine reports whether the approved line, with verdict v, runs
// outside the supervisor: the text that runs there (the line with the
// shell's aliases expanded, as bash would) and the note that says so; ""
// when it runs in the shell's bash. A line that calls one of the shell's
// functions runs there: the bash outside does not have them.
func (f *frontend) outsideLine(line string, file *syntax.File, v guard.Verdict) (text, note string, tv guard.Verdict) {
	if f.exe == nil || f.exe.bash == nil || f.cfg.Bash.Outside == nil {
		return "", "", v
	}
	defs := f.exe.bash.defs.Load()
	if defs == nil || len(defs.funcs) == 0 && len(defs.aliases) == 0 {
		// No definition can change what the line runs.
		return line, f.cfg.Bash.Outside(v), v
	}
	if file == nil {
		if file, _ = parseBash(line, "", "outside"); file == nil {
			return "", "", v
		}
	}
	text = line
	expanded, aliased := expandAliases(line, file, defs.aliases)
	if aliased {
		if file, _ = parseBash(expanded, "", "aliases"); file == nil {
			return "", "", v
		}
		text = expanded
		v = f.cfg.Checker.Classify(text, f.state())
	}
	if note = f.cfg.Bash.Outside(v); note == "" || len(calledFuncs(file, defs)) > 0 {
		return "", "", v
	}
	return text, note, v
}

// runApproved runs an approved line with verdict v: outside the
// supervisor when it changes user (outsideLine), else in the executor
// (run). auto reports a line auto mode runs without a question.
func (f *frontend) runApproved(line string, file *syntax.File, v guard.Verdict, auto bool) (int, bool) {
	if !auto {
		if text, note, tv := f.outsideLine(line, file, v); note != "" {
			return f.runOutside(text, tv, v.Level, note)
		}
	}
	return f.run(line, v.Level, auto)
}

// previewNote prints, under a line's preview, that it runs outside the
// supervisor, when it does.
func (f *frontend) previewNote(line string, v guard.Verdict) {
	if _, note, _ := f.outsideLine(line, nil, v); note != "" {
		fmt.Fprintf(f.out, "note: %s\n", note)
	}
}

// runOutside runs text (with verdict line), approved at level, outside
// the supervisor (see above), and returns its status.
func (f *frontend) runOutside(text string, line guard.Verdict, level guard.Level, note string) (int, bool) {
	b := f.exe.bash
	fmt.Fprintf(f.errw, "guardsh: %s\n", note)
	f.later.start()
	env, dir := b.outsideEnv(), f.dir
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		dir = ""
	}
	cmd := exec.Command(f.cfg.Bash.Path, "--norc", "--noprofile", "-c", text)
	if f.cfg.Bash.CheckOutside != nil {
		v := f.cfg.Bash.CheckOutside(line, cmd.Args, env, dir)
		if v.Blocked || v.Level > level {
			ref := &Refusal{Verdict: v, What: text, Hint: "the line runs outside the supervisor, and its bash would start with what the line was not approved for"}
			fmt.Fprintln(f.errw, ref.Error())
			f.audit(v, text, false, ref.Hint)
			return f.outsideStatus(126), false
		}
	}
	cmd.Env, cmd.Dir = env, dir
	cmd.Stdin, cmd.Stdout = f.cfg.Stdin, f.cfg.Stdout
	cmd.Stderr = f.cfg.Stdout
	if w, ok := f.cfg.Stderr.(*os.File); ok {
		cmd.Stderr = w
	}
	fd := int(f.in.Fd())
	// The terminal is handed over as a shell hands it to a job: the line
	// is the terminal's foreground (its Ctrl-C, its password prompt),
	// when guardsh holds it.
	fg, err := unix.IoctlGetInt(fd, unix.TIOCGPGRP)
	job := err == nil && fg == syscall.Getpgrp()
	if job {
		cmd.SysProcAttr = &syscall.SysProcAttr{Foreground: true, Ctty: fd}
	}
	f.tty.setOwner(ownerNone)
	saved, _ := unix.IoctlGetTermios(fd, unix.TCGETS)
	f.modes.restoreOrig()
	// What the shell's background jobs write waits until the line is
	// done: guardsh is not the terminal's foreground meanwhile (and
	// under stty tostop could not write), and the line may be asking for
	// a password.
	resume := f.exe.pump.pause()
	stopped := false
	defer func() {
		if job {
			takeForeground(fd)
		}
		if saved != nil {
			unix.IoctlSetTermios(fd, unix.TCSETS, saved)
		}
		if stopped {
			fmt.Fprintln(f.errw, "guardsh: Ctrl-Z did not stop the line: it ran outside the supervisor, which makes it no job of the shell's")
		}
		resume()
	}()
	if err := cmd.Start(); err != nil {
		fmt.Fprintf(f.errw, "guardsh: %v\n", err)
		return f.outsideStatus(126), false
	}
	status := 0
	status, stopped = waitOutside(cmd, f.errw)
	return f.outsideStatus(status), false
}

// outsideStatus makes status the shell's $? after a line that ran
// outside the supervisor.
func (f *frontend) outsideStatus(status int) int {
	b := f.exe.bash
	b.mu.Lock()
	b.pipe = []int{status}
	b.mu.Unlock()
	f.status = status
	return status
}

// waitOutside waits for the line's bash and returns its status (128+n
// when signal n ended it). A stop (Ctrl-Z) is undone (the line is no job
// of the shell's), and stopped reports one.
func waitOutside(cmd *exec.Cmd, errw io.Writer) (status int, stopped bool) {
	pid := cmd.Process.Pid
	defer cmd.Process.Release()
	for {
		var ws unix.WaitStatus
		_, err := unix.Wait4(pid, &ws, unix.WUNTRACED, nil)
		switch {
		case errors.Is(err, unix.EINTR):
			continue
		case err != nil:
			fmt.Fprintf(errw, "guardsh: %v\n", err)
			return 126, stopped
		case ws.Stopped():
			stopped = true
			unix.Kill(-pid, unix.SIGCONT)
			unix.Kill(pid, unix.SIGCONT)
		case ws.Signaled():
			return 128 + int(ws.Signal()), stopped
		case ws.Exited():
			return ws.ExitStatus(), stopped
		}
	}
}

// takeForeground makes guardsh's process group the terminal's foreground
// again, with SIGTTOU blocked (caught, it would make the call start over
// for ever: guardsh is in the background until it is done).
func takeForeground(fd int) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var set, old unix.Sigset_t
	set.Val[(unix.SIGTTOU-1)/64] |= 1 << ((uint(unix.SIGTTOU) - 1) % 64)
	if unix.PthreadSigmask(unix.SIG_BLOCK, &set, &old) != nil {
		return
	}
	unix.IoctlSetPointerInt(fd, unix.TIOCSPGRP, syscall.Getpgrp())
	unix.PthreadSigmask(unix.SIG_SETMASK, &old, nil)
}

// outsideEnv is the environment of a line that runs outside the
// supervisor: bash's exported variables after the last line, less what
// would make that bash run code nobody checked (BASH_ENV, ENV, exported
// functions, SHELLOPTS and BASHOPTS, whose xtrace runs PS4's command
// substitutions, PS4 itself, and LD_* for the dynamic loader, which a
// setuid sudo ignores anyway).
func (b *bashSide) outsideEnv() []string {
	b.mu.Lock()
	exp := b.exported
	b.mu.Unlock()
	if exp == nil {
		exp = map[string]string{}
		for _, kv := range b.f.cfg.ExecutorEnv {
			if k, v, ok := strings.Cut(kv, "="); ok {
				exp[k] = v
			}
		}
	}
	env := make([]string, 0, len(exp))
	for k, v := range exp {
		env = append(env, k+"="+v)
	}
	sort.Strings(env)
	return slices.DeleteFunc(env, func(kv string) bool {
		k, _, _ := strings.Cut(kv, "=")
		return k == "BASH_ENV" || k == "ENV" || k == "PROMPT_COMMAND" || strings.HasPrefix(k, "BASH_FUNC_") ||
			k == "SHELLOPTS" || k == "BASHOPTS" || k == "PS4" || strings.HasPrefix(k, "LD_")
	})
}
