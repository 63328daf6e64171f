package supervise

import (
	"os/exec"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"
)

// A call waiting for the Decider holds up no call that needs no decision
// (a missing program's exec), and the Decider is never asked about two
// events at once.
func TestCallsHandledBesideADecision(t *testing.T) {
	requireSupervisor(t)
	dir := sandbox(t, "slow")
	slow := filepath.Join(dir, "bin", "slow")
	const missing = 30
	var sup atomic.Pointer[Supervisor]
	var inside, overlap atomic.Int32
	reached := make(chan bool, 1)
	d := DeciderFunc(func(ev *Event) Verdict {
		if inside.Add(1) > 1 {
			overlap.Add(1)
		}
		defer inside.Add(-1)
		if ev.Kind == KindExec && ev.Path == slow {
			// The initial exec, this one and the missing ones.
			ok := false
			for end := time.Now().Add(20 * time.Second); time.Now().Before(end); time.Sleep(5 * time.Millisecond) {
				if s := sup.Load(); s != nil && s.Stats().Notifications >= 2+missing {
					ok = true
					break
				}
			}
			reached <- ok
		}
		return Allow
	})
	cmd := exec.Command("/bin/bash", "-c", `("$0/slow") & for ((i = 0; i < 30; i++)); do "$0/missing"; done; wait`, filepath.Join(dir, "bin"))
	// bash's complaints go to /dev/null, opened by this process: a
	// redirection in the line would be a write-open to decide.
	cmd.Stderr = nil
	s, err := Start(cmd, Config{Decider: d})
	if err != nil {
		t.Fatal(err)
	}
	sup.Store(s)
	if err := cmd.Wait(); err != nil {
		t.Errorf("bash: %v", err)
	}
	s.Close()
	select {
	case ok := <-reached:
		if !ok {
			t.Errorf("the missing programs' execs waited for the decision about another call")
		}
	default:
		t.Errorf("the Decider was not asked about %s", slow)
	}
	if n := overlap.Load(); n != 0 {
		t.Errorf("the Decider was asked about two events at once (%d times)", n)
	}
}

// Decisions that take about as long as slowDecision, many at a time from
// two processes: the hand-over by the timer and by the goroutine itself
// must never cross (a timer firing just after its decision, which Stop
// does not wait for, could hand over the waiting of a goroutine already
// waiting again, and unlock it twice).
func TestDecisionsAroundTheHandOver(t *testing.T) {
	requireSupervisor(t)
	dir := sandbox(t, "prog")
	var n atomic.Int32
	d := DeciderFunc(func(ev *Event) Verdict {
		if ev.Kind == KindExec {
			time.Sleep(slowDecision - 200*time.Microsecond + time.Duration(n.Add(1)%4)*100*time.Microsecond)
		}
		return Allow
	})
	cmd := exec.Command("/bin/bash", "-c", `for j in 1 2; do (for ((i = 0; i < 40; i++)); do "$0/prog"; "$0/missing"; done) & done; wait`, filepath.Join(dir, "bin"))
	cmd.Stdout, cmd.Stderr = nil, nil
	s, err := Start(cmd, Config{Decider: d})
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err != nil {
		t.Errorf("bash: %v", err)
	}
	s.Close()
	if got := n.Load(); got < 80 {
		t.Errorf("%d execs decided, want at least 80", got)
	}
}
