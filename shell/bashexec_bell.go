package shell

import (
	"errors"
	"fmt"
	"io"
	"os"
	"sync/atomic"
	"time"

	"golang.org/x/sys/unix"
)

// bash writes a report as about a hundred small writes (its standard
// output is line-buffered: `declare -p` is a write a variable). Were the
// front end reading the report socket, each would wake it. So it does not
// wait on that socket: bash writes each message whole, then one byte on a
// second socket, the bell, and the front end, woken once by the bell,
// takes everything the report socket holds without waiting (both are
// sockets, which no program can open again through /proc/PID/fd). A
// report larger than the socket's buffer would block bash before its
// bell: waiting, the front end also reads the report socket every
// bellPoll.

// bellPoll is how often the front end looks at the report socket without
// a bell: a report that fills the socket's buffer goes on at this pace,
// and a start message (which rings no bell) is read within it.
const bellPoll = 20 * time.Millisecond

// belledReader reads the report socket (a non-blocking descriptor) when
// the bell rings; it is the io.Reader under readBashReport.
type belledReader struct {
	fd    int      // the report socket, non-blocking
	bell  *os.File // the bell, pollable, for its read deadline
	rung  int      // bellPolls since the bell ended: bash is gone
	bells [64]byte
	// looking is set by look: the report socket is read again before
	// the reader waits for the bell.
	looking atomic.Bool
	// bellWait is how long a wait for the bell lasts (bellPoll; tests
	// change it).
	bellWait time.Duration
}

// newBelledReader makes r (not yet read through) non-blocking and reads
// it when bell rings.
func newBelledReader(r, bell *os.File) (*belledReader, error) {
	fd := int(r.Fd())
	if err := unix.SetNonblock(fd, true); err != nil {
		return nil, fmt.Errorf("report socket: %w", err)
	}
	return &belledReader{fd: fd, bell: bell, bellWait: bellPoll}, nil
}

// Read reads what the report socket holds, waiting for the bell (or
// bellPoll) when it holds nothing.
func (br *belledReader) Read(p []byte) (int, error) {
	for {
		n, err := unix.Read(br.fd, p)
		switch {
		case n > 0:
			return n, nil
		case err == nil:
			return 0, io.EOF
		case err == unix.EINTR:
			continue
		case err != unix.EAGAIN:
			return 0, fmt.Errorf("report socket: %w", err)
		}
		if br.rung > 0 {
			// bash is gone: what it wrote is there, then the end, once
			// the kernel closed the report socket too.
			if br.rung++; br.rung > 50 {
				return 0, fmt.Errorf("%w: the bell ended before the reports", errBadMessage)
			}
			time.Sleep(bellPoll)
			continue
		}
		br.bell.SetReadDeadline(time.Now().Add(br.bellWait))
		if br.looking.Swap(false) {
			continue
		}
		_, err = br.bell.Read(br.bells[:])
		switch {
		case err == nil, errors.Is(err, os.ErrDeadlineExceeded):
		case errors.Is(err, io.EOF):
			br.rung = 1
		default:
			return 0, fmt.Errorf("bell: %w", err)
		}
	}
}

// look makes the reader read the report socket now, not at the next bell
// or bellPoll: for a message that rings no bell (the start message),
// when it is needed at once. It may be called from any goroutine.
func (br *belledReader) look() {
	br.looking.Store(true)
	br.bell.SetReadDeadline(time.Now())
}

// bellPair is a socket pair for the bell: the front end's end pollable
// (non-blocking), bash's end blocking.
func bellPair() (front, bash *os.File, err error) {
	fds, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_STREAM|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		return nil, nil, fmt.Errorf("bell socket: %w", err)
	}
	if err := unix.SetNonblock(fds[0], true); err != nil {
		unix.Close(fds[0])
		unix.Close(fds[1])
		return nil, nil, fmt.Errorf("bell socket: %w", err)
	}
	return os.NewFile(uintptr(fds[0]), "bash-bell"), os.NewFile(uintptr(fds[1]), "bash-bell"), nil
}
