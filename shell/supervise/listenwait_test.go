package supervise

import (
	"os/exec"
	"strings"
	"testing"
)

// TestServeWaits checks the supervisor's two ways of waiting for a
// notification: in the netpoller, and in poll(2) where the listener
// cannot be put there.
func TestServeWaits(t *testing.T) {
	requireSupervisor(t)
	for _, netpoll := range []bool{true, false} {
		listenerNetpoll = netpoll
		r := &recorder{deny: func(ev *Event) bool { return ev.Kind == KindExec && strings.HasSuffix(ev.Path, "/false") }}
		res := run(t, exec.Command("/bin/bash", "-c", "/bin/true; /bin/false; echo status $?"), r, 0)
		if res.err != nil || !strings.Contains(res.out, "status 126") {
			t.Errorf("netpoll %v: %v\n%s", netpoll, res.err, res.out)
		}
		if r.find(KindExec, "/bin/true") == nil && r.find(KindExec, "/usr/bin/true") == nil {
			t.Errorf("netpoll %v: no exec of true in %v", netpoll, r.events)
		}
	}
	listenerNetpoll = true
}
