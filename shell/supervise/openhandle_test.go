package supervise

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A link planted at a new file's name after its open was checked (the
// supervisor's create then finds the name taken) does not lead the
// open to its target unchecked: the open is looked up and decided
// again, on the target.
func TestNewFileRaceDecidedAgain(t *testing.T) {
	requireSupervisor(t)
	if !Available().AddFD {
		t.Skip("the kernel lacks SECCOMP_IOCTL_NOTIF_ADDFD")
	}
	dir := t.TempDir()
	protected := filepath.Join(dir, "protected")
	os.WriteFile(protected, []byte("keep\n"), 0o644)
	fresh := filepath.Join(dir, "fresh")
	planted := false
	r := &recorder{deny: func(ev *Event) bool {
		if ev.Kind != KindOpen {
			return false
		}
		if ev.Path == fresh && !planted {
			// Checked as a new file; the race plants a link there
			// before the supervisor creates it.
			planted = true
			if err := os.Symlink(protected, fresh); err != nil {
				t.Error(err)
			}
			return false
		}
		return ev.Path == protected
	}}
	res := run(t, self(t, "open-w "+fresh), r, 0)
	if !planted {
		t.Fatalf("the open of the new file was not decided:\n%s", res.out)
	}
	if data, _ := os.ReadFile(protected); string(data) != "keep\n" {
		t.Errorf("the protected file changed through the link planted after the check: %q\n%s", data, res.out)
	}
	if !strings.Contains(res.out, "open-w "+fresh+": EPERM") {
		t.Errorf("the open through the planted link was not refused:\n%s", res.out)
	}
}
