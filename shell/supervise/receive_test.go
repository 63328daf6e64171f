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
