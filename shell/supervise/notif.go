package supervise

import (
	"runtime"
	"unsafe"

	"golang.org/x/sys/unix"
)

// The structures of linux/seccomp.h that golang.org/x/sys does not define.

type seccompData struct {
	Nr                 int32
	Arch               uint32
	InstructionPointer uint64
	Args               [6]uint64
}

type seccompNotif struct {
	ID    uint64
	Pid   uint32
	Flags uint32
	Data  seccompData
}

type seccompNotifResp struct {
	ID    uint64
	Val   int64
	Error int32
	Flags uint32
}

type seccompNotifAddfd struct {
	ID         uint64
	Flags      uint32
	Srcfd      uint32
	Newfd      uint32
	NewfdFlags uint32
}

func ioctlPtr(fd int, req uint, p unsafe.Pointer) (uintptr, error) {
	r, _, errno := unix.Syscall(unix.SYS_IOCTL, uintptr(fd), uintptr(req), uintptr(p))
	if errno != 0 {
		return r, errno
	}
	return r, nil
}

// recvNotif waits for the next notification on the listener.
func recvNotif(fd int, n *seccompNotif) error {
	*n = seccompNotif{} // the kernel refuses a buffer that is not zeroed
	for {
		_, err := ioctlPtr(fd, unix.SECCOMP_IOCTL_NOTIF_RECV, unsafe.Pointer(n))
		if err != unix.EINTR {
			return err
		}
	}
}

// idValid says whether the notification is still pending: its process
// has not died and been replaced by another with the same pid.
func idValid(fd int, id uint64) bool {
	_, err := ioctlPtr(fd, unix.SECCOMP_IOCTL_NOTIF_ID_VALID, unsafe.Pointer(&id))
	return err == nil
}

// respond answers a notification: errno 0 with cont lets the call go on
// in the kernel; errno 0 without cont returns val; else the call fails
// with errno.
func respond(fd int, id uint64, cont bool, val int64, errno unix.Errno) error {
	r := seccompNotifResp{ID: id, Val: val, Error: -int32(errno)}
	if cont {
		r.Flags = unix.SECCOMP_USER_NOTIF_FLAG_CONTINUE
	}
	_, err := ioctlPtr(fd, unix.SECCOMP_IOCTL_NOTIF_SEND, unsafe.Pointer(&r))
	return err
}

// addFD installs srcfd in the notifying process and, with
// SECCOMP_ADDFD_FLAG_SEND, answers the notification with its number in
// one step.
//
// The ioctl runs with every signal blocked on its thread. With
// SECCOMP_ADDFD_FLAG_SEND the kernel marks the notification answered
// before the process has taken the descriptor; a signal to the
// supervisor's thread in that moment takes the descriptor back, and the
// process's call then returns 0, which it takes for its new descriptor
// (measured: about one supervised make -j2 in 20 to 40 had a compile
// write its output to descriptor 0 and fail, "Illegal seek", "Bad file
// descriptor"). Blocked, the signal waits the few microseconds the
// ioctl takes, or goes to another of the process's threads.
func addFD(fd int, id uint64, srcfd int, cloexec bool) (int, error) {
	a := seccompNotifAddfd{ID: id, Flags: unix.SECCOMP_ADDFD_FLAG_SEND, Srcfd: uint32(srcfd)}
	if cloexec {
		a.NewfdFlags = unix.O_CLOEXEC
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	all := unix.Sigset_t{Val: [len(unix.Sigset_t{}.Val)]uint64{^uint64(0)}}
	var old unix.Sigset_t
	if err := unix.PthreadSigmask(unix.SIG_BLOCK, &all, &old); err != nil {
		return -1, err
	}
	r, err := ioctlPtr(fd, unix.SECCOMP_IOCTL_NOTIF_ADDFD, unsafe.Pointer(&a))
	unix.PthreadSigmask(unix.SIG_SETMASK, &old, nil)
	return int(r), err
}

// syncWakeUp asks the kernel (6.6 and later; older ones refuse the
// ioctl, and nothing changes) to switch from the process making a
// reported call straight to the supervisor waiting for it, on the same
// CPU, and back when the answer is sent: the two run one after the
// other, never at once, so a wake-up of the other on another CPU (an
// inter-processor interrupt, an idle CPU waking) bought nothing but
// latency.
func syncWakeUp(listener int) {
	unix.Syscall(unix.SYS_IOCTL, uintptr(listener), unix.SECCOMP_IOCTL_NOTIF_SET_FLAGS, unix.SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP)
}

// installFilter installs prog on the calling thread with
// SECCOMP_FILTER_FLAG_NEW_LISTENER and returns the listener. Without
// CAP_SYS_ADMIN the kernel needs no_new_privs first; it is set only then,
// so that as root setuid programs behave as before. The caller must have
// locked its OS thread: the filter and no_new_privs are per thread.
func installFilter(prog []unix.SockFilter) (int, error) {
	fprog := unix.SockFprog{Len: uint16(len(prog)), Filter: &prog[0]}
	install := func() (int, error) {
		r, _, errno := unix.Syscall(unix.SYS_SECCOMP, unix.SECCOMP_SET_MODE_FILTER,
			unix.SECCOMP_FILTER_FLAG_NEW_LISTENER, uintptr(unsafe.Pointer(&fprog)))
		runtime.KeepAlive(prog)
		if errno != 0 {
			return -1, errno
		}
		return int(r), nil
	}
	fd, err := install()
	if err == unix.EACCES {
		if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
			return -1, err
		}
		fd, err = install()
	}
	return fd, err
}
