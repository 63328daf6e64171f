package supervise

import "golang.org/x/sys/unix"

// openTries bounds how many times an open is looked up and decided again
// when its new file's name was taken between the check and the create.
const openTries = 3

// open decides an open. A read-only openat2 (reported because its flags
// are in memory) is not a write and is not asked about, but is still
// performed here where possible so that the flags checked are the flags
// used.
//
// When the new file an open was checked as appears before the
// supervisor creates it (another process made it, or planted a link
// there that would lead the kernel's open to a file never checked), the
// open is looked up and decided again, on what is there now; past
// openTries such races it fails with EAGAIN.
func (s *Supervisor) open(r *receiver, n *seccompNotif, p *proc, ev *Event) {
	path := ev.Path
	for try := 1; ; try++ {
		ev.Path, ev.Resolved = path, false
		if !s.openOnce(r, n, p, ev) {
			return
		}
		if try == openTries {
			respond(s.listener, n.ID, false, 0, unix.EAGAIN)
			return
		}
	}
}

// openOnce is one try of open; it returns true, having answered nothing,
// when the new file it checked appeared before it was created.
func (s *Supervisor) openOnce(r *receiver, n *seccompNotif, p *proc, ev *Event) (again bool) {
	write := ev.Flags&writeOpenFlags != 0
	var o *opened
	if s.addfd {
		var errno unix.Errno
		o, errno = s.prepareOpen(p, ev)
		if errno != 0 {
			// Nothing is opened: the call fails as the process's lookup
			// would have, without the kernel looking the path up again.
			respond(s.listener, n.ID, false, 0, errno)
			return false
		}
		if o != nil {
			defer o.close()
			ev.Path, ev.Resolved = o.path, o.resolved
		}
		// What prepareOpen read of /proc (root, directory, descriptors)
		// is the notifying process's only if its call still waits: the
		// check after the arguments came before those reads.
		if !idValid(s.listener, n.ID) {
			return false
		}
	}
	if write && inSupervisor(ev.Path) {
		s.refuse(n, ev.Syscall, unix.EPERM, "a process of the tree tried to write "+ev.Path+" of the supervisor")
		return false
	}
	if target, ok := procTarget(ev.Path); write && ok && !mayReach(ev.Pid, target) { // reach.go
		s.refuse(n, ev.Syscall, unix.EPERM, "a process of the tree tried to write "+ev.Path+" of a process it did not start")
		return false
	}
	if write && r.decide(ev) != Allow {
		s.count(func(st *Stats) { st.Denied++ })
		respond(s.listener, n.ID, false, 0, unix.EPERM)
		return false
	}
	if o == nil {
		respond(s.listener, n.ID, true, 0, 0)
		return false
	}
	fd, errno := o.open()
	if fd < 0 && errno == errRace {
		return true
	}
	if fd < 0 {
		respond(s.listener, n.ID, false, 0, errno)
		return false
	}
	defer unix.Close(fd)
	if _, err := addFD(s.listener, n.ID, fd, ev.Flags&unix.O_CLOEXEC != 0); err != nil {
		if err == unix.ENOENT {
			return false // the process is gone
		}
		respond(s.listener, n.ID, false, 0, unix.EIO)
		return false
	}
	s.count(func(st *Stats) { st.Opened++ })
	return false
}
