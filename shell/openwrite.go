package shell

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
)

// A redirect that writes is checked on the file it reaches, symbolic links
// resolved, and then that file is opened. Between the two a program can
// swap a link (the check sees a harmless file, the open follows the link
// to guardsh's config). So the open never follows a link: it opens the
// resolved path with every link on the way refused (openat2 with
// RESOLVE_NO_SYMLINKS, or each component opened with O_NOFOLLOW where the
// kernel has no openat2), and a link that appeared since the check makes
// it fail. A target that is an open descriptor (/dev/stdout,
// /proc/self/fd/N, whose links only the kernel makes) is opened as named
// and must be the very file it was when checked (same device and inode),
// truncated only once it is known to be.

// errTargetChanged reports a redirect target that changed between its
// check and its opening.
var errTargetChanged = errors.New("refused by guardsh: the file changed while it was checked (a symbolic link on the way to it was swapped); nothing was written")

// writeTarget is where a write to a path goes, resolved for its check.
type writeTarget struct {
	path string // as the redirect names it, absolute
	real string // every symbolic link resolved; dangling ones too
	// desc reports a path through a link of the kernel's /proc (an open
	// descriptor, a process's directory): it is opened as named, and
	// must be the file stat found (dev, ino, found).
	desc     bool
	dev, ino uint64
	found    bool
}

// resolveWrite resolves abs for a write: each component that is a
// symbolic link is replaced by its target, up to 255 links.
func resolveWrite(abs string) writeTarget {
	if abs == "" {
		return writeTarget{} // names no file: the open says so
	}
	t := writeTarget{path: filepath.Clean(abs)}
	rest := strings.Split(strings.TrimPrefix(t.path, "/"), "/")
	done := "/"
	for hops := 0; len(rest) > 0; {
		comp := rest[0]
		rest = rest[1:]
		if comp == "" || comp == "." {
			continue
		}
		if comp == ".." {
			done = filepath.Dir(done)
			continue
		}
		p := filepath.Join(done, comp)
		fi, err := os.Lstat(p)
		if err != nil || fi.Mode()&os.ModeSymlink == 0 {
			done = p
			if err != nil {
				// Not there (a write creates it) or not reachable:
				// the rest is taken as it is.
				done = filepath.Join(append([]string{p}, rest...)...)
				rest = nil
			}
			continue
		}
		if strings.HasPrefix(p, "/proc/") {
			t.desc = true
			break
		}
		hops++
		link, err := os.Readlink(p)
		if err != nil || hops > 255 {
			done = filepath.Join(append([]string{p}, rest...)...)
			rest = nil
			break
		}
		if filepath.IsAbs(link) {
			done = "/"
		}
		rest = append(strings.Split(link, "/"), rest...)
	}
	if t.desc {
		t.real = t.path
		var st unix.Stat_t
		if unix.Stat(t.path, &st) == nil {
			t.dev, t.ino, t.found = st.Dev, st.Ino, true
		}
		return t
	}
	t.real = done
	return t
}

// open opens the checked target with flag and perm.
func (t writeTarget) open(flag int, perm os.FileMode) (*os.File, error) {
	if t.desc {
		return t.openDesc(flag, perm)
	}
	if t.real == "" {
		return nil, &os.PathError{Op: "open", Path: t.path, Err: syscall.ENOENT}
	}
	fd, err := openNoSymlinks(t.real, flag, perm)
	if err != nil {
		if errors.Is(err, unix.ELOOP) || errors.Is(err, unix.EXDEV) {
			err = errTargetChanged
		}
		return nil, &os.PathError{Op: "open", Path: t.path, Err: err}
	}
	return os.NewFile(uintptr(fd), t.path), nil
}

// openDesc opens a target named through /proc: it is opened as named,
// without truncating or creating, and refused unless it is the file the
// check saw; then truncated if asked.
func (t writeTarget) openDesc(flag int, perm os.FileMode) (*os.File, error) {
	if !t.found {
		return nil, &os.PathError{Op: "open", Path: t.path, Err: syscall.ENOENT}
	}
	f, err := os.OpenFile(t.path, flag&^(os.O_TRUNC|os.O_CREATE|os.O_EXCL), perm)
	if err != nil {
		return nil, err
	}
	var st unix.Stat_t
	if err := unix.Fstat(int(f.Fd()), &st); err != nil || st.Dev != t.dev || st.Ino != t.ino {
		f.Close()
		return nil, &os.PathError{Op: "open", Path: t.path, Err: errTargetChanged}
	}
	if flag&os.O_TRUNC != 0 && st.Mode&unix.S_IFMT == unix.S_IFREG {
		if err := f.Truncate(0); err != nil {
			f.Close()
			return nil, err
		}
	}
	return f, nil
}

// openNoSymlinks opens path, close-on-exec, failing with ELOOP if any of
// its components is a symbolic link.
func openNoSymlinks(path string, flag int, perm os.FileMode) (int, error) {
	how := unix.OpenHow{Flags: uint64(flag) | unix.O_CLOEXEC, Resolve: unix.RESOLVE_NO_SYMLINKS}
	if flag&(os.O_CREATE|unix.O_TMPFILE) != 0 {
		how.Mode = uint64(syscallMode(perm))
	}
	for {
		fd, err := unix.Openat2(unix.AT_FDCWD, path, &how)
		switch {
		case err == unix.EINTR:
			continue
		case err == unix.ENOSYS:
			// No openat2 (an old kernel, a seccomp filter): the same,
			// one component at a time.
			return openEachNoFollow(path, flag, perm)
		}
		return fd, err
	}
}

// openEachNoFollow opens path one component at a time from the root, each
// directory with O_NOFOLLOW, and the last with flag and O_NOFOLLOW.
func openEachNoFollow(path string, flag int, perm os.FileMode) (int, error) {
	dir, err := unix.Open("/", unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return -1, err
	}
	comps := strings.Split(strings.Trim(filepath.Clean(path), "/"), "/")
	for i, c := range comps {
		last := i == len(comps)-1
		var fd int
		if last {
			fd, err = unix.Openat(dir, c, flag|unix.O_NOFOLLOW|unix.O_CLOEXEC, syscallMode(perm))
		} else {
			fd, err = unix.Openat(dir, c, unix.O_PATH|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
			if err == unix.ENOTDIR {
				// A symbolic link (O_PATH|O_NOFOLLOW opens the link
				// itself, which is no directory) or a file.
				var st unix.Stat_t
				if unix.Fstatat(dir, c, &st, unix.AT_SYMLINK_NOFOLLOW) == nil && st.Mode&unix.S_IFMT == unix.S_IFLNK {
					err = unix.ELOOP
				}
			}
		}
		unix.Close(dir)
		if err != nil {
			return -1, fmt.Errorf("%s: %w", c, err)
		}
		dir = fd
	}
	return dir, nil
}

// syscallMode turns a FileMode into open's mode bits.
func syscallMode(perm os.FileMode) uint32 {
	m := uint32(perm.Perm())
	if perm&os.ModeSetuid != 0 {
		m |= unix.S_ISUID
	}
	if perm&os.ModeSetgid != 0 {
		m |= unix.S_ISGID
	}
	if perm&os.ModeSticky != 0 {
		m |= unix.S_ISVTX
	}
	return m
}
