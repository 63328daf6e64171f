package shell

import (
	"sync"
	"time"
)

// The pump's writes to the screen, apart from its reads of the pty. A
// terminal that falls behind (its reader busy, or waiting for a CPU)
// makes a write to it block; a pump that wrote itself then stopped
// reading the pty, which filled (64 KiB) and stopped the program: on a
// loaded 2-core machine, of a `seq 1 2000000` of 0.9 s, the pump waited
// 330 ms for the terminal and seq 225 ms for the pump. So while output
// streams, what the pump reads goes to a queue (up to queueMax) that a
// writer goroutine takes to the screen, all it holds in one write, and
// the pump goes on reading. Short output after a pause (a key's echo, a
// short line's output) is written by the pump itself when nothing is
// queued: no hand-off to another goroutine delays it.
//
// A writer that waits is woken for wakeAt bytes, or once what is queued
// is maxHeld old, or for a sentinel's mark, not for each batch: the pump
// reads a streaming program's output a few hundred bytes at a time when
// it outruns it, and a hand-off for each (a futex wake-up of the writer's
// thread, and a small write to the terminal, each of which wakes the
// kernel's worker and the terminal's reader) cost more than the copy.
// Measured for `seq 1 2000000` (at a load of 1 to 2): 6,000-7,000 writes
// to the terminal a run before, of 2.2-2.8 KiB, 23,000 futex calls and
// 35,000 context switches of the front end, its CPU 245 ms; after, about
// 1,000 writes of 15-20 KiB, 2,000 futex calls, the terminal's reader
// taking 4,400 full reads of 4 KiB instead of 6,600-7,500, the front
// end 190 ms.

// queueMax bounds what the pump holds for the screen before it stops
// reading: output beyond it waits in the pty, as it did without the
// queue.
const queueMax = 512 * 1024

// directMax is the most the pump writes itself, after a pause: a key's
// echo, a short line's output. More goes through the writer.
const directMax = 2048

// streamGap is how soon after the last batch a batch counts as
// streaming output, which goes through the queue.
const streamGap = time.Millisecond

// screenQueue is what the pump read and has not yet written.
type screenQueue struct {
	mu      sync.Mutex
	more    sync.Cond // the writer waits for work
	room    sync.Cond // the pump waits for room
	pending []byte
	spare   []byte
	marks   []queuedMark // sentinels, at offsets into pending
	busy    bool         // someone writes to the screen now
	closed  bool         // no more comes: the writer ends once it wrote all
	drop    bool         // stopped: what is not being written is dropped
	started bool
	waiting bool // the writer waits for work
	// since is when the oldest output the waiting writer was not woken
	// for was queued; zero when there is none (see wakeWriter).
	since  time.Time
	exited chan struct{}
	// lastBatch is when the pump last queued or wrote, for streamGap.
	lastBatch time.Time
}

type queuedMark struct {
	at int
	id uint64
}

func (q *screenQueue) init() {
	q.more.L, q.room.L = &q.mu, &q.mu
	q.exited = make(chan struct{})
}

// emit sends data to the screen, written at once when nothing is queued
// and the output is not streaming, else queued for the writer.
func (o *outputPump) emit(p []byte) {
	if len(p) == 0 {
		return
	}
	q := &o.q
	q.mu.Lock()
	now := time.Now()
	streaming := now.Sub(q.lastBatch) < streamGap
	q.lastBatch = now
	if !streaming && len(p) <= directMax && !q.busy && len(q.pending) == 0 && len(q.marks) == 0 {
		q.busy = true
		q.mu.Unlock()
		o.write(p)
		q.mu.Lock()
		q.busy = false
		// A write that blocked long was streaming output too.
		q.lastBatch = time.Now()
		q.mu.Unlock()
		return
	}
	for len(q.pending) >= queueMax && !q.drop {
		q.room.Wait()
	}
	if !q.drop {
		q.pending = append(q.pending, p...)
		o.startWriter()
		o.wakeWriter(now, false)
	}
	q.mu.Unlock()
}

// wakeAt is how much queued output wakes a waiting writer at once.
const wakeAt = 32 * 1024

// maxHeld bounds how long queued output waits for a waiting writer to be
// woken: the end of streaming output, when no mark follows it soon, or
// output that trickles (a line every half millisecond) reaches the screen
// that much later at most.
const maxHeld = time.Millisecond

// wakeWriter wakes the writer for what is queued, if it waits: at once
// when force is set or wakeAt bytes are queued, else once the oldest of
// them is maxHeld old (the pump's poll times out for it: see
// heldFor); q.mu is held.
func (o *outputPump) wakeWriter(now time.Time, force bool) {
	q := &o.q
	if !q.waiting {
		return
	}
	if o.fd < 0 || o.wakeR < 0 {
		force = true // no poll of the pump's to time out
	}
	if q.since.IsZero() {
		q.since = now
	}
	if force || len(q.pending) >= wakeAt || now.Sub(q.since) >= maxHeld {
		q.since = time.Time{}
		q.waiting = false
		q.more.Signal()
	}
}

// heldFor returns how long the pump may wait for more output before it
// wakes the writer for what is queued: -1 for as long as it takes.
func (o *outputPump) heldFor() time.Duration {
	q := &o.q
	q.mu.Lock()
	defer q.mu.Unlock()
	if !q.waiting || q.since.IsZero() {
		return -1
	}
	now := time.Now()
	if d := maxHeld - now.Sub(q.since); d > 0 {
		return d
	}
	o.wakeWriter(now, true)
	return -1
}

// emitMark reports a sentinel once everything before it is on the
// screen.
func (o *outputPump) emitMark(id uint64) {
	q := &o.q
	q.mu.Lock()
	if !q.busy && len(q.pending) == 0 && len(q.marks) == 0 {
		q.mu.Unlock()
		o.mark(id)
		return
	}
	q.marks = append(q.marks, queuedMark{len(q.pending), id})
	o.startWriter()
	o.wakeWriter(time.Now(), true)
	q.mu.Unlock()
}

// startWriter starts the writer goroutine, once; q.mu is held.
func (o *outputPump) startWriter() {
	if !o.q.started {
		o.q.started = true
		go o.writeQueued()
	}
}

// writeQueued takes what is queued to the screen until the queue is
// closed and empty.
func (o *outputPump) writeQueued() {
	q := &o.q
	defer close(q.exited)
	q.mu.Lock()
	for {
		for q.busy && !q.drop || !q.closed && len(q.pending) == 0 && len(q.marks) == 0 {
			q.waiting = true
			q.more.Wait()
		}
		q.waiting, q.since = false, time.Time{}
		if q.drop || len(q.pending) == 0 && len(q.marks) == 0 {
			q.pending, q.marks = q.pending[:0], nil
			q.mu.Unlock()
			return
		}
		data, marks := q.pending, q.marks
		q.pending, q.spare, q.marks = q.spare[:0], nil, nil
		q.busy = true
		q.room.Broadcast()
		q.mu.Unlock()
		at := 0
		for _, m := range marks {
			o.write(data[at:m.at])
			at = m.at
			o.mark(m.id)
		}
		o.write(data[at:])
		q.mu.Lock()
		q.busy = false
		if cap(data) <= 2*queueMax {
			q.spare = data[:0]
		}
	}
}

// closeQueue ends the writer once it wrote what is queued (or, when the
// pump was stopped, the write it is in) and waits for it.
func (o *outputPump) closeQueue(drop bool) {
	q := &o.q
	q.mu.Lock()
	q.closed = true
	q.drop = q.drop || drop
	started := q.started
	q.more.Broadcast()
	q.room.Broadcast()
	q.mu.Unlock()
	if started {
		<-q.exited
	}
}

// dropQueued makes the pump's queue take no more and drop what it holds
// (stop): the pump does not wait for room.
func (o *outputPump) dropQueued() {
	q := &o.q
	q.mu.Lock()
	q.drop = true
	q.room.Broadcast()
	q.more.Broadcast()
	q.mu.Unlock()
}
