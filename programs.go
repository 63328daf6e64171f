package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/sys/unix"
)

// programs recognises a copy of a program by its content: an exec of a
// file that is byte for byte a program found on PATH or in the system's
// binary directories (or a hard link to one) is that program too, under
// its name there. The index of those programs (their sizes) is made once
// per line, when the first file that needs it is executed; what a file
// is a copy of is kept by its device, inode, size and times, so that a
// file changed since is looked at again.
//
// Files of root, not writable by group or others, under /usr, /bin,
// /sbin, /lib, /lib64 and /opt are not looked at (the compilers' parts a
// build runs by the hundred are there): a line cannot make a copy there
// without writing a protected directory, which the supervisor checks.
// Symbolic links are not copies: the exec of one is classified under the
// file it resolves to.
type programs struct {
	path   string // guardsh's PATH
	built  bool
	bySize map[int64][]program
	known  map[knownKey][]string
}

// knownKey is a file looked at, by its identity and its name (a hard
// link is not a copy of itself under its own name).
type knownKey struct {
	id   fileID
	name string
}

type program struct {
	path, name string
	id         fileID
}

// fileID identifies a file's content as far as its metadata can.
type fileID struct {
	dev, ino    uint64
	size        int64
	mtime, ctim unix.Timespec
}

func idOf(st *unix.Stat_t) fileID {
	return fileID{dev: st.Dev, ino: st.Ino, size: st.Size, mtime: st.Mtim, ctim: st.Ctim}
}

// systemDirs are looked in besides guardsh's own PATH.
var systemDirs = []string{"/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin", "/sbin", "/bin"}

// maxCompare bounds the size of a file compared with a program.
const maxCompare = 256 << 20

// maxKnown bounds the files remembered.
const maxKnown = 4096

func newPrograms(path string) *programs {
	return &programs{path: path, known: map[knownKey][]string{}}
}

// copies returns the names of the programs file (a real path, no
// symbolic link) is a copy of or a hard link to, its own name aside.
func (p *programs) copies(file string) []string {
	var st unix.Stat_t
	if unix.Stat(file, &st) != nil || st.Mode&unix.S_IFMT != unix.S_IFREG || systemFile(file, &st) {
		return nil
	}
	id := idOf(&st)
	key := knownKey{id, filepath.Base(file)}
	if names, ok := p.known[key]; ok {
		return names
	}
	p.build()
	var names []string
	compared := map[[2]uint64]bool{}
	for _, c := range p.bySize[st.Size] {
		if c.name == filepath.Base(file) && c.id.dev == id.dev && c.id.ino == id.ino {
			continue // itself
		}
		key := [2]uint64{c.id.dev, c.id.ino}
		same, ok := compared[key]
		if !ok {
			same = c.id.dev == id.dev && c.id.ino == id.ino || sameContent(file, c.path, st.Size)
			compared[key] = same
		}
		if same {
			names = append(names, c.name)
		}
	}
	if len(p.known) >= maxKnown {
		clear(p.known)
	}
	p.known[key] = names
	return names
}

// build indexes the regular files of the directories by size.
func (p *programs) build() {
	if p.built {
		return
	}
	p.built = true
	p.bySize = map[int64][]program{}
	seen := map[string]bool{}
	for _, d := range append(filepath.SplitList(p.path), systemDirs...) {
		if !filepath.IsAbs(d) {
			continue // a relative PATH entry depends on the process's directory
		}
		if real, err := filepath.EvalSymlinks(d); err == nil {
			d = real
		}
		if seen[d] {
			continue
		}
		seen[d] = true
		entries, err := os.ReadDir(d)
		if err != nil {
			continue
		}
		for _, e := range entries {
			if !e.Type().IsRegular() {
				continue
			}
			path := filepath.Join(d, e.Name())
			var st unix.Stat_t
			if unix.Lstat(path, &st) != nil || st.Mode&0o111 == 0 {
				continue
			}
			p.bySize[st.Size] = append(p.bySize[st.Size], program{path: path, name: e.Name(), id: idOf(&st)})
		}
	}
}

// systemFile reports a file of root, not writable by group or others, in
// the system's own trees.
func systemFile(path string, st *unix.Stat_t) bool {
	if st.Uid != 0 || st.Mode&0o022 != 0 {
		return false
	}
	for _, root := range []string{"/usr/", "/bin/", "/sbin/", "/lib/", "/lib64/", "/opt/"} {
		if strings.HasPrefix(path, root) {
			return true
		}
	}
	return false
}

// sameContent compares two files of the given size byte for byte.
func sameContent(a, b string, size int64) bool {
	if size > maxCompare {
		return false
	}
	fa, ok := openRegular(a, size)
	if !ok {
		return false
	}
	defer fa.Close()
	fb, ok := openRegular(b, size)
	if !ok {
		return false
	}
	defer fb.Close()
	ba, bb := make([]byte, 64<<10), make([]byte, 64<<10)
	for {
		na, ea := io.ReadFull(fa, ba)
		nb, eb := io.ReadFull(fb, bb)
		if na != nb || !bytes.Equal(ba[:na], bb[:nb]) {
			return false
		}
		if ea != nil || eb != nil {
			return ea == eb || (ea == io.EOF || ea == io.ErrUnexpectedEOF) && (eb == io.EOF || eb == io.ErrUnexpectedEOF)
		}
	}
}

// openRegular opens a regular file of the given size without waiting (a
// file swapped for a FIFO since it was looked at is not opened as one).
func openRegular(path string, size int64) (*os.File, bool) {
	f, err := os.OpenFile(path, os.O_RDONLY|unix.O_NONBLOCK|unix.O_NOCTTY, 0)
	if err != nil {
		return nil, false
	}
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() || fi.Size() != size {
		f.Close()
		return nil, false
	}
	return f, true
}
