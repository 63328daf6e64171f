package main

import (
	"fmt"
	"os/exec"
	"slices"
	"strings"
	"syscall"

	"guardsh/guard"
	"guardsh/shell"
	"guardsh/shell/supervise"
)

// decider answers the supervisor about every call it stops in the tree of
// a line running in real bash. It decides nothing itself: the guard
// classifies each call (CheckExec, CheckEffect, CheckSignal,
// CheckSystemCall) and the runner decides about the verdict as the
// run-time check does (shell.Runner.GateOutside), which prints the
// refusal and records it in the audit log.
type decider struct {
	g        *guard.Guard
	r        *shell.Runner
	approved guard.Level
	// base is guardsh's own environment, which bash inherited: a
	// code-carrying variable with the value it has there was not set by
	// the line (a user's LESSOPEN, PAGER), and is not the exec's doing.
	base map[string]string
	// home is guardsh's own home directory: a line setting HOME does not
	// move the protection of the real one.
	home string
	// lastRefused identifies the last call refused, which a program
	// trying it again (execvp along PATH) is refused without a second
	// message.
	lastRefused string
	// bash is the approved bash's command; execSeen reports its exec
	// (the first of the tree) seen.
	bash     *exec.Cmd
	execSeen bool
	// programs recognises copies of programs (programs.go).
	programs *programs
	// own is what the tree made (decider_own.go); ownUsed says the
	// verdict being made counted a path as the line's own, and is not to
	// be remembered (the path may not be its own next time).
	own     ownFiles
	ownUsed bool
	// allowed remembers the execs and opens allowed without a question,
	// by what decides them (an exec's argv, environment, directory, file
	// and the file's identity; an open's real path, O_TRUNC and
	// directory), so that the same call again is not classified again.
	allowed map[string]bool
}

func newDecider(g *guard.Guard, r *shell.Runner, bash *exec.Cmd, approved guard.Level, env []string, home string) *decider {
	d := &decider{g: g, r: r, bash: &exec.Cmd{Path: bash.Path, Args: slices.Clone(bash.Args)}, approved: approved, base: make(map[string]string, len(env)), home: home, allowed: map[string]bool{}}
	for _, kv := range env {
		if k, v, ok := strings.Cut(kv, "="); ok {
			d.base[k] = v
		}
	}
	d.programs = newPrograms(d.base["PATH"])
	return d
}

// Decide implements supervise.Decider.
func (d *decider) Decide(ev *supervise.Event) supervise.Verdict {
	if ev.Initial {
		d.execSeen = true
		return supervise.Allow // the approved bash itself
	}
	if ev.Kind == supervise.KindExec && !d.execSeen {
		d.execSeen = true
		// Nothing of the tree runs before the helper's exec of bash, so
		// the first exec reported is that one, should the supervisor not
		// have marked it Initial: allowed if it is exactly bash's.
		if ev.Path == d.bash.Path && slices.Equal(ev.Argv, d.bash.Args) {
			return supervise.Allow
		}
	}
	if ev.Kind == supervise.KindMkdir {
		// Reported so that what the tree makes is known; not checked.
		d.own.noteMaking(ev)
		return supervise.Allow
	}
	var cacheKey string
	switch {
	case ev.Kind == supervise.KindExec:
		cacheKey = execKey(ev)
	case ev.Kind == supervise.KindOpen && ev.Syscall != "open_by_handle_at":
		// An open is decided on its real path alone (with O_TRUNC, and
		// the directory): a script writing to /dev/null or appending to a
		// log a thousand times is checked once.
		cacheKey = fmt.Sprintf("open\x00%t\x00%s\x00%s", ev.Flags&syscall.O_TRUNC != 0, ev.Path, ev.Cwd)
	}
	if cacheKey != "" && d.allowed[cacheKey] {
		d.own.noteMaking(ev)
		return supervise.Allow
	}
	var v guard.Verdict
	d.ownUsed = false
	if ev.Kind == supervise.KindExec {
		var scripts bool
		if v, scripts = d.execVerdict(ev); scripts {
			cacheKey = "" // a script's text may change between two runs
		}
	} else {
		v = d.verdict(ev)
	}
	// The refusal names the program, its pid and the call.
	v.Command = ev.String()
	for i := range v.Findings {
		v.Findings[i].Text = v.Command
	}
	key := fmt.Sprintf("%d %s %#o %q %s %s", ev.Pid, ev.Syscall, ev.Flags, ev.Argv, ev.Path, ev.Path2)
	if ev.Kind == supervise.KindExec {
		// execvp tries every directory of PATH: one refusal says it.
		key = fmt.Sprintf("%d exec %q", ev.Pid, ev.Argv)
	}
	if key == d.lastRefused {
		return supervise.Deny
	}
	if d.r.GateOutside(v, v.Command, d.approved) != nil {
		d.lastRefused = key
		return supervise.Deny
	}
	if cacheKey != "" && !d.ownUsed && quietlyAllowed(v, d.approved) {
		if len(d.allowed) >= maxAllowed {
			clear(d.allowed)
		}
		d.allowed[cacheKey] = true
	}
	d.own.noteMaking(ev)
	return supervise.Allow
}

// verdict asks the guard about one call.
func (d *decider) verdict(ev *supervise.Event) guard.Verdict {
	switch ev.Kind {
	case supervise.KindSignal:
		return d.g.CheckSignal(ev.TargetPid, ev.Signal, d.state(ev, nil))
	case supervise.KindSystem:
		return d.g.CheckSystemCall(ev.Syscall, ev.Path)
	case supervise.KindOpen:
		if ev.Syscall == "open_by_handle_at" {
			if ev.Flags&(syscall.O_WRONLY|syscall.O_RDWR|syscall.O_CREAT|syscall.O_TRUNC|syscall.O_APPEND) == 0 {
				return guard.Verdict{Command: ev.String()} // a read: not checked, as other reads
			}
			return d.g.CheckSystemCall(ev.Syscall, ev.Path)
		}
	}
	kind := string(ev.Kind)
	if ev.Kind == supervise.KindOpen && ev.Flags&syscall.O_TRUNC != 0 {
		kind = guard.EffectTrunc
	}
	if ev.Kind == supervise.KindLink && strings.HasPrefix(ev.Syscall, "symlink") {
		kind = guard.EffectSymlnk
	}
	return d.g.CheckEffect(kind, ev.Path, ev.Path2, d.state(ev, nil))
}

// state is what the guard knows about the process that made the call:
// its working directory and environment (an exec's own; guardsh's for
// other calls), with guardsh's own home.
func (d *decider) state(ev *supervise.Event, env []string) guard.State {
	vars := d.base
	if env != nil {
		vars = make(map[string]string, len(env))
		for _, kv := range env {
			if k, v, ok := strings.Cut(kv, "="); ok {
				vars[k] = v
			}
		}
	}
	home := d.home
	own := func(p string) bool {
		if d.own.has(p) {
			d.ownUsed = true
			return true
		}
		return false
	}
	return guard.State{Dir: ev.Cwd, Own: own, Var: func(name string) (string, bool) {
		if name == "HOME" {
			return home, home != ""
		}
		v, ok := vars[name]
		return v, ok
	}}
}

// lineEnv keeps the entries of an exec's environment that guardsh's own
// environment does not hold as they are: those the line set.
func (d *decider) lineEnv(env []string) []string {
	var out []string
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		if old, ok := d.base[k]; !ok || old != v {
			out = append(out, kv)
		}
	}
	return out
}
