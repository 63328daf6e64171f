package supervise

import (
	"fmt"
	"runtime"
	"sync"
	"time"

	"golang.org/x/sys/unix"
)

// The notifications are handled by several goroutines, each on its own
// thread while it waits or handles one, so that the calls of two
// processes are answered at once (a make -j2 has two compiles starting
// programs and creating files) and a call waits for no other's answer
// but the Decider's.
//
// One goroutine at a time (the one holding recvMu) waits for the next
// notification and receives it: no two receive at once, so a receive
// never blocks after poll said a notification is there, and each
// goroutine watches the wake-up pipe and the listener's hang-up. It
// handles what it received, and lets another goroutine wait for the next
// only when one is already there once the arguments are read, before the
// work of deciding, opening or performing (yield, a poll(2) that does not
// wait), or when a decision takes longer than slowDecision: handing over
// costs a wake-up of the other thread, about as much as a small call's
// handling (10,000 write-opens handed over at every call took twice the
// supervisor's CPU), and buys nothing for calls that come one at a time
// (bash running a loop of commands).
//
// It also hands over, before deciding, while the calls of several
// processes come at once (crowd): answering a call wakes its process on
// the supervisor's CPU (syncWakeUp), which then runs there at once and
// leaves the goroutine that answered waiting for the CPU, its return to
// poll(2) delayed, often until the process blocks again or the
// scheduler's tick; meanwhile another process's call waited for nobody
// to receive it. In a 330-file make -j2 that was a time inside handle of
// p90 1.2 ms, p99 3.5 ms for calls whose own handling took 0.1 to 0.2 ms
// of CPU; with the hand-over another goroutine is already waiting in
// poll(2) when the answer is sent.
//
// What the handling shares is kept as one goroutine had it:
//   - the Decider is asked one event at a time, and Notice told one
//     notice at a time and never during a decision (decideMu);
//   - the calls of one thread are handled one after the other (tidMu, by
//     thread id): a call interrupted by a signal and made again is
//     handled after the first has set redo, never beside it;
//   - a Landlock restriction is answered only when no other call is being
//     handled (viewMu): every call handled after it sees restricted, as
//     every call received after it did with one goroutine;
//   - the process counter and the statistics have locks of their own.

// receivers returns the number of goroutines that handle notifications:
// one per processor the Go runtime uses, at least two (a call waiting for
// a person's answer in the Decider does not hold up a missing exec or a
// fork), at most four.
func receivers() int {
	return min(max(runtime.GOMAXPROCS(0), 2), 4)
}

// serve handles the notifications until no process uses the filter any
// more, Close is called, or an error stops it.
func (s *Supervisor) serve() error {
	syncWakeUp(s.listener)
	k := receivers()
	errs := make(chan error, k)
	c := new(crowd)
	for range k {
		go func() { errs <- s.receive(c) }()
	}
	var first error
	for range k {
		if err := <-errs; err != nil && first == nil {
			first = err
		}
	}
	return first
}

// receiver is one of serve's goroutines.
type receiver struct {
	s      *Supervisor
	fds    []unix.PollFd
	mu     sync.Mutex // guards leader's change and deciding
	leader bool       // it holds recvMu
	// deciding: a decision is under way, which slowDecision's timer may
	// hand the waiting over from; a timer that fires after the decision
	// does nothing. since: when the decision began.
	deciding bool
	since    time.Time
	// watch is the timer of slowDecision (slowwatch.go); nil where it
	// cannot be made, and decide arms a Go timer instead.
	watch *slowWatch
	// crowd is shared by the supervisor's receivers (nil: never crowded).
	crowd *crowd
}

// receive is one of serve's goroutines: the leader (holding recvMu)
// waits for the next notification and handles it itself, and lets
// another goroutine become the leader only when another notification is
// waiting (yield), so that a call waits for no other's handling and no
// hand-over is paid for when one call comes at a time.
func (s *Supervisor) receive(c *crowd) error {
	r := &receiver{s: s, crowd: c, fds: []unix.PollFd{{Fd: int32(s.listener), Events: unix.POLLIN}, {Fd: int32(s.wakeR), Events: unix.POLLIN}}}
	if r.watch = newSlowWatch(r); r.watch != nil {
		defer r.watch.close()
	}
	var n seccompNotif
	for {
		r.mu.Lock()
		leader := r.leader
		r.mu.Unlock()
		if !leader {
			s.recvMu.Lock()
			r.mu.Lock()
			r.leader = true
			r.mu.Unlock()
		}
		// Here no decision is under way: only this goroutine hands the
		// waiting over, and it holds it.
		got, waited, err := s.next(r.fds, &n)
		if got {
			r.crowd.received(n.Pid, waited)
		}
		if !got {
			s.stopping.Store(true)
			r.release(false)
			return err
		}
		s.handle(&n, r)
	}
}

// yield hands the waiting for notifications over to another goroutine
// when one is waiting to be received, or while calls come crowded.
func (r *receiver) yield() {
	r.mu.Lock()
	leader := r.leader
	r.mu.Unlock()
	if !leader {
		return
	}
	if r.crowd.handOver() {
		r.release(false)
		return
	}
	r.fds[0].Revents = 0
	if _, err := unix.Poll(r.fds[:1], 0); err != nil || r.fds[0].Revents&unix.POLLIN == 0 {
		return
	}
	r.release(false)
}

// release hands the waiting over, if this goroutine holds it (and, from
// slowDecision's timer, only while the decision is still under way).
func (r *receiver) release(timer bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.leader && (!timer || r.deciding) {
		r.leader = false
		r.s.recvMu.Unlock()
	}
}

// slowDecision is how long a decision may take before the goroutine
// asking it hands the waiting for notifications over: a Decider asking a
// person does not hold up the calls that need none, nor, once it has the
// answer, the next decision.
const slowDecision = 2 * time.Millisecond

// decide asks the Decider, one event at a time.
func (r *receiver) decide(ev *Event) Verdict {
	s := r.s
	r.mu.Lock()
	leader := r.leader
	r.deciding, r.since = true, time.Now()
	r.mu.Unlock()
	switch {
	case leader && r.watch != nil:
		r.watch.set(slowDecision)
		defer r.watch.set(0)
	case leader:
		t := time.AfterFunc(slowDecision, func() { r.release(true) })
		defer t.Stop()
	}
	defer func() {
		r.mu.Lock()
		r.deciding = false
		r.mu.Unlock()
	}()
	s.decideMu.Lock()
	defer s.decideMu.Unlock()
	return s.cfg.Decider.Decide(ev)
}

// next waits for the next notification and receives it into n. It
// returns false when the goroutines are to stop, with the error that
// stops them, if any; waited says whether poll(2) waited for the
// notification (one already there returns from it at once).
//
// It waits in poll(2), on the listener and the wake-up pipe Close writes
// to, and the listener is in no epoll instance of the process: the
// kernel wakes the poller on the CPU of the process that made the call
// (syncWakeUp), and a listener also registered in Go's netpoller, which
// no goroutine waited on, had every notification wake the runtime's
// thread parked in epoll_pwait as well, for nothing (a thread is parked
// there whenever a goroutine waits in the netpoller, as guardsh's wait
// for bash does, or a timer is pending; 10,000 execs of a missing
// program then took 19,000-31,000 context switches of the supervisor,
// now 10,400-10,600, and 134-141 ms of its CPU, now 87-91 ms;
// TestListenerNotInNetpoller).
func (s *Supervisor) next(fds []unix.PollFd, n *seccompNotif) (got, waited bool, err error) {
	for !s.stopping.Load() {
		fds[0].Revents, fds[1].Revents = 0, 0
		start := time.Now()
		if _, err := unix.Poll(fds, -1); err != nil {
			if err == unix.EINTR {
				continue
			}
			return false, false, fmt.Errorf("supervise: poll: %w", err)
		}
		waited = time.Since(start) > pendingPoll
		if fds[1].Revents != 0 {
			return false, false, nil
		}
		if fds[0].Revents&unix.POLLIN != 0 {
			err := recvNotif(s.listener, n)
			switch {
			case err == unix.ENOENT: // the process died before we read it
				continue
			case err != nil:
				return false, false, fmt.Errorf("supervise: receiving a notification: %w", err)
			}
			return true, waited, nil
		}
		if fds[0].Revents&(unix.POLLHUP|unix.POLLERR) != 0 {
			return false, false, nil // no process uses the filter any more
		}
	}
	return false, false, nil
}
