package supervise

import (
	"os/exec"
	"runtime"
	"strings"
	"sync"
	"testing"
)

// simulate makes Available answer a as if probed, until the test ends.
func simulate(t *testing.T, a Availability) {
	old := probe
	probe = func() Availability { return a }
	availOnce = sync.Once{}
	t.Cleanup(func() {
		probe = old
		availOnce = sync.Once{}
	})
}

func TestUnavailable(t *testing.T) {
	simulate(t, Availability{Reason: "seccomp user notification unavailable: operation not permitted"})
	if a := Available(); a.OK || !strings.Contains(a.Reason, "not permitted") {
		t.Errorf("Available() = %+v", a)
	}
	cmd := exec.Command("/bin/true")
	_, err := Start(cmd, Config{Decider: &recorder{}})
	if err == nil || !strings.Contains(err.Error(), "operation not permitted") {
		t.Errorf("Start without the mechanism: err = %v", err)
	}
	if cmd.Process != nil {
		t.Errorf("Start ran the command without a supervisor")
	}
}

func TestAvailableHere(t *testing.T) {
	a := Available()
	if !a.OK {
		t.Skipf("not available here: %s", a.Reason)
	}
	if a.Reason != "" {
		t.Errorf("Available() = %+v: a reason without a failure", a)
	}
}

func TestStartRefusesWithoutDecider(t *testing.T) {
	if _, err := Start(exec.Command("/bin/true"), Config{}); err == nil {
		t.Error("Start without a Decider succeeded")
	}
}

// The quick answer (no filter installed) agrees with the filter tried.
func TestProbeQuickAgrees(t *testing.T) {
	quick, ok := probeQuick()
	if !ok {
		t.Skip("the process runs under a seccomp filter: no quick answer")
	}
	ch := make(chan Availability)
	go func() {
		runtime.LockOSThread() // the thread ends with the goroutine
		ch <- probeThread()
	}()
	if tried := <-ch; tried != quick {
		t.Errorf("probeQuick() = %+v, the filter tried says %+v", quick, tried)
	}
}
