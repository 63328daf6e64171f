package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"mvdan.cc/sh/v3/syntax"

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
	// allowed remembers the execs and opens allowed without a question,
	// by what decides them (an exec's argv, environment, directory, file
	// and the file's identity; an open's real path, O_TRUNC and
	// directory), so that the same call again is not classified again.
	allowed map[string]bool
	// gate, when set, decides instead of the runner (the interactive
	// shell's bash executor: its front end asks, at the level of the
	// line that runs; approved is then safe, so that only what no line
	// needs approving for is remembered in allowed).
	gate shell.BashGate
	// bashPid is the approved bash's process, once its exec was seen.
	bashPid int
	// own is what the tree made itself (decider_own.go).
	own treeOwn
	// tooLong is the verdict of what could not be checked, once made
	// (notChecked).
	tooLong *guard.Verdict
	// execs and emptied follow a protected directory emptied one entry
	// at a time (decider_cover.go).
	execs   map[int]execOf
	emptied emptied
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
		d.execSeen, d.bashPid = true, ev.Pid
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
	if harmlessDevice(ev) {
		return supervise.Allow // decider_devices.go
	}
	d.noteExec(ev)
	var cacheKey string
	switch {
	case ev.Kind == supervise.KindExec:
		cacheKey = execKey(ev)
	case ev.Kind == supervise.KindOpen && ev.Syscall != "open_by_handle_at":
		// An open is decided on its real path alone (with O_TRUNC, and
		// the directory): a script writing to /dev/null or appending to a
		// log a thousand times is checked once.
		// The key holds the file the path leads to now, not the path as
		// written: a link in it may lead elsewhere the next time.
		if real, ok := openedAs(ev); ok && filepath.IsAbs(ev.Path) {
			cacheKey = fmt.Sprintf("open\x00%t\x00%s\x00%s", ev.Flags&syscall.O_TRUNC != 0, real, ev.Cwd)
		}
	}
	if cacheKey != "" {
		// Allowed at one level is not allowed at another (a session's
		// commands, and the jobs they left running, differ).
		cacheKey = d.approved.String() + "\x00" + cacheKey
	}
	if cacheKey != "" && d.allowed[cacheKey] {
		d.own.note(ev)
		return supervise.Allow
	}
	ownHits := d.own.hits
	var v guard.Verdict
	if leader, ok := d.jobGroup(ev); ok {
		if ev.Signal == int(syscall.SIGCONT) || ev.Signal == 0 {
			return supervise.Allow // fg, bg: a job continued
		}
		// kill %1: the job's processes, as kill PID of its leader is.
		v = d.g.CheckSignal(leader, ev.Signal, d.state(ev, nil))
	} else if ev.Kind == supervise.KindExec {
		var scripts bool
		if v, scripts = d.execVerdict(ev); scripts {
			cacheKey = "" // a script's text may change between two runs
		}
	} else {
		v = d.verdict(ev)
		if w, ok := d.removalVerdict(ev, d.state(ev, nil)); ok {
			v = higher(v, w)
		}
	}
	if d.own.hits != ownHits {
		cacheKey = "" // a file of the line's own decided it, which may change
	}
	if d.gate == nil && d.lastRefused == "" && quietlyAllowed(v, d.approved) {
		// The runner would allow it without a question or a record: the
		// text a refusal would show is not made.
		d.remember(cacheKey, v)
		d.own.note(ev)
		return supervise.Allow
	}
	// The refusal names the program, its pid and the call; a finding the
	// call's identities share (rm by its name and by its file) is said once.
	v.Command = ev.String()
	for i := range v.Findings {
		v.Findings[i].Text = v.Command
	}
	seen := map[guard.Finding]bool{}
	v.Findings = slices.DeleteFunc(v.Findings, func(f guard.Finding) bool {
		dup := seen[f]
		seen[f] = true
		return dup
	})
	key := fmt.Sprintf("%d %s %#o %q %s %s", ev.Pid, ev.Syscall, ev.Flags, ev.Argv, ev.Path, ev.Path2)
	if ev.Kind == supervise.KindExec {
		// execvp tries every directory of PATH: one refusal says it.
		key = fmt.Sprintf("%d exec %q", ev.Pid, ev.Argv)
	}
	if key == d.lastRefused {
		return supervise.Deny
	}
	switch {
	case d.gate != nil && !d.gate(v, v.Command, execLine(ev)):
		d.lastRefused = key
		return supervise.Deny
	case d.gate == nil && d.r.GateOutside(v, v.Command, d.approved) != nil:
		d.lastRefused = key
		return supervise.Deny
	}
	d.remember(cacheKey, v)
	d.own.note(ev)
	return supervise.Allow
}

// remember records an allowed call's key (none: "") when its verdict lets
// the same call again go on without the guard. Only a safe call is
// remembered: a verdict above safe may rest on what its arguments are now
// (a link that leads elsewhere the next time: rm -rf h/,
// decider_paths.go), which the key does not hold.
func (d *decider) remember(cacheKey string, v guard.Verdict) {
	if cacheKey != "" && v.Level == guard.Safe && quietlyAllowed(v, d.approved) {
		if len(d.allowed) >= maxAllowed {
			clear(d.allowed)
		}
		d.allowed[cacheKey] = true
	}
}

// jobGroup reports whether ev is the interactive bash executor's job
// control signalling one of its jobs: bash itself (with gate set) signals
// a process group other than guardsh's and its own, each of whose
// members descends from bash. It returns the group's number, a process
// to classify the signal as aimed at.
func (d *decider) jobGroup(ev *supervise.Event) (int, bool) {
	if d.gate == nil || ev.Kind != supervise.KindSignal || ev.Pid != d.bashPid || d.bashPid == 0 || ev.TargetPid >= -1 {
		return 0, false
	}
	pg := -ev.TargetPid
	if pg == syscall.Getpgrp() || pg == d.bashPid {
		return 0, false
	}
	members := 0
	ents, _ := os.ReadDir("/proc")
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if g, err := syscall.Getpgid(pid); err != nil || g != pg {
			continue
		}
		if !descends(pid, d.bashPid) {
			return 0, false
		}
		members++
	}
	return pg, members > 0
}

// descends reports whether process pid descends from ancestor.
func descends(pid, ancestor int) bool {
	for i := 0; i < 64 && pid > 1; i++ {
		b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		if err != nil {
			return false
		}
		// pid (comm) state ppid ...: comm may hold spaces and parentheses.
		j := bytes.LastIndexByte(b, ')')
		f := strings.Fields(string(b[j+1:]))
		if j < 0 || len(f) < 2 {
			return false
		}
		if pid, err = strconv.Atoi(f[1]); err != nil {
			return false
		}
		if pid == ancestor {
			return true
		}
	}
	return false
}

// execLine is an exec's argv as a shell line, for a question about it;
// "" for any other call.
func execLine(ev *supervise.Event) string {
	if ev.Kind != supervise.KindExec || len(ev.Argv) == 0 {
		return ""
	}
	words := make([]string, len(ev.Argv))
	for i, a := range ev.Argv {
		q, err := syntax.Quote(a, syntax.LangBash)
		if err != nil {
			return ""
		}
		words[i] = q
	}
	return strings.Join(words, " ")
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
	return d.effectVerdict(kind, ev)
}

// state is what the guard knows about the process that made the call:
// its working directory and environment (an exec's own; guardsh's for
// other calls), with guardsh's own home.
func (d *decider) state(ev *supervise.Event, env []string) guard.State {
	home := d.home
	return guard.State{Dir: ev.Cwd, Own: d.own.has, Var: func(name string) (string, bool) {
		if name == "HOME" {
			return home, home != ""
		}
		if env != nil {
			return execVar(env, name)
		}
		v, ok := d.base[name]
		return v, ok
	}}
}

// execVar is the value of variable name in env, as a map of its entries
// would hold it (the last entry of the name wins; an entry without "="
// is none), looked up without making one: the guard asks about a few
// variables of an exec's environment, which holds dozens.
func execVar(env []string, name string) (string, bool) {
	if strings.Contains(name, "=") {
		return "", false
	}
	for i := len(env) - 1; i >= 0; i-- {
		if kv := env[i]; len(kv) > len(name) && kv[len(name)] == '=' && kv[:len(name)] == name {
			return kv[len(name)+1:], true
		}
	}
	return "", false
}

// lineEnv keeps the entries of an exec's environment that guardsh's own
// environment does not hold as they are: those the line set. A function
// the line exported (BASH_FUNC_NAME%%, export -f) is left out: bash took
// every one out of its environment (bashEnv), so the line defined it, and
// the bash that runs it runs in the tree, each of its commands checked
// as it runs (a coding agent's shell snapshot exports its functions).
func (d *decider) lineEnv(env []string) []string {
	var out []string
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(k, "BASH_FUNC_") {
			continue
		}
		if old, ok := d.base[k]; !ok || old != v {
			out = append(out, kv)
		}
	}
	return out
}
