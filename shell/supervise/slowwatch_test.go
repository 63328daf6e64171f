package supervise

import (
	"runtime"
	"testing"
	"time"
)

// TestSlowWatch checks the timerfd's hand-over: a decision that takes
// longer than slowDecision hands the waiting for notifications over
// while it is under way, and decisions that end in time, one right
// after the other, never do (each disarms its timer; an expiry read late
// is checked against the decision under way).
func TestSlowWatch(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	var sleep time.Duration
	s := &Supervisor{}
	s.cfg.Decider = DeciderFunc(func(*Event) Verdict {
		time.Sleep(sleep)
		return Allow
	})
	r := &receiver{s: s}
	if r.watch = newSlowWatch(r); r.watch == nil {
		t.Skip("no timerfd in the netpoller")
	}
	defer r.watch.close()
	lead := func() {
		s.recvMu.Lock()
		r.mu.Lock()
		r.leader = true
		r.mu.Unlock()
	}

	sleep = 3 * slowDecision
	for i := range 5 {
		lead()
		r.decide(&Event{})
		if leading(r) {
			t.Fatalf("decision %d of %v: the waiting was not handed over", i, sleep)
		}
		if !s.recvMu.TryLock() {
			t.Fatalf("decision %d of %v: handed over, but recvMu still held", i, sleep)
		}
		s.recvMu.Unlock()
	}

	// A loaded machine may wake a sleep late, and a decision then takes
	// long: only the pairs whose decisions both ended well in time count.
	late, counted := 0, 0
	for i := range 100 {
		sleep = slowDecision/2 - time.Duration(i%3*100)*time.Microsecond
		lead()
		// Each whole decision (its timer armed and disarmed around the
		// decider) is timed: a thread the machine did not run between
		// the two makes it long, and the pair is not counted then.
		start := time.Now()
		r.decide(&Event{})
		first := time.Since(start)
		start = time.Now()
		r.decide(&Event{})
		second := time.Since(start)
		time.Sleep(slowDecision)
		inTime := max(first, second) < slowDecision*3/4
		if inTime {
			counted++
		}
		if !leading(r) {
			if inTime {
				late++
			}
			continue
		}
		r.release(false)
	}
	if late > 0 {
		t.Errorf("%d of %d pairs of decisions in time handed the waiting over", late, counted)
	}
}
