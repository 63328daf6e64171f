package supervise

import (
	"strconv"
	"strings"
)

// A process of the tree may trace, read or write the memory of only its
// own process and the processes it descends to (as Yama's ptrace_scope 1
// allows): PTRACE_ATTACH and PTRACE_SEIZE, process_vm_readv and
// process_vm_writev, and an open for writing of a file under /proc/PID.
// Any other process is out of the supervisor's reach: guardsh's parent
// (the user's shell, a coding agent), another terminal's shell, a
// daemon. Without this a line could write code into one of those with
// ptrace or /proc/PID/mem and have it run unsupervised (red team: a
// python3 line attached to guardsh's parent bash and opened its
// /proc/PID/mem for writing). A sibling or a parent of the tree is
// refused too: `strace -p` of a process the line did not start is a
// debugger's business, started from outside guardsh.

// mayReach says whether caller (a thread id, as the kernel reports it)
// may reach into target (a thread or process id): target's process is
// caller's, or descends from it. A target that cannot be read is not
// reachable: the call fails with EPERM rather than ESRCH.
func mayReach(caller, target int) bool {
	if target <= 0 {
		return false
	}
	c, t := tgid(caller), tgid(target)
	for range 4096 {
		if t == c {
			return true
		}
		if t <= 1 {
			return false
		}
		var ok bool
		if t, ok = parentOf(t); !ok {
			return false
		}
	}
	return false
}

// parentOf returns the parent of process pid, from /proc/PID/stat.
func parentOf(pid int) (int, bool) {
	f, ok := statFields(pid, 2)
	if !ok {
		return 0, false
	}
	ppid, err := strconv.Atoi(f[1])
	return ppid, err == nil
}

// procTarget returns the process a path under /proc/PID names (its
// threads' /proc/PID/task/TID are its own), false for any other path.
func procTarget(path string) (int, bool) {
	rest, ok := strings.CutPrefix(path, "/proc/")
	if !ok {
		return 0, false
	}
	first, _, _ := strings.Cut(rest, "/")
	pid, err := strconv.Atoi(first)
	return pid, err == nil && pid > 0
}
