package main

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"

	"guardsh/guard"
	"guardsh/shell"
	"guardsh/shell/supervise"
)

// interactiveBash is the interactive shell's bash executor, the default
// (unless executor = "interpreter"): a long-lived bash on the pty, under
// the supervisor, whose every stopped call the guard classifies
// (decider.go) and the front end decides at the level of the line that
// runs (or of the line that started a background job). Where bash or the
// supervisor is missing it says so once and returns nil (the interpreter
// executor), or, when the policy requires the supervisor, false: no line
// may run.
func interactiveBash(st settings, g *guard.Guard, home string, yes bool, stderr io.Writer) (*shell.BashConfig, bool) {
	if !st.interactiveBashExecutor() {
		return nil, true
	}
	// Where bash or the supervisor is missing, guardsh says so once, as
	// for -c (bashReady).
	bash, ok, status := bashReady(st, stderr)
	switch {
	case status >= 0:
		return nil, false
	case !ok:
		return nil, true
	}
	// A guardsh a line starts takes this one's rules and what it approved
	// (GUARDSH_PARENT), as under -c.
	childVar := st.childVar(yes)
	return &shell.BashConfig{
		Path:         bash,
		Outside:      interactiveOutside,
		CheckOutside: checkOutside(g, os.Environ()),
		ChildVar: func(level guard.Level) (string, string) {
			return parentVar, childVar(level)
		},
		Start: func(cmd *exec.Cmd, gates shell.BashGates) (shell.BashStarted, error) {
			d := newDecider(g, nil, cmd, guard.Safe, cmd.Env, home)
			d.gate = gates.Line
			jd := &jobDecider{d: d, gates: gates}
			var limitSaid atomic.Bool
			sup, err := supervise.Start(cmd, supervise.Config{
				Decider:      jd,
				MaxProcs:     maxProcs,
				AllowInitial: true,
				Notice: func(n supervise.Notice) {
					if n.Syscall == "fork" {
						if !limitSaid.Swap(true) {
							fmt.Fprintf(stderr, "\rguardsh: stopped a fork bomb: %s\r\n", n.Message)
						}
						return
					}
					fmt.Fprintf(stderr, "\rguardsh: supervisor: pid %d, %s: %s\r\n", n.Pid, n.Syscall, n.Message)
				},
			})
			if err != nil {
				return shell.BashStarted{}, err
			}
			return shell.BashStarted{Stop: func() { sup.Close() }, LineStarts: jd.lineStarts}, nil
		}}, true
}

// jobDecider decides the interactive bash's calls as a session's are
// decided (sessionlevel.go): a process an earlier line left running (a
// background job) at the level of the line that started it, through the
// job gate; every other call at the level of the line that runs, through
// the line gate (which asks).
type jobDecider struct {
	mu     sync.Mutex
	d      *decider
	gates  shell.BashGates
	levels levels
}

func (j *jobDecider) Decide(ev *supervise.Event) supervise.Verdict {
	j.mu.Lock()
	defer j.mu.Unlock()
	if level, ok := j.levels.level(ev.Pid, j.d.bashPid); ok {
		j.d.gate = j.gates.Job(level)
		defer func() { j.d.gate = j.gates.Line }()
	}
	return j.d.Decide(ev)
}

// lineStarts records that a line approved at level is about to run.
func (j *jobDecider) lineStarts(level guard.Level) {
	j.mu.Lock()
	j.levels.next(level, j.d.bashPid)
	j.mu.Unlock()
}

// interactiveOutside is the note of an approved line of the interactive
// bash that runs outside the supervisor: a user's line that changes user
// (as -c runs it, bashexec.go); "" for every other line.
func interactiveOutside(v guard.Verdict) string {
	if geteuid() != 0 && v.ChangesUser() {
		return outsideNote()
	}
	return ""
}

// checkOutside classifies the bash that would run line v outside the
// supervisor, as the supervisor would see what it starts: its
// environment's variables that make programs run code and differ from
// guardsh's own environment (base), which an earlier line exported; and
// the programs of the line, which must be found where guardsh's own PATH
// finds them (a PATH an earlier line changed could put another sudo
// first, which nothing would check there).
func checkOutside(g *guard.Guard, base []string) func(v guard.Verdict, argv, env []string, dir string) guard.Verdict {
	own := map[string]string{}
	for _, kv := range base {
		if k, v, ok := strings.Cut(kv, "="); ok {
			own[k] = v
		}
	}
	return func(line guard.Verdict, argv, env []string, dir string) guard.Verdict {
		var set []string
		path := ""
		for _, kv := range env {
			if k, v, ok := strings.Cut(kv, "="); ok {
				if k == "PATH" {
					path = v
				}
				if was, ok := own[k]; !ok || was != v {
					set = append(set, kv)
				}
			}
		}
		// The line itself was decided already: the exec is bash's,
		// running nothing, with that environment.
		v := g.CheckExec([]string{argv[0], "-c", ":"}, argv[0], set, guard.State{Dir: dir})
		if name, why := untrustedOutside(line, path, dir); name != "" {
			v = withUntrusted(v, name, why)
		}
		if path == own["PATH"] {
			return v
		}
		for _, c := range line.Plan {
			name := c.Name()
			if name == "" || strings.Contains(name, "/") {
				continue
			}
			if findOnPath(name, path, dir) != findOnPath(name, own["PATH"], dir) {
				v.Level = max(v.Level, guard.High)
				v.Findings = append(v.Findings, guard.Finding{Rule: "outside_path", Level: guard.High, Text: name,
					Reason: fmt.Sprintf("the shell's PATH finds another %s than guardsh's own PATH does, and nothing outside the supervisor would check what it is", name)})
			}
		}
		return v
	}
}

// findOnPath is the executable file name is found as in the directories of
// path (relative ones taken in dir), "" when none.
func findOnPath(name, path, dir string) string {
	for _, d := range filepath.SplitList(path) {
		if d == "" {
			d = "."
		}
		if !filepath.IsAbs(d) {
			d = filepath.Join(dir, d)
		}
		p := filepath.Join(d, name)
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0 {
			if r, err := filepath.EvalSymlinks(p); err == nil {
				return r
			}
			return p
		}
	}
	return ""
}
