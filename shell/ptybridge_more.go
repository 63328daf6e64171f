package shell

import (
	"time"

	"golang.org/x/sys/unix"
)

// ptyFull is what a pty master's line discipline holds at most
// (N_TTY_BUF_SIZE, 4096, less the byte it keeps free), and so about what
// a read of it hands out (more only when the kernel's worker refills it
// during the read). A read that got that much found the line discipline
// full: its worker had stopped, with more output waiting behind it.
const ptyFull = 4095

// coalesceMax is how much of streaming output the pump takes before it
// writes it out: each write to the terminal's pty costs the front end a
// wake-up of the kernel's worker that moves it on (the front end's
// costliest call in a profile of `seq 1 2000000`), so 8 reads go out
// in one write, not one each.
const coalesceMax = 32 * 1024

// coalesceWait bounds how long the pump waits, after a full read, for
// the kernel's worker to bring the output waiting behind it, before it
// writes what it has. The worker was waiting for that read and brings
// more within microseconds; the bound only matters when output of a
// multiple of ptyFull bytes ends, or the machine is loaded. (It does not
// cover the poll's wait for a flush the worker is doing: a poll of an
// empty pty waits for that, as a read does.)
const coalesceWait = 500 * time.Microsecond

// more reads what else comes of output already streaming, after buf's
// first keep+n bytes (last is the size of the latest read), up to
// coalesceMax, and returns the new n and the read's error. After a full
// read it waits coalesceWait at most for more; after a read that was not
// full it takes only what the pty has already (asked with TIOCINQ, not a
// poll: a poll of a pty whose line discipline is empty waits for the
// kernel's worker), and ends the batch when nothing is there: a short
// line's output is never held back.
func (o *outputPump) more(buf []byte, keep, n, last int, err error) (int, error) {
	limit := min(len(buf)-ptyFull-1, coalesceMax)
	for err == nil && n > 0 && o.fd >= 0 && keep+n < limit {
		if last >= ptyFull {
			if !o.readableWithin(coalesceWait) {
				break
			}
		} else if k, ierr := unix.IoctlGetInt(o.fd, unix.TIOCINQ); ierr != nil || k <= 0 {
			break
		}
		m, rerr := o.src.Read(buf[keep+n:])
		o.nread.Add(uint64(max(m, 0)))
		n += max(m, 0)
		last, err = m, rerr
	}
	return n, err
}

// readableWithin reports whether src becomes readable within d; false
// as well when the pump is being stopped.
func (o *outputPump) readableWithin(d time.Duration) bool {
	if o.wakeR < 0 {
		return false
	}
	fds := []unix.PollFd{{Fd: int32(o.fd), Events: unix.POLLIN}, {Fd: int32(o.wakeR), Events: unix.POLLIN}}
	ts := unix.NsecToTimespec(d.Nanoseconds())
	for {
		n, err := unix.Ppoll(fds, &ts, nil)
		if err == unix.EINTR {
			continue
		}
		return err == nil && n > 0 && fds[1].Revents == 0 && fds[0].Revents&unix.POLLIN != 0
	}
}
