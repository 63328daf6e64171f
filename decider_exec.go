package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"

	"guardsh/guard"
	"guardsh/internal/regfile"
	"guardsh/shell"
	"guardsh/shell/supervise"
)

// An exec is classified under every identity it has, and the highest
// level wins: the name it was started by and the file named (CheckExec
// takes both), the file really executed (symbolic links resolved), the
// programs on PATH or in the system's binary directories it is a copy of
// (programs.go: `cp /bin/rm x; ./x -rf /` is rm -rf /), the interpreter a
// #! line names, and the shell code it will run: a script given to a
// shell (`bash s.sh`) or executed itself with a shell's #! line, read
// before it starts and classified as a line, with its parameters. Only
// a blocked finding in the script counts (it is refused before its first
// command runs): every command it runs is checked again by the
// supervisor as it runs, with its final arguments, so that what the text
// leaves open (a command named by a variable, as in pyenv's shims) is not
// held against it, and a script that cannot be read whole (larger than
// guardsh classifies, as many a ./configure is; a pipe) runs with each of
// its commands checked.

// execVerdict classifies an exec event; scripts reports that shell code
// read from a file counted.
func (d *decider) execVerdict(ev *supervise.Event) (v guard.Verdict, scripts bool) {
	env := d.lineEnv(ev.Env)
	st := d.state(ev, ev.Env)
	st.Exists = d.existed // decider_keys.go
	v = d.g.CheckExec(ev.Argv, ev.Path, env, st)
	if v.Level > guard.Safe {
		// What the arguments reach through links (decider_paths.go): a
		// safe program's arguments change nothing, and are not looked at.
		if argv, ok := linkedArgv(ev.Argv, ev.Cwd); ok {
			v = higher(v, d.g.CheckExec(argv, ev.Path, env, st))
		}
		// Operands that name every entry of a protected directory
		// (decider_cover.go): the directory's contents.
		if w, ok := d.coverVerdict(ev, env, st); ok {
			v = higher(v, w)
		}
	}
	file := ev.Path
	if real, ok := resolveAs(ev.Pid, ev.Path); ok && real != ev.Path {
		file = real
		v = higher(v, d.g.CheckExec(ev.Argv, real, env, st))
	}
	if l := ev.FDLink(); l != "" {
		// A descriptor executed (fexecve): its file, through the
		// process's own link, even deleted or a memfd.
		file = l
	} else if _, err := os.Stat(file); err != nil {
		// A program with no name to look at it by (a file deleted since,
		// no descriptor to read it through): what it is a copy of cannot
		// be told, and `ls -rf ~` may be rm. Not checked: fails closed.
		v = higher(v, d.notChecked(fmt.Sprintf("the program run, %s, cannot be looked at to tell what it is: %v", file, err), st))
	}
	rest := []string(nil)
	if len(ev.Argv) > 0 {
		rest = ev.Argv[1:]
	}
	for _, name := range d.programs.copies(file) {
		v = higher(v, d.g.CheckExec(append([]string{name}, rest...), "", env, st))
	}
	if interp, ok := shell.Shebang(file); ok {
		// What the kernel runs: the interpreter with the script.
		v = higher(v, d.g.CheckExec(append([]string{interp, file}, rest...), "", env, st))
	}
	getenv := func(name string) string { v, _ := st.Var(name); return v }
	for _, in := range shell.ExecInputs(ev.Cwd, getenv, file, ev.Argv, d.scriptReader(ev.Pid)) {
		scripts = true
		if in.Unchecked {
			continue // its commands are checked as they run
		}
		ist := st
		ist.Params, ist.ParamsKnown = in.Params, true
		if w := d.g.Classify(in.Code, ist); w.Blocked {
			v = higher(v, w)
		}
	}
	return v, scripts
}

// higher is the verdict of the highest level of v and w, with the
// findings of both.
func higher(v, w guard.Verdict) guard.Verdict {
	blocked := v.Blocked || w.Blocked
	if w.Level > v.Level {
		w.Command = v.Command
		w.Findings = append(w.Findings, v.Findings...)
		v = w
	} else {
		v.Findings = append(v.Findings, w.Findings...)
	}
	v.Blocked = blocked
	return v
}

// notChecked is the verdict of what could not be checked (too_long's),
// with reason.
func (d *decider) notChecked(reason string, st guard.State) guard.Verdict {
	if d.tooLong == nil {
		v := d.g.Classify(strings.Repeat("\n", guard.DefaultMaxBytes+1), st)
		d.tooLong = &v
	}
	v := *d.tooLong
	v.Findings = append([]guard.Finding(nil), v.Findings...)
	for i := range v.Findings {
		v.Findings[i].Reason = reason
	}
	return v
}

// scriptReader reads a script for the process pid: /dev/fd/N,
// /dev/stdin and /proc/self are the process's own, not guardsh's.
func (d *decider) scriptReader(pid int) func(string) ([]byte, error) {
	own := "/proc/" + strconv.Itoa(pid)
	return func(path string) ([]byte, error) {
		switch {
		case path == "/dev/stdin":
			path = own + "/fd/0"
		case strings.HasPrefix(path, "/dev/fd/"):
			path = own + "/fd/" + strings.TrimPrefix(path, "/dev/fd/")
		case path == "/proc/self" || strings.HasPrefix(path, "/proc/self/"):
			path = own + strings.TrimPrefix(path, "/proc/self")
		case path == "/proc/thread-self" || strings.HasPrefix(path, "/proc/thread-self/"):
			path = own + strings.TrimPrefix(path, "/proc/thread-self")
		}
		return regfile.Read(path, shell.MaxScriptBytes)
	}
}

// maxAllowed bounds the execs the decider remembers.
const maxAllowed = 4096

// execKey is what decides an exec, for remembering it: "" when the file
// cannot be looked at. (An exec that runs a script is not remembered.)
func execKey(ev *supervise.Event) string {
	if len(ev.Argv) == 0 {
		return ""
	}
	var st unix.Stat_t
	if unix.Stat(ev.Path, &st) != nil {
		return ""
	}
	n := len(ev.Path) + len(ev.Cwd) + 96
	for _, l := range [][]string{ev.Argv, ev.Env} {
		for _, a := range l {
			n += len(a) + 1
		}
	}
	var b strings.Builder
	b.Grow(n)
	fmt.Fprintf(&b, "%s\x00%d %d %d %d.%d %d.%d\x00", ev.Path, st.Dev, st.Ino, st.Size, st.Mtim.Sec, st.Mtim.Nsec, st.Ctim.Sec, st.Ctim.Nsec)
	for _, l := range [][]string{ev.Argv, ev.Env} {
		for _, a := range l {
			b.WriteString(a)
			b.WriteByte(0)
		}
		b.WriteByte(1)
	}
	b.WriteString(ev.Cwd)
	return b.String()
}

// quietlyAllowed says whether v, for a line approved at approved, goes on
// without a question and without an audit record: at or below the
// approved level (or of a level whose default answer is yes), checked,
// not blocked. Only such a decision is remembered.
func quietlyAllowed(v guard.Verdict, approved guard.Level) bool {
	return !v.Blocked && !v.Unchecked() && (v.Level <= approved || v.Level.DefaultYes())
}

// resolveAs resolves the symbolic links of path as the process pid
// resolves them: /proc/self and /proc/thread-self (and /dev/fd, /dev/stdin,
// which lead there) are the process's, not guardsh's. A link of the
// process's own under /proc/PID (fd/N, exe, cwd, root) ends the path as
// it is: opening it opens what the process would, even a file deleted or
// without a name (a memfd). ok is false when path does not resolve.
func resolveAs(pid int, path string) (string, bool) {
	own := "/proc/" + strconv.Itoa(pid)
	mapSelf := func(p string) string {
		for _, self := range []string{"/proc/self", "/proc/thread-self"} {
			if p == self || strings.HasPrefix(p, self+"/") {
				return own + p[len(self):]
			}
		}
		return p
	}
	rest := splitPath(path)
	cur := "/"
	for links := 0; len(rest) > 0; {
		c := rest[0]
		rest = rest[1:]
		next := mapSelf(filepath.Join(cur, c))
		fi, err := os.Lstat(next)
		if err != nil {
			return "", false
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			cur = next
			continue
		}
		if strings.HasPrefix(next, own+"/") && len(rest) == 0 {
			return next, true // the process's own magic link
		}
		if links++; links > 40 {
			return "", false
		}
		target, err := os.Readlink(next)
		if err != nil {
			return "", false
		}
		if !filepath.IsAbs(target) {
			target = filepath.Join(cur, target)
		}
		rest = append(splitPath(mapSelf(filepath.Clean(target))), rest...)
		cur = "/"
	}
	return cur, true
}

func splitPath(p string) []string {
	var out []string
	for _, c := range strings.Split(p, "/") {
		if c != "" && c != "." {
			out = append(out, c)
		}
	}
	return out
}
