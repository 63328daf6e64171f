package supervise

import (
	"os/exec"
	"runtime"
	"testing"
	"time"
)

// TestSlowDecisionRelease checks that once decide returns, the goroutine
// that asked knows whether it still waits for the notifications: the
// release of a slow decision (on a timer) never comes after decide
// returned while the goroutine took itself for the leader, which then
// has two goroutines receiving, and one unlocking recvMu it no longer
// holds when they stop.
func TestSlowDecisionRelease(t *testing.T) {
	// On one P the timer's goroutine runs after the one that asked: the
	// race as a loaded machine has it.
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	s := &Supervisor{}
	s.cfg.Decider = DeciderFunc(func(*Event) Verdict {
		time.Sleep(slowDecision)
		return Allow
	})
	late := 0
	for range 200 {
		s.recvMu.Lock()
		r := &receiver{s: s}
		r.leader = true
		r.decide(&Event{})
		leads := leading(r)
		time.Sleep(time.Millisecond)
		if leads && !leading(r) {
			late++
		}
		r.release(false)
	}
	if late > 0 {
		t.Errorf("%d of 200 slow decisions released the waiting after decide returned", late)
	}
}

// leading reports whether r holds the waiting for notifications.
func leading(r *receiver) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.leader
}

// TestSlowLastDecision runs lines whose last call takes as long to decide
// as slowDecision: the supervisor stops right after, and must stop
// cleanly (the goroutine that was the leader when the decision began
// unlocks recvMu only if it still holds it).
func TestSlowLastDecision(t *testing.T) {
	requireSupervisor(t)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	for i := range 30 {
		cmd := exec.Command("/bin/bash", "-c", "exec /bin/true")
		d := DeciderFunc(func(ev *Event) Verdict {
			if ev.Kind == KindExec && !ev.Initial {
				time.Sleep(slowDecision + time.Duration(i%5)*20*time.Microsecond)
			}
			return Allow
		})
		s, err := Start(cmd, Config{Decider: d})
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Wait(); err != nil {
			t.Errorf("bash: %v", err)
		}
		if err := s.Close(); err != nil {
			t.Errorf("close: %v", err)
		}
	}
}
