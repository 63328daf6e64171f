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
	// A pidfd is readable once its process has exited; the first call
	// only lets the netpoller wait for that, which it does only for a
	// file it polls (else Read returns an error at once).
	waited := false
	rc.Read(func(uintptr) bool {
		done := waited
		waited = true
		return done
	})
}
