package supervise

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// A tree that tries to start more processes than the limit is stopped at
// it: forks fail with EAGAIN, and the supervisor says the limit was hit.
// The tree is bounded (100 sleeps, killed once all were started), so
// that a failing limit cannot hurt the machine. Each sleep lasts long
// enough for 50 to be alive at once however slowly a loaded machine
// forks (with sleeps of 0.3 s it once never reached the limit), and ends
// soon enough for bash's retries of the refused forks to succeed.
func testProcessLimit(t *testing.T, wantLimit string) {
	requireSupervisor(t)
	r := &recorder{}
	cmd := exec.Command("/bin/bash", "-c", `for i in $(seq 100); do sleep 2 & p+=($!); done; kill "${p[@]}" 2>/dev/null; wait; echo finished`)
	cmd.Dir = t.TempDir()
	cmd.Env = os.Environ()
	res := run(t, cmd, r, 50)
	t.Cleanup(func() {
		// The cgroup goes once its last task has left it, in the background.
		waitFor(t, func() bool {
			m, _ := filepath.Glob(fmt.Sprintf("/sys/fs/cgroup/*/guardsh-%d-*", os.Getpid()))
			return len(m) == 0
		})
	})
	if res.stats.Limit != wantLimit {
		t.Skipf("the process limit is enforced by %q here, not %q", res.stats.Limit, wantLimit)
	}
	if !res.stats.LimitHit {
		t.Errorf("the limit was not reported as hit: %+v\n%s", res.stats, res.out)
	}
	if len(r.notices) != 1 || !strings.Contains(r.notices[0].Message, "process limit of 50 reached") {
		t.Errorf("notices = %+v, want one about the limit", r.notices)
	}
	if !strings.Contains(res.out, "Resource temporarily unavailable") {
		t.Errorf("bash saw no failed fork:\n%s", res.out)
	}
}

func TestProcessLimitCgroup(t *testing.T) {
	tryCgroup = true
	defer func() { tryCgroup = false }()
	testProcessLimit(t, "cgroup")
}

func TestProcessLimitCounted(t *testing.T) { testProcessLimit(t, "count") }

// Where the cgroup is made but the child cannot join it, the supervisor
// starts again and counts.
func TestProcessLimitFallsBackToCounting(t *testing.T) {
	requireSupervisor(t)
	l, err := newCgroupLimiter(50)
	if err != nil {
		t.Skipf("no cgroup here: %v", err)
	}
	l.close()
	tryCgroup, failCgroupJoin = true, true
	defer func() { tryCgroup, failCgroupJoin = false, false }()
	testProcessLimit(t, "count")
}

// By default the limit is the supervisor's count, even where a cgroup
// could be made: joining a cgroup v1 costs a short line more than
// counting its forks.
func TestProcessLimitCountsByDefault(t *testing.T) {
	requireSupervisor(t)
	res := run(t, exec.Command("/bin/true"), &recorder{}, 50)
	if res.err != nil {
		t.Fatalf("true: %v", res.err)
	}
	if res.stats.Limit != "count" {
		t.Errorf("Stats().Limit = %q, want %q", res.stats.Limit, "count")
	}
	if res := run(t, exec.Command("/bin/true"), &recorder{}, 0); res.stats.Limit != "" {
		t.Errorf("without a limit, Stats().Limit = %q, want none", res.stats.Limit)
	}
}
