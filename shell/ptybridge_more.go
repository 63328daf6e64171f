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

// coalesceMax is how much of streaming output the pump takes in one
// batch of full reads before it hands it on (to the screen's queue, which
// takes batches together into writes of up to wakeAt: see wakeWriter).
const coalesceMax = 32 * 1024

// coalesceWait bounds how long the pump waits, after a full read, for
// the kernel's worker to bring the output waiting behind it. The worker
// was waiting for that read and brings more within microseconds; the
// bound only matters when output of a multiple of ptyFull bytes ends, or
// the machine is loaded. (It does not cover the poll's wait for a flush
// the worker is doing: a poll of an empty pty waits for that, as a read
// does.)
const coalesceWait = 500 * time.Microsecond

// more reads what else comes of output already streaming, after buf's
// first keep+n bytes (last is the size of the latest read), up to
// coalesceMax, and returns the new n, the size of the last read and the
// read's error: after a full read it waits coalesceWait at most for
// more. A read that was not full
// ends the batch: the pump's next poll finds what came meanwhile. (Asking
// the pty with TIOCINQ after a short read, and reading again while it
// had something, made the reads smaller, not the batches larger: the
// worker hands a streaming program's output on in pieces of a few
// hundred bytes. Without it, `seq 1 2000000` took 8,000-10,000 reads
// instead of 17,000-26,000, and the front end 15% less CPU.)
func (o *outputPump) more(buf []byte, keep, n, last int, err error) (int, int, error) {
	limit := min(len(buf)-ptyFull-1, coalesceMax)
	for err == nil && n > 0 && o.fd >= 0 && keep+n < limit && last >= ptyFull {
		if !o.readableWithin(coalesceWait) {
			break
		}
		m, rerr := o.src.Read(buf[keep+n:])
		o.nread.Add(uint64(max(m, 0)))
		n += max(m, 0)
		last, err = m, rerr
	}
	return n, last, err
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
