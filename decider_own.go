package main

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"guardsh/shell"
	"guardsh/shell/supervise"
)

// A supervised line's own files: what the static check knows a line makes
// for itself (a redirect's new file, mktemp's, touch's and mkdir's
// operands that were not there) and may then delete, empty or make
// executable without a question, the decider learns from the calls it
// sees, so that the run-time verdict of `rm -f "$t"` is the static one
// (guard.State.Own). It learns a path when the tree is about to make it
// (a write-open with O_CREAT of a path that is not there, the exec of
// touch, mkdir or mktemp) and records it, with its device and inode, when
// a check first asks about it and it is there: a path that became a link
// since, or anything else than what was made, is not the line's own.

// maxOwnPending bounds what the decider remembers of what the tree is
// making: past it, nothing more is the line's own (fail closed: a later
// deletion is checked as anyone's).
const maxOwnPending = 4096

// treeOwn is the record of what the supervised tree made itself.
type treeOwn struct {
	own shell.OwnPaths
	// pending are paths the tree was about to make, when it was.
	pending map[string]time.Time
	// temps are mktemp's templates (their random part as ? patterns),
	// with the time mktemp started: a match made since is its output.
	temps []tempPattern
	// hits counts the paths has found the tree's own: a verdict made
	// with one is not kept for the same call later (decider.allowed).
	hits int
}

type tempPattern struct {
	pattern string
	since   time.Time
}

// note learns from a call the tree makes what it is about to make.
func (t *treeOwn) note(ev *supervise.Event) {
	switch ev.Kind {
	case supervise.KindOpen:
		if ev.Flags&syscall.O_CREAT != 0 && ev.Path != "" && !shell.Exists(ev.Path) {
			t.pend(ev.Path)
		}
	case supervise.KindExec:
		if len(ev.Argv) == 0 {
			return
		}
		if filepath.Base(ev.Argv[0]) == "mktemp" || filepath.Base(ev.Path) == "mktemp" {
			if p := mktempPattern(ev.Argv, ev.Cwd, ev.Env); p != "" && len(t.temps) < 64 {
				t.temps = append(t.temps, tempPattern{p, time.Now().Add(-time.Second)})
			}
			return
		}
		argv := append([]string{filepath.Base(ev.Path)}, ev.Argv[1:]...)
		for _, p := range shell.NewOperands(argv, ev.Cwd) {
			t.pend(p)
		}
	}
}

func (t *treeOwn) pend(p string) {
	if t.pending == nil {
		t.pending = map[string]time.Time{}
	}
	if len(t.pending) < maxOwnPending {
		t.pending[filepath.Clean(p)] = time.Now().Add(-time.Second)
	}
}

// has is guard.State.Own for the supervised tree: p, or a directory
// holding it, is what the tree made.
func (t *treeOwn) has(p string) bool {
	if t.find(filepath.Clean(p)) {
		t.hits++
		return true
	}
	return false
}

func (t *treeOwn) find(p string) bool {
	if t.own.Has(p) {
		return true
	}
	for d := p; ; d = filepath.Dir(d) {
		if since, ok := t.pending[d]; ok && t.settle(d, since) {
			delete(t.pending, d)
			return t.own.Has(p)
		}
		for _, tp := range t.temps {
			if ok, _ := filepath.Match(tp.pattern, d); ok && t.settle(d, tp.since) {
				return t.own.Has(p)
			}
		}
		if d == "/" || d == "." {
			return false
		}
	}
}

// settle records p as the tree's own if it is there, is no link and was
// changed since the tree began making it.
func (t *treeOwn) settle(p string, since time.Time) bool {
	fi, err := os.Lstat(p)
	if errors.Is(err, fs.ErrNotExist) || err != nil || fi.Mode()&fs.ModeSymlink != 0 {
		return false
	}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok && time.Unix(st.Ctim.Unix()).Before(since) {
		return false // there before
	}
	t.own.Add(p, fi.IsDir())
	return true
}

// mktempPattern is the glob of the names a mktemp with argv makes in dir
// (its Xs as ?), "" when it makes none (-u) or argv is not understood.
func mktempPattern(argv []string, dir string, env []string) string {
	var template, tmpdir, suffix string
	useTmp := false
	for i := 1; i < len(argv); i++ {
		a := argv[i]
		switch {
		case a == "-u" || a == "--dry-run":
			return ""
		case a == "-t":
			useTmp = true
		case a == "-p" || a == "--tmpdir":
			useTmp = true
			if a == "-p" && i+1 < len(argv) {
				i++
				tmpdir = argv[i]
			}
		case strings.HasPrefix(a, "--tmpdir="):
			useTmp, tmpdir = true, strings.TrimPrefix(a, "--tmpdir=")
		case strings.HasPrefix(a, "-p") && len(a) > 2:
			useTmp, tmpdir = true, a[2:]
		case strings.HasPrefix(a, "--suffix="):
			suffix = strings.TrimPrefix(a, "--suffix=")
		case a == "--suffix" && i+1 < len(argv):
			i++
			suffix = argv[i]
		case strings.HasPrefix(a, "-") && a != "-":
			// -d, -q and their bundles: they change nothing of the name.
		default:
			template = a
		}
	}
	if template == "" {
		template, useTmp = "tmp.XXXXXXXXXX", true
	}
	base := template + suffix
	if useTmp {
		if tmpdir == "" {
			tmpdir = envValue(env, "TMPDIR")
		}
		if tmpdir == "" {
			tmpdir = "/tmp"
		}
		base = filepath.Join(tmpdir, base)
	}
	if !filepath.IsAbs(base) {
		base = filepath.Join(dir, base)
	}
	n := len(template) - len(strings.TrimRight(template, "X"))
	if n < 3 {
		return ""
	}
	full := filepath.Clean(base)
	cut := len(full) - len(suffix) - n
	if cut < 0 {
		return ""
	}
	return escapeGlob(full[:cut]) + strings.Repeat("?", n) + escapeGlob(full[cut+n:])
}

// escapeGlob quotes the glob characters of s.
func escapeGlob(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune(`*?[\`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// envValue is name's value in env.
func envValue(env []string, name string) string {
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, name+"="); ok {
			return v
		}
	}
	return ""
}
