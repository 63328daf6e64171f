package shell

import (
	"fmt"
	"os"

	"golang.org/x/sys/unix"
)

// controlFdMin is where the executor moves its control channel: far above
// the descriptors a line uses (bash keeps its own at 10 and up, and 255),
// so that no redirect of a line names them.
const controlFdMin = 900

// moveControl moves a control descriptor the front end gave the executor
// (3 or 4, inherited without close-on-exec) to controlFdMin or above
// (lower when the descriptor limit is below it), close-on-exec, and
// closes the original: no program a line runs inherits it, and no
// `exec 3>&-` of a line closes it.
func moveControl(f *os.File) (*os.File, error) {
	old := int(f.Fd())
	var fd int
	var err error
	for _, min := range []int{controlFdMin, 100, 10} {
		fd, err = unix.FcntlInt(uintptr(old), unix.F_DUPFD_CLOEXEC, min)
		if err != unix.EINVAL && err != unix.EMFILE {
			break
		}
	}
	if err != nil {
		return nil, fmt.Errorf("moving the control descriptor %d: %w", old, err)
	}
	name := f.Name()
	f.Close()
	// Non-blocking, the file is read through Go's poller: a request
	// that arrives wakes the goroutine that reads it, and the one it is
	// handed to runs on the same thread at once, not on a second thread
	// woken for it.
	unix.SetNonblock(fd, true)
	return os.NewFile(uintptr(fd), name), nil
}

// notDumpable makes the process not dumpable: a program of the same user
// that is not privileged can then neither open its descriptors through
// /proc/PID/fd nor read its memory or trace it. The flag returns to
// normal in a program the process executes.
func notDumpable() {
	unix.Prctl(unix.PR_SET_DUMPABLE, 0, 0, 0, 0)
}
