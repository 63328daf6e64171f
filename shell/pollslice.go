package shell

import (
	"runtime"
	"sync"
	"time"

	"golang.org/x/sys/unix"
)

// The front end's two long waits, the terminal's reader (ttyInput) and
// the pty's pump (outputPump), are polls in blocking system calls, each
// on a thread of its own. Polls that block for good put the Go runtime's
// monitor (sysmon) through its costliest pattern at every line. With
// GOMAXPROCS at the CPU count (2 here) and both Ps held by the polls, no
// P is idle, and the monitor takes a polling P away after one of its
// ticks, which resets its period to 20 µs; once every P is idle it
// sleeps for good; and the first system call after that (the poll that
// returns at the Enter) wakes it with its "syscall wake" bet: a tick
// every 20 µs for the next millisecond, while the line is classified,
// bash runs it and its output comes back. On this machine (a 2-CPU VM,
// where a timer's wake-up costs about 12 µs) the monitor made 27 of the
// front end's 44 context switches per line.
//
// So for activeWait after each event, each of those polls waits
// pollSlice at most and is made again, going through the scheduler
// (runtime.Gosched) in between, and the interactive shell has a P for
// each of them on top of those that run Go code (raiseProcs). The
// monitor never takes a P away whose system call changes within 10 ms,
// on a scheduling tick that changes too, while another P is idle; it
// does not sleep for good either, and keeps the 10 ms period it backs
// off to. A slice that ends on its time-out costs its thread a wake-up
// and the Gosched one more: measured, the shell's wake-ups idle at the
// prompt went from 320–380 to 960 a second within activeWait of the last
// key or output, for about the same CPU (7.3 ms a second, 7.5 before:
// the monitor's bursts cost as much), and back to the old figure after
// it, when the polls wait as long as it takes (and the monitor may sleep
// for good: the first key after that pays its burst, not an Enter within
// activeWait of it).
const pollSlice = 8 * time.Millisecond

// pollers is how many threads of the front end sit in sliced polls. (The
// supervisor's wait for a notification is not sliced: slicing it as
// well measured more of the monitor's wake-ups per line, not fewer.)
const pollers = 2

// raiseProcs gives the runtime a P for each sliced poller on top of the
// GOMAXPROCS it had, once in the process.
var raiseProcs = sync.OnceFunc(addPollerProcs)

// addPollerProcs gives the runtime a P for each sliced poller on top of
// the GOMAXPROCS it has.
func addPollerProcs() {
	runtime.GOMAXPROCS(runtime.GOMAXPROCS(0) + pollers)
}

// activeWait is how long after an event the polls stay sliced.
const activeWait = 30 * time.Second

// pollSliced polls fds as unix.Poll(fds, -1) does: it returns once one
// of them has an event (or with an error other than EINTR), waiting
// pollSlice at a time for activeWait, then as long as it takes.
func pollSliced(fds []unix.PollFd) (int, error) {
	start := time.Now()
	for {
		timeout := int(pollSlice / time.Millisecond)
		if time.Since(start) > activeWait {
			timeout = -1
		}
		n, err := unix.Poll(fds, timeout)
		switch {
		case err == nil && n == 0:
			runtime.Gosched() // a new scheduling tick (see above)
		case err != unix.EINTR:
			return n, err
		}
	}
}
