package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"guardsh/shell"
	"guardsh/shell/supervise"
)

// The files and directories the tree made are its own, as the
// interpreter's are: a script that makes a file with a redirect, touch,
// mktemp or mkdir and then deletes it, empties it or makes it executable
// touches nothing of anyone else's (guard.State.Own). The supervisor
// reports every open with O_CREAT that writes and every mkdir; one
// allowed for a path that does not exist yet is pending, and becomes the
// line's own (kept with its device and inode, shell.OwnFiles) the first
// time a later call asks about that path or one inside it, if it exists
// then and is no symbolic link. What replaced it before that (a link
// onto a protected file, a rename of one) was itself a checked call.

// maxPending bounds the paths waiting to be made.
const maxPending = 4096

// ownFiles is the tree's own files.
type ownFiles struct {
	made    shell.OwnFiles
	pending map[string]bool // path -> a directory
}

// creating notes a call allowed to make p (dir: a directory), before it
// runs: p is the line's own if it does not exist yet.
func (o *ownFiles) creating(p string, dir bool) {
	if !filepath.IsAbs(p) || p == "/" {
		return
	}
	if _, err := os.Lstat(p); err == nil || !os.IsNotExist(err) {
		return
	}
	if o.pending == nil || len(o.pending) >= maxPending {
		o.pending = map[string]bool{}
	}
	o.pending[filepath.Clean(p)] = dir
}

// has reports that p is the line's own, settling what was pending on
// its way.
func (o *ownFiles) has(p string) bool {
	p = filepath.Clean(p)
	for d := p; len(o.pending) > 0; d = filepath.Dir(d) {
		if dir, ok := o.pending[d]; ok {
			if fi, err := os.Lstat(d); err == nil || !os.IsNotExist(err) {
				delete(o.pending, d)
				if err == nil && fi.Mode()&fs.ModeSymlink == 0 {
					o.made.Add(d, dir || fi.IsDir())
				}
			}
		}
		if d == "/" || d == "." {
			break
		}
	}
	return o.made.Has(p)
}

// noteMaking records what an allowed call makes: an open creating a file
// that writes, a mkdir.
func (o *ownFiles) noteMaking(ev *supervise.Event) {
	switch {
	case ev.Kind == supervise.KindMkdir:
		o.creating(ev.Path, true)
	case ev.Kind == supervise.KindOpen && ev.Syscall != "open_by_handle_at" && ev.Flags&syscall.O_CREAT != 0:
		o.creating(ev.Path, false)
	}
}
