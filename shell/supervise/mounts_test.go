package supervise

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// A call on a path reached through /proc/PID/root of a process in
// another mount namespace (a sandbox's own /tmp) is refused: read back
// from the supervisor's descriptor it would be the sandbox's /tmp/f,
// checked as the supervisor's /tmp/f.
func TestForeignMountRefused(t *testing.T) {
	requireSupervisor(t)
	bwrap, err := exec.LookPath("bwrap")
	if err != nil || os.Geteuid() != 0 {
		t.Skip("needs bwrap, and root to reach into the sandbox")
	}
	sb := exec.Command(bwrap, "--ro-bind", "/", "/", "--tmpfs", "/tmp", "--dev", "/dev", "--proc", "/proc", "--unshare-all", "--die-with-parent", "sleep", "30")
	if err := sb.Start(); err != nil {
		t.Skip(err)
	}
	defer func() { sb.Process.Kill(); sb.Wait() }()
	mine, _ := os.Readlink("/proc/self/ns/mnt")
	inside := 0
	for deadline := time.Now().Add(5 * time.Second); inside == 0 && time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		pids := []int{sb.Process.Pid}
		for i := 0; i < len(pids) && i < 16; i++ {
			if ns, _ := os.Readlink("/proc/" + strconv.Itoa(pids[i]) + "/ns/mnt"); ns != "" && ns != mine {
				if comm, _ := os.ReadFile("/proc/" + strconv.Itoa(pids[i]) + "/comm"); strings.TrimSpace(string(comm)) == "sleep" {
					inside = pids[i]
					break
				}
			}
			tasks, _ := filepath.Glob("/proc/" + strconv.Itoa(pids[i]) + "/task/*/children")
			for _, f := range tasks {
				b, _ := os.ReadFile(f)
				for _, w := range strings.Fields(string(b)) {
					if n, err := strconv.Atoi(w); err == nil {
						pids = append(pids, n)
					}
				}
			}
		}
	}
	if inside == 0 {
		t.Skip("the sandbox's process was not found")
	}
	f := "/proc/" + strconv.Itoa(inside) + "/root/tmp/f"
	if err := os.WriteFile(f, []byte("keep\n"), 0o644); err != nil {
		t.Skip(err)
	}
	r := &recorder{}
	res := run(t, self(t, "unlink "+f), r, 0)
	if _, err := os.Stat(f); err != nil {
		t.Errorf("the sandbox's file was removed: %v\n%s", err, res.out)
	}
	if !strings.Contains(res.out, "unlink "+f+": EPERM") {
		t.Errorf("the unlink through another mount namespace was not refused:\n%s", res.out)
	}
	for _, ev := range r.events {
		if ev.Kind == KindRemove && ev.Resolved {
			t.Errorf("decided as resolved: %+v", ev)
		}
	}
}
