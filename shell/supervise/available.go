package supervise

import (
	"fmt"
	"os"
	"runtime"
	"strings"
	"sync"
	"unsafe"

	"golang.org/x/sys/unix"
)

// Availability says whether the supervisor can run here, and if not why.
type Availability struct {
	OK     bool
	Reason string // why not, when !OK
	// AddFD says the kernel can install a descriptor in a supervised
	// process and answer with it (SECCOMP_IOCTL_NOTIF_ADDFD with
	// SECCOMP_ADDFD_FLAG_SEND, Linux 5.14): opens are then performed by the
	// supervisor.
	AddFD bool
}

var (
	availOnce sync.Once
	avail     Availability
	// probe is replaced by tests to simulate a kernel without the mechanism.
	probe = probeKernel
)

// Available says whether seccomp user notification works in this
// process's environment: an old kernel, a kernel without seccomp, or a
// container whose own filter forbids seccomp() make it unavailable. It
// probes once, on a thread of its own that is discarded afterwards, and
// caches the answer.
func Available() Availability {
	availOnce.Do(func() { avail = probe() })
	return avail
}

func probeKernel() Availability {
	if runtime.GOOS != "linux" || runtime.GOARCH != "amd64" {
		return Availability{Reason: "the supervisor supports linux/amd64 only"}
	}
	// The quick answer first: it asks the kernel itself whether it has the
	// action (SECCOMP_GET_ACTION_AVAIL), which is what actions_avail
	// lists, and reading that file costs as much as the rest of the probe.
	if a, ok := probeQuick(); ok {
		return a
	}
	if data, err := os.ReadFile("/proc/sys/kernel/seccomp/actions_avail"); err == nil &&
		!strings.Contains(string(data), "user_notif") {
		return Availability{Reason: "the kernel has no seccomp user notification (actions_avail: " + strings.TrimSpace(string(data)) + ")"}
	}
	ch := make(chan Availability)
	go func() {
		// The thread gets a filter and no_new_privs; it is locked and never
		// unlocked, so the runtime ends it when the goroutine returns.
		runtime.LockOSThread()
		ch <- probeThread()
	}()
	return <-ch
}

func probeThread() Availability {
	prog, err := buildFilter(filterOptions{})
	if err != nil {
		return Availability{Reason: err.Error()}
	}
	// Install the real filter: if it loads here, it loads in the child.
	fd, err := installFilter(prog)
	if err != nil {
		return Availability{Reason: fmt.Sprintf("seccomp user notification unavailable: %v", err)}
	}
	defer unix.Close(fd)
	return Availability{OK: true, AddFD: addFDWorks(fd)}
}

// addFDWorks tries ADDFD on a notification that does not exist: ENOENT
// when the kernel knows the ioctl and the SEND flag, EINVAL or ENOTTY
// when not.
func addFDWorks(listener int) bool {
	a := seccompNotifAddfd{ID: 1<<64 - 1, Flags: unix.SECCOMP_ADDFD_FLAG_SEND, Srcfd: 0}
	_, err := ioctlPtr(listener, unix.SECCOMP_IOCTL_NOTIF_ADDFD, unsafe.Pointer(&a))
	return err == unix.ENOENT
}

// probeQuick answers without installing a filter when the process is
// under none (PR_GET_SECCOMP says 0) and the kernel has the user
// notification action (SECCOMP_GET_ACTION_AVAIL): nothing can then stop
// a filter from loading, no_new_privs being always allowed. Under a
// filter (a container's, or another guardsh's supervisor, which refuses a
// second listener with EBUSY), it does not answer (ok false) and the
// filter is tried. ADDFD is taken from the kernel's version here, and
// Start checks it again on each listener.
func probeQuick() (Availability, bool) {
	mode, err := unix.PrctlRetInt(unix.PR_GET_SECCOMP, 0, 0, 0, 0)
	if err != nil || mode != 0 {
		return Availability{}, false
	}
	action := uint32(unix.SECCOMP_RET_USER_NOTIF)
	if _, _, e := unix.Syscall(unix.SYS_SECCOMP, unix.SECCOMP_GET_ACTION_AVAIL, 0, uintptr(unsafe.Pointer(&action))); e != 0 {
		return Availability{}, false
	}
	return Availability{OK: true, AddFD: kernelAtLeast(5, 14)}, true
}

// kernelAtLeast says whether the running kernel's release is at least
// major.minor.
func kernelAtLeast(major, minor int) bool {
	var u unix.Utsname
	if unix.Uname(&u) != nil {
		return false
	}
	var maj, min int
	if _, err := fmt.Sscanf(unix.ByteSliceToString(u.Release[:]), "%d.%d", &maj, &min); err != nil {
		return false
	}
	return maj > major || maj == major && min >= minor
}
