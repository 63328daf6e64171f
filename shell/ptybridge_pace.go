package shell

import (
	"time"

	"golang.org/x/sys/unix"
)

// readPacer spaces the pump's reads of streaming output so that each
// takes about paceTarget bytes. A poll of the pty returns as soon as the
// kernel's worker put anything in it, so a pump that polls again at once
// after each read is woken for every few hundred bytes the program
// writes.
type readPacer struct {
	last time.Time // when the latest read ended
	rate float64   // bytes a nanosecond, smoothed; 0: not streaming
	tid  int       // the thread whose timer slack was set
	// late is how much later than asked a pause ends, smoothed: the
	// timer's slack and the wait for a CPU.
	late time.Duration
}

// paceTarget is how much a paced read is meant to find: half of what the
// pty's line discipline holds (ptyFull), so that a program that speeds
// up between two reads does not fill it (a full line discipline makes
// the kernel's worker wake for each of the program's writes).
const paceTarget = 2048

// paceMax bounds a pause between reads: slow output is held back no
// longer.
const paceMax = 250 * time.Microsecond

// read records a batch of n bytes that ended now; full says its last read
// found the pty full (the rate was higher than that read tells).
func (p *readPacer) read(n int, full bool, now time.Time) {
	dt := now.Sub(p.last)
	p.last = now
	if n <= 0 || dt > streamGap || dt <= 0 {
		p.rate = 0
		return
	}
	r := float64(n) / float64(dt)
	if full {
		r *= 2
	}
	if p.rate == 0 {
		p.rate = r
	} else {
		p.rate = (p.rate + r) / 2
	}
}

// wait returns how long to wait before the next read, 0 for none.
func (p *readPacer) wait(now time.Time) time.Duration {
	if p.rate == 0 {
		return 0
	}
	d := time.Duration(paceTarget/p.rate) - now.Sub(p.last) - p.late
	return max(0, min(d, paceMax))
}

// paceWait waits d, or until the pump is stopped. The thread's timer slack
// (50 µs by default, as long as the pauses themselves) is cut to 1 µs
// first, once a thread.
func (o *outputPump) paceWait(p *readPacer, d time.Duration) {
	if o.wakeR < 0 {
		return
	}
	if tid := unix.Gettid(); tid != p.tid {
		unix.Prctl(unix.PR_SET_TIMERSLACK, 1000, 0, 0, 0)
		p.tid = tid
	}
	fds := []unix.PollFd{{Fd: int32(o.wakeR), Events: unix.POLLIN}}
	ts := unix.NsecToTimespec(d.Nanoseconds())
	start := time.Now()
	unix.Ppoll(fds, &ts, nil)
	p.late = max(0, (3*p.late+time.Since(start)-d)/4)
}
