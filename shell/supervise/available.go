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
	// ADDFD on a notification that does not exist: ENOENT when the kernel
	// knows the ioctl and the SEND flag, EINVAL or ENOTTY when not.
	a := seccompNotifAddfd{ID: 1<<64 - 1, Flags: unix.SECCOMP_ADDFD_FLAG_SEND, Srcfd: 0}
	_, err = ioctlPtr(fd, unix.SECCOMP_IOCTL_NOTIF_ADDFD, unsafe.Pointer(&a))
	return Availability{OK: true, AddFD: err == unix.ENOENT}
}
