package supervise

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestListenerNotInNetpoller checks that the supervisor waits for the
// tree's calls in poll(2) alone (next): a listener also registered in
// Go's netpoller made every notification wake the runtime's thread parked
// in epoll_pwait for nothing, one wasted wake-up per call.
func TestListenerNotInNetpoller(t *testing.T) {
	requireSupervisor(t)
	r := &recorder{deny: func(ev *Event) bool { return ev.Kind == KindExec && strings.HasSuffix(ev.Path, "/false") }}
	cmd := exec.Command("/bin/bash", "-c", `/bin/true; /bin/false; echo status $?; read -r _`)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	s, err := Start(cmd, Config{Decider: r})
	if err != nil {
		t.Fatal(err)
	}
	// While the tree runs (bash waits for a line), no epoll instance of
	// this process holds a seccomp listener.
	status, _ := bufio.NewReader(stdout).ReadString('\n')
	listeners := map[string]bool{}
	ents, _ := os.ReadDir("/proc/self/fd")
	for _, e := range ents {
		if l, err := os.Readlink(filepath.Join("/proc/self/fd", e.Name())); err == nil && strings.Contains(l, "seccomp notify") {
			listeners[e.Name()] = true
		}
	}
	if len(listeners) == 0 {
		t.Fatalf("no listener among the supervisor's descriptors")
	}
	for _, e := range ents {
		if l, _ := os.Readlink(filepath.Join("/proc/self/fd", e.Name())); l != "anon_inode:[eventpoll]" {
			continue
		}
		info, err := os.ReadFile(filepath.Join("/proc/self/fdinfo", e.Name()))
		if err != nil {
			continue
		}
		for _, line := range strings.Split(string(info), "\n") {
			if f := strings.Fields(line); len(f) >= 2 && f[0] == "tfd:" && listeners[f[1]] {
				t.Errorf("the listener (descriptor %s) is in epoll %s: %s", f[1], e.Name(), line)
			}
		}
	}
	stdin.Write([]byte("\n"))
	stdin.Close()
	if err := cmd.Wait(); err != nil || status != "status 126\n" {
		t.Errorf("bash: %v, %q", err, status)
	}
	s.Close()
	if r.find(KindExec, "/bin/true") == nil && r.find(KindExec, "/usr/bin/true") == nil {
		t.Errorf("no exec of true in %v", r.events)
	}
}
