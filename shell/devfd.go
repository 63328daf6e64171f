package shell

import (
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
	"mvdan.cc/sh/v3/interp"
)

// fdPath returns the descriptor a path names (/dev/stdout, /dev/stderr,
// /dev/stdin, /dev/fd/N, /proc/self/fd/N, /proc/thread-self/fd/N), and
// false for any other path.
func fdPath(path string) (int, bool) {
	switch filepath.Clean(path) {
	case "/dev/stdin":
		return 0, true
	case "/dev/stdout":
		return 1, true
	case "/dev/stderr":
		return 2, true
	}
	p := filepath.Clean(path)
	for _, dir := range []string{"/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/"} {
		if n, ok := strings.CutPrefix(p, dir); ok {
			fd, err := strconv.Atoi(n)
			if err == nil && fd >= 0 && strconv.Itoa(fd) == n {
				return fd, true
			}
		}
	}
	return 0, false
}

// openDescriptor opens a path that names one of the running command's
// descriptors as what that descriptor is in the interpreter (its stdin,
// stdout or stderr), not as guardsh's own: `echo x > /dev/stdout` inside
// `{ ...; } > f` writes to f, and a write to it is no file write to check
// (the file, if any, was checked when the descriptor was opened). ok is
// false for any other path, and for descriptors above 2, which the
// interpreter does not hold: those are guardsh's own, opened as files and
// checked as the files they are.
func openDescriptor(hc interp.HandlerContext, path string) (rw io.ReadWriteCloser, ok bool, err error) {
	fd, ok := fdPath(path)
	if !ok || fd > 2 {
		return nil, false, nil
	}
	var s any
	switch fd {
	case 0:
		s = hc.Stdin
	case 1:
		s = hc.Stdout
	case 2:
		s = hc.Stderr
	}
	if s == nil || s == (*os.File)(nil) {
		return nil, true, &os.PathError{Op: "open", Path: path, Err: syscall.EBADF}
	}
	if f, isFile := s.(*os.File); isFile {
		// A copy of the descriptor, so that programs get the real file
		// and the interpreter's close of it leaves the original open.
		// Close-on-exec from the start (F_DUPFD_CLOEXEC): a dup marked
		// after it is made goes, in between, to any program a
		// pipeline's other side starts at that moment.
		n, err := unix.FcntlInt(f.Fd(), unix.F_DUPFD_CLOEXEC, 0)
		if err != nil {
			return nil, true, &os.PathError{Op: "open", Path: path, Err: err}
		}
		return os.NewFile(uintptr(n), path), true, nil
	}
	return fdStream{s}, true, nil
}

// fdStream is an interpreter's stream opened again by name: closing it
// leaves the stream open.
type fdStream struct{ s any }

func (f fdStream) Read(p []byte) (int, error) {
	if r, ok := f.s.(io.Reader); ok {
		return r.Read(p)
	}
	return 0, syscall.EBADF
}

func (f fdStream) Write(p []byte) (int, error) {
	if w, ok := f.s.(io.Writer); ok {
		return w.Write(p)
	}
	return 0, syscall.EBADF
}

func (fdStream) Close() error { return nil }
