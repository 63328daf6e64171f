package supervise

import (
	"os"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// slowWatch hands a receiver's waiting for notifications over once its
// decision has taken slowDecision. It is a kernel timer (a timerfd),
// armed when a decision begins and disarmed when it ends, which a
// goroutine parked in Go's netpoller reads: a decision that ends in time
// costs two timerfd_settime calls and wakes no thread. A Go timer per
// decision (time.AfterFunc, stopped when the decision ended) woke an
// idle thread of the runtime twice per decision, once to wait for the
// new timer's time and once when the stopped timer's time came (1000
// execs of /bin/true, every call allowed: 1.3 to 2 context switches of
// the supervisor more per exec, 10 to 45 µs more of its CPU; "The
// build's round trips" in docs/how-it-works.md).
type slowWatch struct {
	f  *os.File
	rc syscall.RawConn
	fd int
}

// newSlowWatch starts r's watch, nil where a timerfd cannot be made or
// put in the netpoller (decide then arms a Go timer per decision).
func newSlowWatch(r *receiver) *slowWatch {
	fd, err := unix.TimerfdCreate(unix.CLOCK_MONOTONIC, unix.TFD_NONBLOCK|unix.TFD_CLOEXEC)
	if err != nil {
		return nil
	}
	f, rc, ok := inNetpoller(fd, "supervise-slow-decision")
	if !ok {
		return nil
	}
	w := &slowWatch{f: f, rc: rc, fd: fd}
	go w.loop(r)
	return w
}

// set arms the timer for d from now, or disarms it (d = 0). Arming or
// disarming it also forgets an expiry not yet read.
func (w *slowWatch) set(d time.Duration) {
	its := unix.ItimerSpec{Value: unix.NsecToTimespec(int64(d))}
	unix.TimerfdSettime(w.fd, 0, &its, nil)
}

// loop reads the timer's expiries until close, and for each hands r's
// waiting over if the decision under way is the one that armed it (one
// that has taken slowDecision): an expiry read after its decision ended
// and the next began is of no account.
func (w *slowWatch) loop(r *receiver) {
	var buf [8]byte
	for {
		err := w.rc.Read(func(fd uintptr) bool {
			_, err := unix.Read(int(fd), buf[:])
			return err != unix.EAGAIN
		})
		if err != nil {
			return // closed
		}
		r.mu.Lock()
		slow := r.deciding && time.Since(r.since) >= slowDecision
		r.mu.Unlock()
		if slow {
			r.release(true)
		}
	}
}

// close stops the watch: its goroutine's read returns.
func (w *slowWatch) close() { w.f.Close() }
