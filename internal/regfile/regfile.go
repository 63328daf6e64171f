// Package regfile reads and appends to the files guardsh keeps for itself
// (config, policy, rc files, history, audit log) so that none of them can
// hang a start: a file that is not a regular file (a FIFO, a device, a
// socket, a directory) is an error reported at once, a read is bounded in
// size and in time, and no open waits for a writer or a reader.
package regfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"syscall"
	"time"
)

// Timeout bounds how long Read and OpenAppend wait for the file system (a
// hung network mount); past it they fail.
const Timeout = 2 * time.Second

// ErrNotRegular is wrapped by the error about a file that is not a regular
// file.
var ErrNotRegular = errors.New("not a regular file")

// ErrTooLarge is wrapped by the error about a file larger than the limit.
var ErrTooLarge = errors.New("larger than guardsh reads")

// Read returns the contents of the regular file at path, at most max
// bytes. A missing file is an error that wraps fs.ErrNotExist; a file that
// is not regular, one larger than max, and one that cannot be read within
// Timeout are errors too. Read never blocks on a FIFO or a device: it
// refuses them before opening, opens without blocking and checks again
// what it opened.
func Read(path string, max int64) ([]byte, error) {
	type result struct {
		b   []byte
		err error
	}
	done := make(chan result, 1)
	go func() {
		b, err := read(path, max)
		done <- result{b, err}
	}()
	t := time.NewTimer(Timeout)
	defer t.Stop()
	select {
	case r := <-done:
		return r.b, r.err
	case <-t.C:
		return nil, &fs.PathError{Op: "read", Path: path, Err: fmt.Errorf("no answer from the file system within %v", Timeout)}
	}
}

func read(path string, max int64) ([]byte, error) {
	f, err := openRegular(path, os.O_RDONLY)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if fi.Size() > max {
		return nil, tooLarge(path, max)
	}
	b, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, &fs.PathError{Op: "read", Path: path, Err: err}
	}
	if int64(len(b)) > max {
		return nil, tooLarge(path, max)
	}
	return b, nil
}

func tooLarge(path string, max int64) error {
	return &fs.PathError{Op: "read", Path: path, Err: fmt.Errorf("%w (%d bytes at most)", ErrTooLarge, max)}
}

// OpenAppend opens the regular file at path for appending, creating it
// with mode perm when it does not exist. A FIFO, a device or any other
// file that is not regular is refused without waiting for its other end.
func OpenAppend(path string, perm fs.FileMode) (*os.File, error) {
	type result struct {
		f   *os.File
		err error
	}
	done := make(chan result, 1)
	go func() {
		f, err := openRegular(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, perm)
		done <- result{f, err}
	}()
	t := time.NewTimer(Timeout)
	defer t.Stop()
	select {
	case r := <-done:
		return r.f, r.err
	case <-t.C:
		go func() {
			if r := <-done; r.f != nil {
				r.f.Close()
			}
		}()
		return nil, &fs.PathError{Op: "open", Path: path, Err: fmt.Errorf("no answer from the file system within %v", Timeout)}
	}
}

// openRegular opens path with flag, never blocking on a FIFO and never
// taking a terminal as the controlling one, and fails unless what it
// opened is a regular file.
func openRegular(path string, flag int, perm ...fs.FileMode) (*os.File, error) {
	switch fi, err := os.Stat(path); {
	case err == nil && !fi.Mode().IsRegular():
		// Refused before it is opened: opening a device can do things.
		return nil, notRegular(path, fi.Mode())
	case flag&os.O_CREATE == 0 && errors.Is(err, syscall.ENOENT):
		// Not there (the usual policy and config): the open would say
		// the same, as it says it.
		return nil, &fs.PathError{Op: "open", Path: path, Err: syscall.ENOENT}
	}
	mode := fs.FileMode(0o600)
	if len(perm) > 0 {
		mode = perm[0]
	}
	f, err := os.OpenFile(path, flag|syscall.O_NONBLOCK|syscall.O_NOCTTY|syscall.O_CLOEXEC, mode)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		// Swapped for another kind of file since the Stat above.
		f.Close()
		return nil, notRegular(path, fi.Mode())
	}
	return f, nil
}

func notRegular(path string, m fs.FileMode) error {
	return &fs.PathError{Op: "open", Path: path, Err: fmt.Errorf("%w (%s)", ErrNotRegular, kind(m))}
}

// kind names the type of a file that is not regular.
func kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a block device"
	}
	return "an irregular file"
}

// ReadTail returns the end of the regular file at path: at least the last
// lines lines of it (fewer when the file has fewer), at most max bytes,
// beginning at the start of a line, and whether that is the whole file.
// It reads backwards from the end in growing pieces, so that a long file
// costs only what is returned: a file larger than max is not an error,
// its last max bytes are read (less the partial line they begin with).
// Like Read, it refuses what is not a regular file and fails past
// Timeout.
func ReadTail(path string, max int64, lines int) ([]byte, bool, error) {
	type result struct {
		b     []byte
		whole bool
		err   error
	}
	done := make(chan result, 1)
	go func() {
		b, whole, err := readTail(path, max, lines)
		done <- result{b, whole, err}
	}()
	t := time.NewTimer(Timeout)
	defer t.Stop()
	select {
	case r := <-done:
		return r.b, r.whole, r.err
	case <-t.C:
		return nil, false, &fs.PathError{Op: "read", Path: path, Err: fmt.Errorf("no answer from the file system within %v", Timeout)}
	}
}

// tailPiece is the first piece ReadTail reads; each next one is twice as
// long.
const tailPiece = 64 << 10

func readTail(path string, max int64, lines int) ([]byte, bool, error) {
	f, err := openRegular(path, os.O_RDONLY)
	if err != nil {
		return nil, false, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, false, err
	}
	// The pieces read, last first, hold the file from off to its size;
	// newlines counts their newlines. They are joined once at the end.
	size := fi.Size()
	off, newlines, total := size, 0, int64(0)
	var pieces [][]byte
	for piece := int64(tailPiece); off > 0 && newlines <= lines; piece *= 2 {
		n := min(piece, off, max-total)
		if n <= 0 {
			break
		}
		b := make([]byte, n)
		if _, err := f.ReadAt(b, off-n); err != nil {
			return nil, false, &fs.PathError{Op: "read", Path: path, Err: err}
		}
		newlines += bytes.Count(b, []byte{'\n'})
		pieces = append(pieces, b)
		off, total = off-n, total+n
	}
	buf := joinPieces(pieces, total)
	if off > 0 {
		// Begin at a line's start: the piece's first line is cut.
		if i := bytes.IndexByte(buf, '\n'); i >= 0 {
			buf = buf[i+1:]
		} else {
			buf = nil // one line longer than max
		}
	}
	return buf, off == 0, nil
}

// joinPieces joins pieces, last first, into one slice of total bytes.
func joinPieces(pieces [][]byte, total int64) []byte {
	if len(pieces) == 1 {
		return pieces[0]
	}
	buf := make([]byte, 0, total)
	for i := len(pieces) - 1; i >= 0; i-- {
		buf = append(buf, pieces[i]...)
	}
	return buf
}
