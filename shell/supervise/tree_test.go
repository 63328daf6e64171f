package supervise

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A process that double-forks, or leaves the session with setsid, is
// still under the filter: seccomp filters are inherited over fork, clone
// and exec and cannot be removed.
func TestDoubleForkAndSetsidStaySupervised(t *testing.T) {
	requireSupervisor(t)
	dir := sandbox(t, "bad", "good")
	bad := filepath.Join(dir, "bin", "bad")
	r := &recorder{deny: func(ev *Event) bool { return ev.Kind == KindExec && ev.Path == bad }}
	script := `
( ( bad; echo "double-fork $?" > double ) & ) &
setsid -f sh -c 'bad; echo "setsid $?" > sess; good'
`
	cmd := exec.Command("/bin/bash", "-c", script)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PATH="+filepath.Join(dir, "bin")+":/usr/bin:/bin")
	// run waits for every process under the filter, orphans included.
	res := run(t, cmd, r, 0)
	if res.err != nil {
		t.Fatalf("bash: %v\n%s", res.err, res.out)
	}
	for file, want := range map[string]string{"double": "double-fork 126\n", "sess": "setsid 126\n"} {
		data, err := os.ReadFile(filepath.Join(dir, file))
		if err != nil || string(data) != want {
			t.Errorf("%s = %q, %v; want %q", file, data, err, want)
		}
	}
	if exists(filepath.Join(dir, "ran", "bad")) {
		t.Errorf("the refused program ran in an escaped process")
	}
	if !exists(filepath.Join(dir, "ran", "good")) {
		t.Errorf("the setsid process did not go on after the refusal")
	}
}

// When the supervisor is gone (closed, or its process killed: the kernel
// closes the listener either way), every call the filter reports fails
// with ENOSYS: the tree can no longer exec, write or delete.
func TestSupervisorGoneFailsClosed(t *testing.T) {
	requireSupervisor(t)
	dir := t.TempDir()
	victim := filepath.Join(dir, "victim")
	os.WriteFile(victim, nil, 0o644)
	gate := filepath.Join(dir, "gate")
	cmd := self(t, "ready", "wait "+gate, "unlink "+victim, "open-w "+victim, "open-r "+victim)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	sup, err := Start(cmd, Config{Decider: &recorder{}})
	if err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(out)
	readLine := func() string {
		ch := make(chan string, 1)
		go func() {
			if lines.Scan() {
				ch <- lines.Text()
			}
			close(ch)
		}()
		select {
		case l := <-ch:
			return l
		case <-time.After(time.Minute):
			cmd.Process.Kill()
			t.Fatal("no line from the child within a minute")
		}
		return ""
	}
	if l := readLine(); l != "ready: ok" {
		t.Fatalf("child said %q", l)
	}
	sup.Close()
	os.WriteFile(gate, nil, 0o644)
	var got []string
	for range 4 {
		got = append(got, readLine())
	}
	cmd.Wait()
	want := []string{"wait " + gate + ": ok", "unlink " + victim + ": ENOSYS", "open-w " + victim + ": ENOSYS", "open-r " + victim + ": ok"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("after the supervisor closed:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if !exists(victim) {
		t.Errorf("the file was deleted without a supervisor")
	}
}
