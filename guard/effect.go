package guard

import (
	"path"
	"slices"
	"strconv"
	"strings"

	"guardsh/guard/internal/rules"
	"guardsh/guard/internal/walk"
	"guardsh/guard/plan"
)

// The checks of what a running program really does, one call at a time,
// as a kernel-level supervisor reports it (package shell/supervise): a
// program about to be executed, a file about to be deleted, renamed,
// emptied, opened for writing, or have its mode or owner changed. They
// read the same rules as the static check: an exec is a one-command line,
// and a file effect is the command that has that effect, keeping only
// what the path itself adds (the filesystem root and system directories,
// the home directory, disk devices, guardsh's own files, account files,
// /boot): deleting a file in the working directory is the program's own
// business, deleting /etc/passwd is write_system_file's.

// Effect kinds, as CheckEffect takes them; they are the supervisor's
// kinds of events.
const (
	EffectOpen   = "open"     // an open for writing
	EffectRemove = "remove"   // unlink, unlinkat, rmdir
	EffectRename = "rename"   // rename: path to path2
	EffectTrunc  = "truncate" // truncate
	EffectChmod  = "chmod"    // a change of mode
	EffectChown  = "chown"    // a change of owner or group
	EffectMknod  = "mknod"    // a device node, FIFO or socket made
	EffectLink   = "link"     // a hard link of path at path2
	EffectSymlnk = "symlink"  // a symbolic link at path2 (path is its text)
)

// neutralPath is a path no protection covers, which a file effect's
// command is also classified on: what it gets there is the program's own
// business, not the path's, and is left out. It is an ordinary place, not
// the system's temporary directory, which the rm rules treat more gently
// than a project's files (TestCheckEffect compares the two).
const neutralPath = "/opt/guardsh-neutral/f"

// neutralFor is neutralPath with the characters of p's last name that the
// rules read as patterns (a file really named `*.o`, which rm was given
// when the glob matched nothing): their findings are the name's, not the
// place's.
func neutralFor(p string) string {
	special := strings.Map(func(r rune) rune {
		if strings.ContainsRune("*?[]{}~", r) {
			return r
		}
		return -1
	}, path.Base(p))
	return neutralPath + special
}

// CheckExec classifies a program about to be executed, as a one-command
// line run in st.Dir, under every identity it has: the name it was
// started by (argv[0]) and the file really executed (path, symbolic links
// resolved), by its full path and by its base name. env lists the
// environment entries ("NAME=value") of the variables that make programs
// run code (env_code's table: LD_PRELOAD, BASH_ENV, ...) that the exec
// sets; the others are ignored. The highest verdict wins.
func (g *Guard) CheckExec(argv []string, file string, env []string, st State) (v Verdict) {
	if len(argv) == 0 {
		argv = []string{file}
	}
	defer g.failClosed(&v, walk.QuoteArgv(argv))
	var code []string
	for _, kv := range env {
		if name, _, ok := strings.Cut(kv, "="); ok {
			if _, ok := rules.EnvCodeRowOf(name); ok {
				code = append(code, kv)
			}
		}
	}
	names := []string{argv[0]}
	if file != "" {
		names = append(names, file, path.Base(file))
	}
	seen := map[string]bool{}
	for i, name := range names {
		if name == "" || seen[name] {
			continue
		}
		seen[name] = true
		a := append([]string{name}, argv[1:]...)
		if len(code) > 0 {
			a = append(append([]string{"env"}, code...), a...)
		}
		w := g.engine.ClassifyArgv(a, st)
		w.Command = walk.QuoteArgv(argv)
		if i == 0 || w.Level > v.Level {
			w.Findings = append(v.Findings, w.Findings...)
			v = w
		} else {
			for _, f := range w.Findings {
				walk.AddFinding(&v, f)
			}
		}
	}
	v.Blocked = v.Level >= g.blockLevel
	return v
}

// CheckEffect classifies one file effect about to happen (kind is one of
// the Effect constants; path2 is a rename's or link's new name), with the
// protections the rules give the paths: deleting, renaming, emptying,
// opening for writing, linking, or changing the mode or owner of a
// protected file takes the level of the rule that protects it. An effect
// on an unprotected path is safe, whatever the program doing it: the
// program was checked when it was executed. An unknown kind is treated as
// a write to both paths.
//
// A change of mode is classified as one to a mode only known at run time
// (which may lock the owner out of the home directory: chmod_lockout);
// CheckChmod classifies it with its mode.
func (g *Guard) CheckEffect(kind, p, p2 string, st State) (v Verdict) {
	return g.checkEffect(kind, p, p2, Unknown, st)
}

// CheckChmod classifies a change of p's mode to mode (the call's own
// bits: 0o755), as CheckEffect does with EffectChmod: what the path adds
// to chmod MODE PATH, so that chmod(~, 0) takes chmod_lockout's level and
// chmod(~, 0o700) none.
func (g *Guard) CheckChmod(p string, mode uint32, st State) (v Verdict) {
	return g.checkEffect(EffectChmod, p, "", strconv.FormatUint(uint64(mode&0o7777), 8), st)
}

func (g *Guard) checkEffect(kind, p, p2, mode string, st State) (v Verdict) {
	defer g.failClosed(&v, kind+" "+p)
	v = Verdict{Command: strings.TrimSpace(kind + " " + walk.QuoteArgv(nonEmpty(p, p2))), Findings: []Finding{}}
	// What the path adds: a finding the neutral path does not get, unless
	// it is below what the neutral path gets (the path made the command
	// gentler, as the temporary directory does for rm -rf).
	// The neutral path's classification is remembered (effect_neutral.go).
	add := func(w Verdict, baseLevel Level, baseRules []string) {
		for _, f := range w.Findings {
			if f.Level >= baseLevel && !slices.Contains(baseRules, f.Rule) {
				walk.AddFinding(&v, f)
			}
		}
	}
	argv := func(prog string, args ...string) {
		base := make([]string, 1, len(args)+1)
		base[0] = prog
		for _, a := range args {
			switch {
			case a == p:
				a = neutralFor(p)
			case a == p2:
				a = neutralFor(p2)
			}
			base = append(base, a)
		}
		level, rules := g.neutral.classify("argv\x00"+strings.Join(base, "\x00"), st, func(st State) Verdict { return g.engine.ClassifyArgv(base, st) })
		add(g.engine.ClassifyArgv(append([]string{prog}, args...), st), level, rules)
	}
	write := func(p string, truncate bool) {
		if p != "" {
			n := neutralFor(p)
			level, rules := g.neutral.classify("write\x00"+strconv.FormatBool(truncate)+"\x00"+n, st, func(st State) Verdict { return g.engine.ClassifyWrite(n, truncate, st) })
			add(g.engine.ClassifyWrite(p, truncate, st), level, rules)
		}
	}
	switch kind {
	case EffectOpen:
		write(p, false)
		g.keyOpened(&v, p, st) // effect_keys.go
	case EffectTrunc:
		write(p, true)
	case EffectRemove:
		argv("rm", "-f", p)
		argv("rm", "-rf", p)
		// A removed file's content is gone as an emptied one's is: what
		// protects it from being emptied (a shell startup file, a system
		// file, /boot) protects it from being removed, as for the old
		// name of a rename.
		write(p, true)
	case EffectRename:
		argv("mv", p, p2)
		write(p, true)
		write(p2, true)
		// A directory renamed takes its files away with it: a file the
		// rules protect by the directory it is in is classified as
		// emptied under the old name too (red team: renaming ~/.ssh
		// moved authorized_keys away, safe). A directory renamed onto
		// one (missing or empty) brings its files there: its own
		// authorized_keys in place of ~/.ssh.
		for _, f := range heldByName(p) {
			write(f, true)
		}
		for _, f := range heldByName(p2) {
			write(f, true)
		}
	case EffectChmod:
		argv("chmod", mode, p)
		write(p, false)
	case EffectChown:
		argv("chown", "root", p)
		write(p, false)
	case EffectMknod:
		write(p, false)
	case EffectLink:
		// A hard link is a second name for the file, and a write through
		// it writes the file: linking a protected file is writing it.
		write(p, false)
		write(p2, false)
		g.keyLinked(&v, p, st) // effect_keys.go
	case EffectSymlnk:
		// Opening the link opens its target, and that open is checked.
		write(p2, false)
	default:
		write(p, true)
		write(p2, true)
	}
	v.Blocked = v.Level >= g.blockLevel
	return v
}

// heldByName returns, for a directory dir, paths under it of the files
// the rules protect by the directories they are in (append_rc's ssh
// files, autostart entries, systemd user units, environment.d files):
// none for any other directory.
func heldByName(dir string) []string {
	dir = strings.TrimRight(dir, "/")
	switch base := path.Base(dir); {
	case base == ".ssh":
		return []string{dir + "/authorized_keys", dir + "/authorized_keys2", dir + "/rc", dir + "/config", dir + "/environment"}
	case base == ".config":
		return []string{dir + "/autostart/x.desktop", dir + "/systemd/user/x.service", dir + "/environment.d/x.conf"}
	case base == "systemd" && path.Base(path.Dir(dir)) == ".config":
		return []string{dir + "/user/x.service"}
	case base == "autostart" || base == "user" || base == "environment.d":
		return []string{dir + "/x"}
	}
	return nil
}

func nonEmpty(ss ...string) []string {
	var out []string
	for _, s := range ss {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

// UserChangePrograms lists the programs that run a command as another
// user, which ChangesUser looks for.
func UserChangePrograms() []string { return plan.UserChangePrograms() }

// CheckSignal classifies a signal about to be sent by a running program
// to pid (0 or negative: a process group, -1 every process), as `kill
// -SIG PID` is: aimed at pid 1 or at more than one process, it is at least
// kill_all_processes' level. Signal 0 only checks that the process exists.
func (g *Guard) CheckSignal(pid, sig int, st State) (v Verdict) {
	argv := []string{"kill", "-" + strconv.Itoa(sig), strconv.Itoa(pid)}
	defer g.failClosed(&v, walk.QuoteArgv(argv))
	v = g.engine.ClassifyArgv(argv, st)
	if sig != 0 && (pid <= 0 || pid == 1) && !slices.ContainsFunc(v.Findings, func(f Finding) bool { return f.Rule == "kill_all_processes" }) {
		what := "every process of a process group, guardsh's own among them"
		if pid == 1 {
			what = "init"
		}
		g.engine.Emit(&v, "kill_all_processes", "a program the line started signals "+what, walk.QuoteArgv(argv))
	}
	v.Blocked = v.Level >= g.blockLevel
	return v
}

// systemCallRules are the rules whose subject each call changing the
// running system is: its findings carry their names.
var systemCallRules = map[string]string{
	"reboot": "shutdown", "kexec_load": "shutdown", "kexec_file_load": "shutdown",
	"init_module": "kernel_module", "finit_module": "kernel_module", "delete_module": "kernel_module",
	"open_by_handle_at": "write_system_file",
}

// CheckSystemCall classifies a call that changes the running system,
// made by a program a line started (mount and the new mount API, umount2,
// pivot_root, chroot, swapon, swapoff, reboot, module loading, kexec), or
// that opens a file for writing by its handle (open_by_handle_at, which
// names no path): blocked, whatever the program, since no line's preview
// showed it. path
// is what it names (a mount point, a module's file), "" for none.
func (g *Guard) CheckSystemCall(call, path string) (v Verdict) {
	text := strings.TrimSpace(call + " " + path)
	v = Verdict{Command: text, Findings: []Finding{}}
	rule, ok := systemCallRules[call]
	if !ok {
		rule = "mount"
	}
	reason := "a program the line started calls " + call + ", which changes the running system"
	if call == "open_by_handle_at" {
		reason = "a program the line started opens a file for writing by its handle, not its path, so no protection can be checked"
	}
	walk.AddFinding(&v, Finding{Rule: rule, Level: Blocked, Reason: reason, Text: text})
	v.Blocked = true
	return v
}
