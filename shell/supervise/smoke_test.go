package supervise

import (
	"os/exec"
	"testing"
)

func TestSmoke(t *testing.T) {
	t.Logf("available: %+v", Available())
	cmd := exec.Command("/bin/sh", "-c", "echo hi; /bin/true; echo x > "+t.TempDir()+"/f; cat /etc/hostname")
	var evs []string
	sup, err := Start(cmd, Config{Decider: DeciderFunc(func(ev *Event) Verdict {
		evs = append(evs, ev.Syscall+" "+ev.Path)
		return Allow
	})})
	if err != nil {
		t.Fatal(err)
	}
	out, _ := cmd.Output()
	_ = out
	cmd.Wait()
	sup.Close()
	t.Logf("events: %q stats %+v", evs, sup.Stats())
}
