package supervise

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// An exec of a program that does not exist fails with ENOENT, as without
// the supervisor, and the Decider is not asked; one that exists is.
func TestExecMissingNotDecided(t *testing.T) {
	requireSupervisor(t)
	dir := sandbox(t, "here")
	missing := filepath.Join(dir, "bin", "missing")
	r := &recorder{}
	// /dev/fd/200 is the process's descriptor, not the supervisor's.
	cmd := exec.Command("/bin/bash", "-c", `"$0/missing"; echo "status $?"; "$0/here"; "$0/nodir/x"; echo "status $?"; exec 200<"$0/here"; /dev/fd/200`, filepath.Join(dir, "bin"))
	res := run(t, cmd, r, 0)
	if res.err != nil {
		t.Fatalf("%v\n%s", res.err, res.out)
	}
	for _, want := range []string{"No such file or directory", "status 127", "here-ran"} {
		if !strings.Contains(res.out, want) {
			t.Errorf("output lacks %q:\n%s", want, res.out)
		}
	}
	if strings.Count(res.out, "here-ran") != 2 {
		t.Errorf("a program executed through /dev/fd should run:\n%s", res.out)
	}
	if strings.Count(res.out, "status 127") != 2 {
		t.Errorf("both missing programs should fail with 127:\n%s", res.out)
	}
	if ev := r.find(KindExec, missing); ev != nil {
		t.Errorf("the Decider was asked about a missing program: %+v", ev)
	}
	if r.find(KindExec, filepath.Join(dir, "bin", "here")) == nil {
		t.Errorf("the Decider was not asked about a program that exists")
	}
}

// A program that appears at a path after an exec of it failed is decided
// at the next exec: the missing one was answered with ENOENT, not let
// through for the kernel to look up again, and is not remembered.
func TestMissingThenCreated(t *testing.T) {
	requireSupervisor(t)
	dir := sandbox(t, "here")
	late := filepath.Join(dir, "bin", "late")
	r := &recorder{deny: func(ev *Event) bool { return ev.Kind == KindExec && ev.Path == late }}
	cmd := exec.Command("/bin/bash", "-c", `"$0/late"; echo "status $?"; cp "$0/here" "$0/late"; "$0/late"; echo "status $?"`, filepath.Join(dir, "bin"))
	res := run(t, cmd, r, 0)
	if res.err != nil {
		t.Fatalf("%v\n%s", res.err, res.out)
	}
	if !strings.Contains(res.out, "status 127") || !strings.Contains(res.out, "status 126") {
		t.Errorf("want the first exec missing (127) and the second refused (126):\n%s", res.out)
	}
	if strings.Contains(res.out, "here-ran") {
		t.Errorf("the program created after the first exec ran unchecked:\n%s", res.out)
	}
	n := 0
	r.mu.Lock()
	for _, ev := range r.events {
		if ev.Kind == KindExec && ev.Path == late {
			n++
		}
	}
	r.mu.Unlock()
	if n != 1 {
		t.Errorf("the Decider was asked %d times about %s, want once (the second exec)", n, late)
	}
}
