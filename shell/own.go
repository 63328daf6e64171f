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
// deleting, emptying or chmod +x of them is no question.
type ownPaths struct {
	mu sync.Mutex
	m  map[string]bool // path → is a directory
}

func (o *ownPaths) add(p string, dir bool) {
	p = filepath.Clean(p)
	if p == "/" || !filepath.IsAbs(p) {
		return
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.m == nil {
		o.m = map[string]bool{}
	}
	o.m[p] = o.m[p] || dir
}

// reset forgets what earlier lines made: a file made lines ago is the
// user's, not the running line's.
func (o *ownPaths) reset() {
	o.mu.Lock()
	defer o.mu.Unlock()
	clear(o.m)
}

// has reports p or a directory above it as the line's own.
func (o *ownPaths) has(p string) bool {
	p = filepath.Clean(p)
	o.mu.Lock()
	defer o.mu.Unlock()
	if _, ok := o.m[p]; ok {
		return true
	}
	for d := filepath.Dir(p); d != "/" && d != "."; d = filepath.Dir(d) {
		if o.m[d] {
			return true
		}
	}
	return false
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
	var fresh []string
	for _, a := range args[1:] {
		if strings.HasPrefix(a, "-") {
			continue // an option (touch -d DATE: its value does not exist either)
		}
		p := abs(a)
		// mkdir -p a/b/c: the topmost directory that is new.
		for name == "mkdir" && filepath.Dir(p) != "/" && !Exists(filepath.Dir(p)) {
			p = filepath.Dir(p)
		}
		if !Exists(p) {
			fresh = append(fresh, p)
		}
	}
	return hc, func(error) {
		for _, p := range fresh {
			if fi, err := os.Lstat(p); err == nil && fi.Mode()&fs.ModeSymlink == 0 {
				r.own.add(p, fi.IsDir())
			}
		}
	}
}

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
