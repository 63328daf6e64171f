package supervise

import (
	"fmt"
	"strings"
)

// Kind groups the system calls the supervisor reports by what they do.
type Kind string

// The kinds of events.
const (
	KindExec   Kind = "exec"   // execve, execveat
	KindOpen   Kind = "open"   // an open for writing (open, openat, openat2, creat), any open_by_handle_at
	KindRemove Kind = "remove" // unlink, unlinkat, rmdir
	KindRename Kind = "rename" // rename, renameat, renameat2
	KindTrunc  Kind = "truncate"
	KindChmod  Kind = "chmod"  // chmod, fchmod, fchmodat, fchmodat2
	KindChown  Kind = "chown"  // chown, fchown, lchown, fchownat
	KindMknod  Kind = "mknod"  // mknod, mknodat
	KindLink   Kind = "link"   // link, linkat, symlink, symlinkat
	KindSignal Kind = "signal" // kill and the like aimed at pid <= 0 or 1; pidfd_open(1)
	KindSystem Kind = "system" // mount and the new mount API, umount2, pivot_root, chroot, swapon, swapoff, reboot, modules, kexec
)

// Event is one stopped system call, with its arguments read from the
// process. Paths are absolute: a relative one is joined to the directory
// it is relative to (the working directory, or the directory open on the
// call's dirfd) and to the process's root; symbolic links are not
// followed, except in a call the supervisor performs itself (an open, an
// unlink, rename, chmod...: see Supervisor), where the paths are those of
// the directory (and, for a call that follows a last link, the file)
// really acted on.
type Event struct {
	Pid     int    // the thread that made the call, as seen from the supervisor
	Comm    string // the name of the program that made the call (/proc/PID/comm)
	Syscall string // the call's name, "openat"
	Kind    Kind
	// Path and Path2 are the call's path arguments in the call's order:
	// rename's and link's old then new name, symlink's target (kept as
	// written, not resolved) then the link it creates, mount's source (as
	// written) then its mount point. A call on a descriptor (fchmod,
	// execveat with AT_EMPTY_PATH, finit_module) names the file open on it.
	Path, Path2 string
	// RawPath and RawPath2 are the path arguments as the process wrote them.
	RawPath, RawPath2 string
	Flags             uint64   // open flags (creat: O_CREAT|O_WRONLY|O_TRUNC), or the call's flags argument
	Mode              uint32   // the mode of open, creat, chmod, mknod
	Argv              []string // exec: the new program's argv, as the kernel will pass it
	Env               []string // exec: the new program's environment
	Cwd               string   // the process's working directory
	TargetPid         int      // signals: the pid argument (kill's may be 0 or negative)
	Signal            int      // signals: the signal (0 only checks)
	// Initial marks the exec of the command's own program by the helper
	// Start re-executes: the program the caller approved.
	Initial bool
	// Resolved says that Path and Path2 are the real paths of what the
	// supervisor opened to perform the call itself (an open, an unlink,
	// a rename...: see Supervisor), read back from its descriptors: no
	// symbolic link on the way, /proc/self and /dev/fd as the process's
	// own /proc/PID, the file itself when the call follows a last link.
	Resolved bool

	dirfd int32 // the directory Path's first lookup starts from
	onFD  bool  // the call is on the descriptor dirfd itself (AT_EMPTY_PATH)
}

// FDLink returns, for a call on a descriptor itself (execveat or
// fchmodat2 with AT_EMPTY_PATH: fexecve), the process's own link to the
// file open on it, /proc/PID/fd/N, through which the file can be opened
// even when it was deleted or never had a name (a memfd); "" otherwise.
// It is valid while the Decider decides.
func (ev *Event) FDLink() string {
	if !ev.onFD {
		return ""
	}
	return fmt.Sprintf("/proc/%d/fd/%d", ev.Pid, ev.dirfd)
}

// String describes the call in a line for a person: the program and
// process that made it, the call and its arguments.
func (ev *Event) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (pid %d): %s", ev.Comm, ev.Pid, ev.Syscall)
	switch {
	case ev.Kind == KindExec:
		fmt.Fprintf(&b, " %s %q", ev.Path, ev.Argv)
	case ev.Kind == KindSignal:
		fmt.Fprintf(&b, " pid %d signal %d", ev.TargetPid, ev.Signal)
	case ev.Path2 != "":
		fmt.Fprintf(&b, " %s -> %s", ev.Path, ev.Path2)
	case ev.Path != "":
		fmt.Fprintf(&b, " %s", ev.Path)
	}
	return b.String()
}

// Verdict is a Decider's answer.
type Verdict int

// The verdicts.
const (
	// Allow lets the call go on.
	Allow Verdict = iota
	// Deny makes the call fail with EPERM in the process that made it;
	// the rest of the tree goes on.
	Deny
)

// Decider decides each reported call. The supervisor calls it one event
// at a time (from one of its goroutines, never two at once), while the
// calling thread waits; the rest of the tree runs on until it too makes a
// reported call, and, once a decision has taken a few milliseconds (a
// person asked), the calls of other processes that need none (a missing
// program's exec, a fork) are answered meanwhile (receive.go).
type Decider interface {
	Decide(ev *Event) Verdict
}

// DeciderFunc adapts a function to Decider.
type DeciderFunc func(ev *Event) Verdict

// Decide calls f.
func (f DeciderFunc) Decide(ev *Event) Verdict { return f(ev) }

// Notice reports what the supervisor did on its own, without asking the
// Decider: a process limit reached, a call refused because its arguments
// could not be read.
type Notice struct {
	Pid     int    // the process concerned; 0 when not known
	Syscall string // the call concerned
	Message string // what happened, for a person
}
