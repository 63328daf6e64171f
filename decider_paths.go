package main

import (
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/sys/unix"

	"guardsh/guard"
	"guardsh/shell/supervise"
)

// The supervisor gives the decider the paths of a call it lets the kernel
// carry out (unlink, rename, chmod, chown, truncate, link, an open it does
// not perform itself) as they are written, cleaned but with no link
// followed. The kernel follows links: `rm l/config.toml` with l a link to
// guardsh's directory deletes guardsh's config, `truncate(f)` with f a
// link to it empties it, and `echo x > /proc/self/fd/3` reopens for
// writing whatever descriptor 3 has open for reading. So a file effect is
// also classified on the object the kernel will reach: the directory of
// each path with its links resolved and, for the calls that follow a last
// link (open, truncate, chmod, chown, a hard link's source), the whole
// path; /proc/self, /dev/fd and /dev/std* are the process's own. The
// highest verdict wins.

// realEffectPaths is ev's paths resolved as the kernel will resolve them
// for the process; ok is false when they are the paths as written.
func realEffectPaths(ev *supervise.Event) (p, p2 string, ok bool) {
	follow := false
	switch ev.Kind {
	case supervise.KindOpen, supervise.KindTrunc, supervise.KindChmod, supervise.KindChown:
		follow = true
	case supervise.KindLink:
		// link's old name may be followed (AT_SYMLINK_FOLLOW): fail
		// closed. symlink's first path is the link's text, not a path the
		// call reaches.
		if strings.HasPrefix(ev.Syscall, "symlink") {
			p2 = procRealPath(ev.Pid, ev.Path2, false)
			return ev.Path, p2, p2 != ev.Path2
		}
		follow = true
	}
	p = procRealPath(ev.Pid, ev.Path, follow)
	p2 = procRealPath(ev.Pid, ev.Path2, false)
	return p, p2, p != ev.Path || p2 != ev.Path2
}

// procRealPath resolves the links of an absolute path as process pid reaches
// it: those of its directory, and the last one when follow is set. A part
// that cannot be resolved (not there yet) is kept as written.
func procRealPath(pid int, p string, follow bool) string {
	if p == "" || !filepath.IsAbs(p) {
		return p
	}
	q := procOwn(pid, filepath.Clean(p))
	if follow {
		if r, err := filepath.EvalSymlinks(q); err == nil {
			return r
		}
	}
	dir, base := filepath.Split(q)
	if r, err := filepath.EvalSymlinks(dir); err == nil {
		return filepath.Join(r, base)
	}
	return q
}

// procOwn makes the names a process has for itself (/proc/self,
// /proc/thread-self, /dev/fd, /dev/stdin...) its own, seen from guardsh.
func procOwn(pid int, p string) string { return supervise.OwnNames(p, pid) }

// effectVerdict is the verdict of a file effect on the paths as written
// and on the objects the kernel will reach, the higher of the two.
func (d *decider) effectVerdict(kind string, ev *supervise.Event) guard.Verdict {
	st := d.state(ev, nil)
	st.Exists = d.existed // decider_keys.go
	check := func(p, p2 string) guard.Verdict {
		if ev.Kind == supervise.KindChmod {
			// With the call's mode: chmod(~, 0) locks the owner out.
			return d.g.CheckChmod(p, ev.Mode, st)
		}
		w := d.g.CheckEffect(kind, p, p2, st)
		if exchanges(ev) {
			// Each name takes the other's file: path2's is renamed
			// to path as well.
			w = higher(w, d.g.CheckEffect(kind, p2, p, st))
		}
		return w
	}
	v := check(ev.Path, ev.Path2)
	if resolvedPaths(ev) {
		return v
	}
	if p, p2, ok := realEffectPaths(ev); ok {
		v = higher(v, check(p, p2))
	}
	return v
}

// exchanges says whether ev is a renameat2 with RENAME_EXCHANGE, which
// swaps its two names: path2's file (a whole ~/.ssh, which needs not be
// empty) goes to path as path's goes to path2.
func exchanges(ev *supervise.Event) bool {
	return ev.Kind == supervise.KindRename && ev.Syscall == "renameat2" && ev.Flags&unix.RENAME_EXCHANGE != 0
}

// resolvedPaths says whether ev's paths are already what realEffectPaths
// would resolve them to: for an open, a removal or a rename the
// supervisor performed itself (Event.Resolved) they are the real paths of
// the directory (and of an open's file) it opened, with no link left to
// follow. (A chown's or a hard link's object, which the supervisor may
// not follow where realEffectPaths does, is resolved again.)
func resolvedPaths(ev *supervise.Event) bool {
	switch ev.Kind {
	case supervise.KindOpen, supervise.KindRemove, supervise.KindRename:
		return ev.Resolved
	}
	return false
}

// openedAs is resolveAs for an open: the path of the file a write-open
// the supervisor performs opened (Event.Resolved) is its real one, and
// only its being there is looked at (resolveAs's walk would lstat each
// directory on the way to find no link); ok is false when it is not
// there (a new file).
func openedAs(ev *supervise.Event) (string, bool) {
	if ev.Resolved {
		var st unix.Stat_t
		if err := unix.Lstat(ev.Path, &st); err != nil {
			return "", false
		}
		if st.Mode&unix.S_IFMT != unix.S_IFLNK {
			return ev.Path, true
		}
	}
	return resolveAs(ev.Pid, ev.Path)
}

// linkedArgv is argv with each argument that reaches a file through a
// symbolic link (`rm -rf l/` with l a link to the home directory) given
// as the path the kernel reaches: the links of its directory resolved,
// and the last one when the argument ends in a slash, which makes the
// kernel follow it (without one, rm, mv and ln act on the link itself,
// and a program that follows it, chmod say, is checked at its call). Only
// arguments with a slash can pass a link on the way. ok is false when no
// argument changed.
func linkedArgv(argv []string, cwd string) (out []string, ok bool) {
	dashes := false
	for i := 1; i < len(argv); i++ {
		a := argv[i]
		if a == "--" {
			dashes = true
		}
		if !strings.Contains(a, "/") || (!dashes && strings.HasPrefix(a, "-")) {
			continue
		}
		p := a
		if !filepath.IsAbs(p) {
			if !filepath.IsAbs(cwd) {
				continue
			}
			p = cwd + "/" + p
		}
		slash := strings.HasSuffix(a, "/") || strings.HasSuffix(a, "/.")
		var r string
		if slash {
			real, err := filepath.EvalSymlinks(p)
			if err != nil {
				continue
			}
			r = real + "/"
		} else {
			dir, base := filepath.Split(p)
			real, err := filepath.EvalSymlinks(dir)
			if err != nil {
				continue
			}
			r = filepath.Join(real, base)
		}
		lex := filepath.Clean(p)
		if slash {
			lex += "/"
		}
		if r == lex || (slash && filepath.Clean(r) == filepath.Clean(p)) {
			continue
		}
		if out == nil {
			out = slices.Clone(argv)
		}
		out[i], ok = r, true
	}
	return out, ok
}
