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
