package supervise

import (
	"sync/atomic"
	"time"
)

// crowd tells the receivers whether the calls of several processes come
// at once (receive.go): then the one that received a call hands the
// waiting for the next over before deciding it, so that a call made
// while it answers (and waits for the CPU its answer gave away) is
// received by another. When calls come one at a time (bash running a
// loop of commands, one program opening file after file) it never hands
// over, and nothing is paid for a wake-up of another thread.
//
// The sign of a crowd is a notification of another process than the
// last one received that was already waiting when poll(2) began: it
// waited for the supervisor to come back. From one such sign on, the
// next crowdSpan decisions hand over; each new sign starts the count
// again.
type crowd struct {
	last atomic.Uint32 // the thread of the last notification received
	left atomic.Int32  // decisions still to hand over at
}

// crowdSpan is how many decisions one sign of a crowd hands over at.
const crowdSpan = 32

// pendingPoll is how long a poll(2) that finds a notification already
// there takes at most (it returns at once; a few microseconds on a
// loaded machine).
const pendingPoll = 20 * time.Microsecond

// received notes a notification of thread pid received; waited says
// whether poll(2) waited for it.
func (c *crowd) received(pid uint32, waited bool) {
	if c == nil {
		return
	}
	if prev := c.last.Swap(pid); !waited && prev != pid && prev != 0 {
		c.left.Store(crowdSpan)
	}
}

// handOver says whether the decision about to be made hands the waiting
// over first.
func (c *crowd) handOver() bool {
	if c == nil || c.left.Load() <= 0 {
		return false
	}
	c.left.Add(-1)
	return true
}
