package supervise

import (
	"os/exec"
	"testing"

	"golang.org/x/sys/unix"
)

// Close after the supervisor stopped on its own (the tree ended) writes
// its wake-up into nothing the process opened since. The interactive
// shell closes an executor's supervisor after bash died, while it starts
// the next one: a wake-up written to a descriptor number the loop had
// closed and a new socket or pty had taken went to the new bash as input.
func TestCloseAfterTreeEndedWritesNowhere(t *testing.T) {
	requireSupervisor(t)
	path, err := exec.LookPath("true")
	if err != nil {
		t.Skip("no true on PATH")
	}
	for range 3 {
		cmd := exec.Command(path)
		sup, err := Start(cmd, Config{Decider: &recorder{}})
		if err != nil {
			t.Fatalf("start: %v", err)
		}
		if err := cmd.Wait(); err != nil {
			t.Fatalf("true: %v", err)
		}
		sup.Wait() // the loop stopped: no process uses the filter
		// New descriptors take the lowest free numbers: those the
		// supervisor released, if it released any.
		var pairs [][2]int
		for range 4 {
			p, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_STREAM|unix.SOCK_CLOEXEC|unix.SOCK_NONBLOCK, 0)
			if err != nil {
				t.Fatal(err)
			}
			pairs = append(pairs, [2]int{p[0], p[1]})
		}
		sup.Close()
		for _, p := range pairs {
			for i, fd := range p {
				var b [8]byte
				if n, err := unix.Read(fd, b[:]); err != unix.EAGAIN {
					t.Errorf("a socket opened after the tree ended got %q (%v) from the supervisor's Close (written to fd %d)",
						b[:max(n, 0)], err, p[1-i])
				}
			}
			unix.Close(p[0])
			unix.Close(p[1])
		}
	}
}
