package shell

import (
	"sync"
	"time"
)

// The writes a line needs that its command need not wait for — its
// history entry, and its audit record when the log is not required — are
// made once the line is done, once it has run for laterDelay, or when it
// asks a run-time question, on a goroutine, and waited for before the
// next prompt and at the end. The
// output of a short line then does not wait for a lock file, two opens
// and two writes, nor compete with them for a CPU; a long line's entry
// and record are in their files while it still runs; and every entry and
// record is in its file before the next line is read, in the order of
// the lines. A record the policy requires is written before the line
// runs, as before: a line whose record cannot be written does not run.

// laterDelay is how long a running line's writes wait for its end.
const laterDelay = 10 * time.Millisecond

// laterWrites runs writes one after another, in the order they were
// given, when started. Its methods may be called from any goroutine.
type laterWrites struct {
	mu      sync.Mutex
	cond    *sync.Cond // signalled when a run of the queue ends
	queue   []func() error
	running bool
	errs    []error
}

// add queues fn, to run when the writes are started.
func (l *laterWrites) add(fn func() error) {
	l.mu.Lock()
	l.queue = append(l.queue, fn)
	l.mu.Unlock()
}

// start runs the queued writes, on a goroutine, unless they are running.
func (l *laterWrites) start() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.startLocked()
}

func (l *laterWrites) startLocked() {
	if l.running || len(l.queue) == 0 {
		return
	}
	l.running = true
	go l.drain()
}

func (l *laterWrites) drain() {
	l.mu.Lock()
	for len(l.queue) > 0 {
		fn := l.queue[0]
		l.queue = l.queue[1:]
		l.mu.Unlock()
		err := fn()
		l.mu.Lock()
		if err != nil {
			l.errs = append(l.errs, err)
		}
	}
	l.running = false
	if l.cond != nil {
		l.cond.Broadcast()
	}
	l.mu.Unlock()
}

// wait starts the queued writes and returns once all are done, with
// their errors.
func (l *laterWrites) wait() []error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.cond == nil {
		l.cond = sync.NewCond(&l.mu)
	}
	l.startLocked()
	for l.running {
		l.cond.Wait()
	}
	errs := l.errs
	l.errs = nil
	return errs
}
