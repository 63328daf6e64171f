package supervise

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// handle answers one notification, on receiver r. The arguments are read
// from the process (its memory and its links under /proc/PID, all named
// by pid), the notification validated (so what was read is the notifying
// process's, not a later one's with the same pid: a pid is not reused
// while the call waits), and only then is the Decider asked.
func (s *Supervisor) handle(n *seccompNotif, r *receiver) {
	s.count(func(st *Stats) { st.Notifications++ })
	defer func() {
		// A bug (in the Decider or here) refuses the call: it fails closed,
		// and the supervisor goes on with the rest of the tree.
		if r := recover(); r != nil {
			s.refuse(n, fmt.Sprintf("syscall %d", n.Data.Nr), unix.EPERM, fmt.Sprintf("internal error: %v", r))
		}
	}()
	pid := int(n.Pid)
	nr := n.Data.Nr
	if nr == unix.SYS_LANDLOCK_RESTRICT_SELF {
		s.landlock(n)
		return
	}
	s.viewMu.RLock()
	defer s.viewMu.RUnlock()
	tid := &s.tidMu[n.Pid%uint32(len(s.tidMu))]
	tid.Lock()
	defer tid.Unlock()
	if s.limit != nil && s.limit.counts() {
		s.limit.seen(pid)
		if isFork(nr) {
			if s.limit.roomy() {
				// Far below the limit: the fork goes on at once, and is
				// counted while it does (the count cannot reach the
				// limit by it: see roomy).
				respond(s.listener, n.ID, true, 0, 0)
				s.limit.allowFork(pid)
				return
			}
			if !s.limit.allowFork(pid) {
				s.count(func(st *Stats) { st.Refused++ })
				respond(s.listener, n.ID, false, 0, unix.EAGAIN)
				s.limitOnce.Do(func() { s.limitNotice(pid) })
				return
			}
			respond(s.listener, n.ID, true, 0, 0)
			return
		}
	}
	if target, ok := traceTarget(n); ok {
		// Never the supervisor: it holds the listener and the answers.
		if tgid(target) == os.Getpid() {
			s.refuse(n, "ptrace", unix.EPERM, "a process of the tree tried to reach into the supervisor")
			return
		}
		if !mayReach(pid, target) { // reach.go
			s.refuse(n, "ptrace", unix.EPERM, "a process of the tree tried to reach into process "+strconv.Itoa(target)+", which it did not start")
			return
		}
		respond(s.listener, n.ID, true, 0, 0)
		return
	}
	s.redoSeen(n)
	info, ok := calls[nr]
	if !ok {
		// The filter reported a call this table does not know: fail closed.
		s.refuse(n, fmt.Sprintf("syscall %d", nr), unix.EPERM, "reported call unknown to the supervisor")
		return
	}
	initial := s.initial && !s.initialDone.Load()
	if s.cfg.AllowInitial && initial && nr == unix.SYS_EXECVE && pid == s.pid {
		// The helper's exec of the command: nothing else of the tree
		// exists yet, and its arguments are the caller's own. Nothing to
		// read; the Decider is told of it, and not asked.
		r.decide(&Event{Pid: pid, Syscall: info.name, Kind: info.kind, Initial: true})
		if respond(s.listener, n.ID, true, 0, 0) == nil {
			s.initialDone.Store(true)
		}
		return
	}
	// What is read of the process below is checked to be the notifying
	// process's by idValid after the last read, before it is used.
	p := openProc(pid)
	defer p.close()
	if info.kind == KindExec {
		if errno := s.execMissing(p, nr, &n.Data.Args); errno != 0 {
			// The kernel would fail it so: nothing to decide, and the
			// answer is not CONTINUE, so that nothing created meanwhile
			// runs unchecked. execvp walking PATH, and gcc looking for
			// cc1, as and ld, make most of a build's execs such calls.
			if idValid(s.listener, n.ID) {
				respond(s.listener, n.ID, false, 0, errno)
			}
			return
		}
	}
	ev := &Event{Pid: pid, Syscall: info.name, Kind: info.kind}
	// The helper execs the command from the thread it locked, whose id
	// (what the kernel reports) is not always the process's.
	// The mark is spent only when the answer reaches the helper: a signal
	// (the Go runtime's SIGURG) can interrupt its execve while it waits,
	// and the kernel then reports the restarted call again, with a new id.
	if initial && nr == unix.SYS_EXECVE && (pid == s.pid || tgid(pid) == s.pid) {
		ev.Initial = true
	}
	err := info.read(p, &n.Data.Args, ev)
	if err == nil {
		ev.Cwd, err = p.link("cwd")
	}
	if err == nil {
		ev.Comm = p.comm()
	}
	if !idValid(s.listener, n.ID) {
		return
	}
	if err != nil {
		var errno unix.Errno
		switch {
		case errors.Is(err, errFault):
			errno = unix.EFAULT
		case errors.As(err, &errno):
		default:
			errno = unix.EPERM
		}
		s.refuse(n, info.name, errno, "cannot read the arguments: "+err.Error())
		return
	}
	r.yield()
	if info.kind == KindOpen && nr != unix.SYS_OPEN_BY_HANDLE_AT {
		s.open(r, n, p, ev)
		return
	}
	if _, ok := layouts[nr]; ok && performEffects && s.effect(r, n, p, ev) {
		return
	}
	if r.decide(ev) != Allow {
		s.count(func(st *Stats) { st.Denied++ })
		if respond(s.listener, n.ID, false, 0, unix.EPERM) == nil && ev.Initial {
			s.initialDone.Store(true)
		}
		return
	}
	if respond(s.listener, n.ID, true, 0, 0) == nil && ev.Initial {
		s.initialDone.Store(true)
	}
}

// landlock answers a Landlock restriction. The process (and all it
// starts) will be denied what its Landlock rules deny, which the
// supervisor, acting as itself, would not be: from now on it opens and
// performs nothing for the tree (sameView), and the kernel, after the
// check, does each call with the process's own rights. The answer waits
// until no other call is being handled (viewMu), so that none the
// supervisor performs crosses it.
func (s *Supervisor) landlock(n *seccompNotif) {
	s.viewMu.Lock()
	defer s.viewMu.Unlock()
	if s.limit != nil && s.limit.counts() {
		s.limit.seen(int(n.Pid))
	}
	s.redoSeen(n)
	s.restricted.Store(true)
	respond(s.listener, n.ID, true, 0, 0)
}

// traceTarget returns the pid a ptrace or process_vm_* call reaches.
func traceTarget(n *seccompNotif) (int, bool) {
	switch n.Data.Nr {
	case unix.SYS_PTRACE:
		return int(int32(n.Data.Args[1])), true
	case unix.SYS_PROCESS_VM_WRITEV, unix.SYS_PROCESS_VM_READV:
		return int(int32(n.Data.Args[0])), true
	}
	return 0, false
}

// tgid returns the process a thread id belongs to (itself if unknown).
func tgid(tid int) int {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(tid) + "/status")
	if err != nil {
		return tid
	}
	for line := range strings.SplitSeq(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "Tgid:"); ok {
			if n, err := strconv.Atoi(strings.TrimSpace(v)); err == nil {
				return n
			}
		}
	}
	return tid
}

// refuse fails the call with errno and reports it.
func (s *Supervisor) refuse(n *seccompNotif, call string, errno unix.Errno, msg string) {
	s.count(func(st *Stats) { st.Refused++ })
	respond(s.listener, n.ID, false, 0, errno)
	s.notice(int(n.Pid), call, msg)
}

// execMissing returns ENOENT or ENOTDIR when the program an exec names
// does not exist, as the process sees the filesystem (same mount
// namespace and root as the supervisor, and a lookup that stays on the
// root's filesystem; else 0, and the exec is decided as any other).
func (s *Supervisor) execMissing(p *proc, nr int32, a *[6]uint64) unix.Errno {
	var ev Event
	var err error
	if nr == unix.SYS_EXECVEAT {
		if a[4]&unix.AT_EMPTY_PATH != 0 {
			return 0
		}
		err = pathAt(0, 1)(p, a, &ev)
	} else {
		err = pathAt(-1, 0)(p, a, &ev)
	}
	if err != nil {
		return 0 // decided with the whole call's reading, which fails too
	}
	// Looked up without leaving the root's filesystem: a path through
	// /proc/self or /dev/fd (a link into /proc) names the supervisor's
	// own there, not the process's, and another mount may be the
	// process's own view; such a path is decided as any other. Whether
	// the process sees the filesystem as the supervisor does is read
	// only when the lookup fails: a program there is decided in any case.
	fd, err := unix.Openat2(unix.AT_FDCWD, ev.Path, &unix.OpenHow{Flags: unix.O_PATH | unix.O_CLOEXEC, Resolve: unix.RESOLVE_NO_XDEV})
	switch err {
	case nil:
		unix.Close(fd)
	case unix.ENOENT, unix.ENOTDIR:
		if s.sameView(p) {
			return err.(unix.Errno)
		}
	}
	return 0
}
