package supervise

import (
	"errors"
	"os"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// The supervisor's goroutine waits for the tree's next reported call in
// Go's netpoller where it can, not in a blocking poll(2) of its own: a
// goroutine parked there holds no thread in a system call. While the
// tree runs, the runtime's sysmon then sleeps until something happens,
// where a thread in a blocking call keeps it waking every 20 to 100 µs
// to see whether to take that thread's P (a short supervised line: some
// 50 wake-ups, half of guardsh's context switches). The listener and the
// pipe Close writes to are what serve looks at either way; the netpoller
// only says when to look.

// listenerPoll is a duplicate of the listener, non-blocking and in the
// netpoller.
type listenerPoll struct {
	f  *os.File
	rc syscall.RawConn
}

// listenerNetpoll is false in tests of the poll(2) wait.
var listenerNetpoll = true

// newListenerPoll returns the listener in the netpoller, or nil where it
// cannot be (serve then waits in poll(2)).
func newListenerPoll(listener int) *listenerPoll {
	if !listenerNetpoll {
		return nil
	}
	fd, err := unix.FcntlInt(uintptr(listener), unix.F_DUPFD_CLOEXEC, 0)
	if err != nil {
		return nil
	}
	// O_NONBLOCK is the open file's, the listener's too: its ioctls do
	// not look at it (SECCOMP_IOCTL_NOTIF_RECV waits for a notification
	// either way, and serve asks for one only when poll says it is there).
	if err := unix.SetNonblock(fd, true); err != nil {
		unix.Close(fd)
		return nil
	}
	f := os.NewFile(uintptr(fd), "seccomp-listener")
	// A deadline can be set only on a file in the netpoller.
	if f.SetReadDeadline(time.Time{}) != nil {
		f.Close()
		return nil
	}
	rc, err := f.SyscallConn()
	if err != nil {
		f.Close()
		return nil
	}
	return &listenerPoll{f: f, rc: rc}
}

// wait waits until one of fds (the listener and the wake pipe) has an
// event, and fills in their Revents. It fails when the netpoller cannot
// wait for the listener; serve then polls.
func (p *listenerPoll) wait(fds []unix.PollFd) error {
	ready := func() bool {
		fds[0].Revents, fds[1].Revents = 0, 0
		_, err := unix.Poll(fds, 0)
		return err == nil && (fds[0].Revents != 0 || fds[1].Revents != 0)
	}
	err := p.rc.Read(func(uintptr) bool { return ready() })
	switch {
	case err == nil:
		return nil
	case errors.Is(err, os.ErrDeadlineExceeded):
		// Close: the wake pipe has been written to.
		ready()
		fds[1].Revents |= unix.POLLIN
		return nil
	}
	return err
}

// wake makes a wait return: Close has written to the wake pipe, which
// the netpoller does not watch.
func (p *listenerPoll) wake() { p.f.SetReadDeadline(time.Unix(1, 0)) }

// close releases the duplicate (not the listener).
func (p *listenerPoll) close() { p.f.Close() }
