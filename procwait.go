package main

import (
	"os"

	"golang.org/x/sys/unix"
)

// waitExited returns once the process pid (a child not yet waited for)
// has exited, having waited in Go's netpoller on a pidfd rather than in
// a blocking waitid: exec.Cmd.Wait then reaps it at once. While bash
// runs, guardsh has then no thread in a system call (the supervisor's
// goroutine waits the same way), and the runtime's sysmon thread sleeps
// instead of waking every 20 to 100 µs to look at that thread (about
// half of guardsh's context switches on a short line). Where the kernel
// has no pollable pidfd it returns at once and Wait waits as before.
func waitExited(pid int) {
	fd, err := unix.PidfdOpen(pid, unix.PIDFD_NONBLOCK)
	if err != nil {
		return
	}
	f := os.NewFile(uintptr(fd), "pidfd")
	defer f.Close()
	rc, err := f.SyscallConn()
	if err != nil {
		return
	}
	if beforeWaitExited != nil {
		beforeWaitExited()
	}
	// A pidfd is readable once its process has exited. Each call looks
	// (a poll of no time), the first one too: the netpoller forgets a
	// readiness that came before Read began (it resets it), and the
	// pidfd stays readable without another edge, so a process that
	// exited before then would be waited for forever.
	rc.Read(func(fd uintptr) bool {
		pfd := []unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}}
		for {
			n, err := unix.Poll(pfd, 0)
			if err == unix.EINTR {
				continue
			}
			// An error cannot be waited out: Wait waits as before.
			return err != nil || n > 0
		}
	})
}

// beforeWaitExited, when set (tests), runs once the pidfd is in the
// netpoller, before the wait.
var beforeWaitExited func()
