package shell

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"mvdan.cc/sh/v3/interp"
)

// Exists reports that a path exists (or that it cannot be told that it
// does not): what guard.State.Exists asks before a line runs.
func Exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil || !errors.Is(err, fs.ErrNotExist)
}

// ownPaths are the files and directories the running line made itself,
// which did not exist before: a redirect opened them new, or mktemp,
// touch or mkdir made them. guard.State.Own asks it at run time, so that
// deleting, emptying or chmod +x of them is no question. Each is kept with
// its device and inode: a path replaced since (by a link to somewhere
// else, or anything) is no longer the line's own.
type ownPaths struct {
	mu sync.Mutex
	m  map[string]ownEntry
}

// ownEntry is what a path the line made was when it was made.
type ownEntry struct {
	dir      bool
	dev, ino uint64
}

func (o *ownPaths) add(p string, dir bool) {
	p = filepath.Clean(p)
	if p == "/" || !filepath.IsAbs(p) {
		return
	}
	fi, err := os.Lstat(p)
	if err != nil || fi.Mode()&fs.ModeSymlink != 0 {
		return
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.m == nil {
		o.m = map[string]ownEntry{}
	}
	o.m[p] = ownEntry{dir: dir || fi.IsDir(), dev: uint64(st.Dev), ino: st.Ino}
}

// reset forgets what earlier lines made: a file made lines ago is the
// user's, not the running line's.
func (o *ownPaths) reset() {
	o.mu.Lock()
	defer o.mu.Unlock()
	clear(o.m)
}

// has reports p, or p inside a directory, that the line made and that is
// still what was made, with no link on the way from it to p.
func (o *ownPaths) has(p string) bool {
	p = filepath.Clean(p)
	o.mu.Lock()
	root, e, found := p, ownEntry{}, false
	for d := p; ; d = filepath.Dir(d) {
		if en, ok := o.m[d]; ok && (d == p || en.dir) {
			root, e, found = d, en, true
			break
		}
		if d == "/" || d == "." {
			break
		}
	}
	o.mu.Unlock()
	if !found {
		return false
	}
	fi, err := os.Lstat(root)
	if errors.Is(err, fs.ErrNotExist) {
		return true // gone: nothing of anyone's is there
	}
	if err != nil || fi.Mode()&fs.ModeSymlink != 0 {
		return false
	}
	if st, ok := fi.Sys().(*syscall.Stat_t); !ok || uint64(st.Dev) != e.dev || st.Ino != e.ino {
		return false // replaced since it was made
	}
	rel, err := filepath.Rel(root, p)
	if err != nil || rel == "." {
		return err == nil
	}
	at := root
	for _, comp := range strings.Split(rel, string(filepath.Separator)) {
		at = filepath.Join(at, comp)
		fi, err := os.Lstat(at)
		if errors.Is(err, fs.ErrNotExist) {
			return true
		}
		if err != nil || fi.Mode()&fs.ModeSymlink != 0 {
			return false // a link on the way leads out of the directory
		}
	}
	return true
}

// makers are the programs whose new operands the runner records.
var makers = map[string]bool{"mktemp": true, "touch": true, "mkdir": true}

// noteMaking prepares to record what a mktemp, touch or mkdir about to run
// makes: it returns the context the program should run with (mktemp's
// output is read on its way) and a function to call once it ended.
func (r *Runner) noteMaking(hc interp.HandlerContext, args []string) (interp.HandlerContext, func(error)) {
	name := filepath.Base(args[0])
	if !makers[name] {
		return hc, func(error) {}
	}
	abs := func(p string) string {
		if !filepath.IsAbs(p) {
			p = filepath.Join(hc.Dir, p)
		}
		return filepath.Clean(p)
	}
	if name == "mktemp" {
		start := time.Now().Add(-time.Second)
		capture := &capWriter{w: hc.Stdout}
		hc.Stdout = capture
		return hc, func(err error) {
			if err != nil {
				return
			}
			for _, l := range strings.Split(strings.TrimSpace(capture.buf.String()), "\n") {
				// A name mktemp just made: new, so its time is now.
				if fi, err := os.Lstat(abs(l)); err == nil && !fi.ModTime().Before(start) && fi.Mode()&fs.ModeSymlink == 0 {
					r.own.add(abs(l), fi.IsDir())
				}
			}
		}
	}
	fresh := NewOperands(args, hc.Dir)
	return hc, func(error) {
		for _, p := range fresh {
			if fi, err := os.Lstat(p); err == nil && fi.Mode()&fs.ModeSymlink == 0 {
				r.own.add(p, fi.IsDir())
			}
		}
	}
}

// NewOperands returns what a touch or mkdir about to run in dir with
// args will make: its operands that do not exist yet (for mkdir -p a/b/c,
// the topmost directory that is new), as absolute paths. Other programs
// make nothing.
func NewOperands(args []string, dir string) []string {
	if len(args) == 0 {
		return nil
	}
	name := filepath.Base(args[0])
	if name != "touch" && name != "mkdir" {
		return nil
	}
	var fresh []string
	for _, a := range args[1:] {
		if strings.HasPrefix(a, "-") {
			continue // an option (touch -d DATE: its value does not exist either)
		}
		p := a
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		p = filepath.Clean(p)
		// mkdir -p a/b/c: the topmost directory that is new.
		for name == "mkdir" && filepath.Dir(p) != "/" && !Exists(filepath.Dir(p)) {
			p = filepath.Dir(p)
		}
		if !Exists(p) {
			fresh = append(fresh, p)
		}
	}
	return fresh
}

// OwnPaths records the paths a line made itself for a check that watches
// the line from outside the interpreter (the supervisor's decider, in the
// main package), as the runner records them for its own: Add once a path
// was made, Has as guard.State.Own.
type OwnPaths struct{ o ownPaths }

// Add records path (absolute), which the line made, as it is now: a
// symbolic link, or a path that is not there, is not recorded.
func (p *OwnPaths) Add(path string, dir bool) { p.o.add(path, dir) }

// Has reports that path, or path inside a directory the line made, is
// still what the line made, with no link on the way.
func (p *OwnPaths) Has(path string) bool { return p.o.has(path) }

// capWriter passes writes on and keeps the first 4 KiB of them.
type capWriter struct {
	w   io.Writer
	buf bytes.Buffer
}

func (c *capWriter) Write(p []byte) (int, error) {
	if room := 4096 - c.buf.Len(); room > 0 {
		c.buf.Write(p[:min(room, len(p))])
	}
	return c.w.Write(p)
}
