package shell

import (
	"os"
	"testing"

	"golang.org/x/sys/unix"
)

// The control descriptors move high, close-on-exec, and the originals
// close.
func TestMoveControl(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	// As the executor gets it: inherited, without close-on-exec.
	unix.FcntlInt(r.Fd(), unix.F_SETFD, 0)
	old := int(r.Fd())
	m, err := moveControl(r)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if int(m.Fd()) < controlFdMin {
		t.Errorf("moved to %d, below %d", m.Fd(), controlFdMin)
	}
	if fl, err := unix.FcntlInt(m.Fd(), unix.F_GETFD, 0); err != nil || fl&unix.FD_CLOEXEC == 0 {
		t.Errorf("not close-on-exec: flags %d, %v", fl, err)
	}
	if _, err := unix.FcntlInt(uintptr(old), unix.F_GETFD, 0); err == nil {
		t.Errorf("descriptor %d still open", old)
	}
	w.Write([]byte("x"))
	b := make([]byte, 1)
	if n, err := m.Read(b); n != 1 || err != nil {
		t.Errorf("moved descriptor reads %d, %v", n, err)
	}
}
