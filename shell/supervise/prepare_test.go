package supervise

import (
	"os/exec"
	"testing"
)

// TestPrepare checks that a Start after Prepare runs as without it, with
// the credentials Prepare read (the same as read at Start), and that the
// next Start reads its own.
func TestPrepare(t *testing.T) {
	requireSupervisor(t)
	want, err := readSelf()
	if err != nil {
		t.Fatal(err)
	}
	Prepare(Config{MaxProcs: 64}, 0)
	got, err := selfCreds()
	if err != nil || got != want {
		t.Errorf("prepared credentials %+v, %v; read at Start %+v", got, err, want)
	}
	if prepared.done != nil {
		t.Errorf("the prepared credentials were not consumed")
	}
	Prepare(Config{MaxProcs: 64}, 0)
	res := run(t, exec.Command("/bin/bash", "-c", "/bin/true && echo ok"), &recorder{}, 64)
	if res.err != nil || res.out != "ok\n" {
		t.Errorf("after Prepare: %v %q", res.err, res.out)
	}
}
