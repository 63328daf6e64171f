package supervise

import (
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// A file effect on a path (unlink, rmdir, rename, truncate, chmod, chown,
// link, symlink, mknod) is performed by the supervisor itself where it
// can be, as an open for writing is: the path's directory is opened once,
// as the process would look it up, the Decider is given the real path of
// that very directory (and, for the calls that follow a last link, of the
// object itself), and the call is made relative to the descriptor, its
// result returned as the notification's answer. A link swapped by another
// process of the tree after the check no longer changes what the call
// reaches: the kernel never looks the path up again.
//
// It is done only for a process with the supervisor's credentials (uid,
// gid, groups, effective capabilities), root and mount namespace, which
// the path's own lookup cannot change; what else decides it is the call
// and how its arguments are written, never what a lookup found, so that
// no link a process plants makes the supervisor hand the call back to the
// kernel. Otherwise the call is decided on its paths as written and
// carried out by the kernel after the check (CONTINUE), as before.

// performEffects turns the performing off, for the benchmarks' CONTINUE
// runs.
var performEffects = true

// name is a path argument split for the call: the directory it is looked
// up in, opened, and its last component as written.
type name struct {
	dir  int    // O_PATH descriptor of the directory; -1 when unused
	base string // the last component, with any trailing slashes
	obj  int    // O_PATH descriptor of the object itself (calls that act on it); -1 otherwise
}

func (n *name) close() {
	if n.dir >= 0 {
		unix.Close(n.dir)
	}
	if n.obj >= 0 {
		unix.Close(n.obj)
	}
}

// objPath is the path through which the supervisor acts on n.obj.
func (n *name) objPath() string { return "/proc/self/fd/" + strconv.Itoa(n.obj) }

// takeover is one call the supervisor performs.
type takeover struct {
	nr     int32
	a      [6]uint64
	n1, n2 name
	target string // symlink's text
}

func (t *takeover) close() { t.n1.close(); t.n2.close() }

// How each call's path arguments are laid out: the dirfd argument (-1:
// AT_FDCWD) and the path argument of the first and second path, and
// whether the call acts on the object the first path leads to (following
// a last link, or not) rather than on its name.
type layout struct {
	d1, p1, d2, p2 int
	obj, follow    bool
}

const none1 = -2 // no such path

var layouts = map[int32]layout{
	unix.SYS_UNLINK:    {-1, 0, none1, none1, false, false},
	unix.SYS_UNLINKAT:  {0, 1, none1, none1, false, false},
	unix.SYS_RMDIR:     {-1, 0, none1, none1, false, false},
	unix.SYS_RENAME:    {-1, 0, -1, 1, false, false},
	unix.SYS_RENAMEAT:  {0, 1, 2, 3, false, false},
	unix.SYS_RENAMEAT2: {0, 1, 2, 3, false, false},
	unix.SYS_TRUNCATE:  {-1, 0, none1, none1, true, true},
	unix.SYS_CHMOD:     {-1, 0, none1, none1, true, true},
	unix.SYS_FCHMODAT:  {0, 1, none1, none1, true, true},
	unix.SYS_FCHMODAT2: {0, 1, none1, none1, true, true},
	unix.SYS_CHOWN:     {-1, 0, none1, none1, true, true},
	unix.SYS_LCHOWN:    {-1, 0, none1, none1, true, false},
	unix.SYS_FCHOWNAT:  {0, 1, none1, none1, true, true},
	unix.SYS_LINK:      {-1, 0, -1, 1, false, false},
	unix.SYS_LINKAT:    {0, 1, 2, 3, false, false},
	unix.SYS_SYMLINK:   {none1, none1, -1, 1, false, false},
	unix.SYS_SYMLINKAT: {none1, none1, 1, 2, false, false},
	unix.SYS_MKNOD:     {-1, 0, none1, none1, false, false},
	unix.SYS_MKNODAT:   {0, 1, none1, none1, false, false},
}

// prepareEffect opens what the call's paths name, as the process would
// look them up, and sets ev's paths to the real paths of what it opened.
// It returns the call to perform; or, when a lookup fails, the error the
// kernel would have given (nothing is changed, nothing to decide); or
// neither, and the call is decided and left to the kernel as before.
func (s *Supervisor) prepareEffect(p *proc, nr int32, a *[6]uint64, ev *Event) (*takeover, unix.Errno, bool) {
	l, ok := layouts[nr]
	if !ok || !s.takeFlags(nr, a) {
		return nil, 0, false
	}
	if !s.sameView(p) {
		return nil, 0, false
	}
	if mk := nr == unix.SYS_MKNOD || nr == unix.SYS_MKNODAT; mk || !s.unprivileged() {
		var c creds
		if !s.sameCreds(p, &c) {
			return nil, 0, false
		}
		if mk && c.umask != s.self.umask {
			return nil, 0, false // the supervisor's umask would apply
		}
	}
	if nr == unix.SYS_LINKAT && a[4]&unix.AT_SYMLINK_FOLLOW != 0 {
		l.obj, l.follow = true, true
	}
	if nr == unix.SYS_FCHOWNAT && a[4]&unix.AT_SYMLINK_NOFOLLOW != 0 {
		l.follow = false
	}
	t := &takeover{nr: nr, a: *a, n1: name{dir: -1, obj: -1}, n2: name{dir: -1, obj: -1}}
	if l.p1 == none1 {
		t.target = ev.RawPath // symlink's text, read once
	}
	fail := func(errno unix.Errno) (*takeover, unix.Errno, bool) {
		t.close()
		return nil, errno, true
	}
	resolved := true
	if l.p1 != none1 {
		path, errno := s.lookup(p, a, l.d1, ev.RawPath, &t.n1, l.obj, l.follow)
		if errno != 0 {
			return fail(errno)
		}
		ev.Path = path
		resolved = filepath.IsAbs(path)
	}
	if l.p2 != none1 {
		path, errno := s.lookup(p, a, l.d2, ev.RawPath2, &t.n2, false, false)
		if errno != 0 {
			return fail(errno)
		}
		ev.Path2 = path
		resolved = resolved && filepath.IsAbs(path)
	}
	// A symlink's first path is its text, kept as written.
	ev.Resolved = resolved && l.p1 != none1
	return t, 0, true
}

// unprivileged says whether the supervisor runs as an ordinary user, with
// no capability and not as root: then every process of the tree has its
// uid, gid and groups and at least its rights over the files (no_new_privs
// keeps a setuid program from gaining more, and without a capability
// none can be dropped), and its credentials are not read at each call.
func (s *Supervisor) unprivileged() bool {
	return s.self.noCaps && !strings.Contains(s.self.id, "Uid:\t0\t")
}

// takeFlags says whether the call's flags are ones the supervisor passes
// on as they are: a call on a descriptor itself (AT_EMPTY_PATH) names no
// path to look up, and is left to the kernel.
func (s *Supervisor) takeFlags(nr int32, a *[6]uint64) bool {
	switch nr {
	case unix.SYS_FCHMODAT2:
		return a[3] == 0
	case unix.SYS_FCHOWNAT:
		return a[4]&^unix.AT_SYMLINK_NOFOLLOW == 0
	case unix.SYS_LINKAT:
		return a[4]&^unix.AT_SYMLINK_FOLLOW == 0
	}
	return true
}

// lookup opens the directory raw's last component is in, as the process
// would reach it (from its working directory, the directory on its dirfd
// argument, or the root), and, for a call that acts on the object, the
// object itself. It returns the real path of what it opened.
func (s *Supervisor) lookup(p *proc, a *[6]uint64, dirArg int, raw string, n *name, obj, follow bool) (string, unix.Errno) {
	if raw == "" {
		return "", unix.ENOENT
	}
	start := "/"
	if !filepath.IsAbs(raw) {
		start = "/proc/" + strconv.Itoa(p.pid) + "/cwd"
		if dirArg >= 0 && int32(a[dirArg]) != unix.AT_FDCWD {
			fd := int32(a[dirArg])
			if fd < 0 {
				return "", unix.EBADF
			}
			start = "/proc/" + strconv.Itoa(p.pid) + "/fd/" + strconv.Itoa(int(fd))
		}
	}
	raw = OwnNames(raw, p.pid)
	dir, base := splitLast(raw)
	var err error
	flags := unix.O_PATH | unix.O_DIRECTORY | unix.O_CLOEXEC
	switch {
	case dir == "":
		n.dir, err = unix.Open(start, flags, 0)
	case filepath.IsAbs(dir):
		n.dir, err = unix.Open(dir, flags, 0)
	default:
		var sfd int
		if sfd, err = unix.Open(start, flags, 0); err == nil {
			n.dir, err = unix.Openat(sfd, dir, flags, 0)
			unix.Close(sfd)
		}
	}
	if err != nil {
		n.dir = -1
		return "", errnoOf(err)
	}
	if !ownMount(n.dir) { // mounts.go
		return "", unix.EPERM
	}
	n.base = base
	if obj {
		of := unix.O_PATH | unix.O_CLOEXEC
		if !follow {
			of |= unix.O_NOFOLLOW
		}
		if n.obj, err = unix.Openat(n.dir, base, of, 0); err != nil {
			n.obj = -1
			return "", errnoOf(err)
		}
		if !ownMount(n.obj) {
			return "", unix.EPERM
		}
		if real := fdLink(n.obj); strings.HasPrefix(real, "/") {
			return real, 0
		}
	}
	// Relative when the directory's link cannot be read (not Resolved).
	return filepath.Join(fdLink(n.dir), base), 0
}

// splitLast splits a path into the part up to its last component and that
// component with any trailing slashes, which the call looks up itself in
// the directory (a trailing slash there is the kernel's to read: rmdir of
// "d/" removes d, unlink of "f/" fails). A path of slashes alone is its
// own last part.
func splitLast(raw string) (dir, base string) {
	t := strings.TrimRight(raw, "/")
	if t == "" {
		return "", raw
	}
	i := strings.LastIndexByte(t, '/')
	return raw[:i+1], raw[i+1:]
}

// OwnNames rewrites the names a process has for itself (/proc/self,
// /proc/thread-self, /dev/fd, /dev/stdin...) at the start of an absolute
// path to its own /proc/PID: looked up by another process (the
// supervisor, guardsh's decider), they would name that process's.
func OwnNames(path string, pid int) string {
	own := "/proc/" + strconv.Itoa(pid)
	for _, m := range [...]struct{ from, to string }{
		{"/proc/self", own},
		{"/proc/thread-self", own},
		{"/dev/fd", own + "/fd"},
		{"/dev/stdin", own + "/fd/0"},
		{"/dev/stdout", own + "/fd/1"},
		{"/dev/stderr", own + "/fd/2"},
	} {
		if path == m.from || strings.HasPrefix(path, m.from+"/") {
			return m.to + path[len(m.from):]
		}
	}
	return path
}

// perform makes the call on the descriptors prepareEffect opened and
// returns its errno (0: done).
func (t *takeover) perform() unix.Errno {
	a := &t.a
	var err error
	switch t.nr {
	case unix.SYS_UNLINK:
		err = unix.Unlinkat(t.n1.dir, t.n1.base, 0)
	case unix.SYS_UNLINKAT:
		err = unix.Unlinkat(t.n1.dir, t.n1.base, int(int32(a[2])))
	case unix.SYS_RMDIR:
		err = unix.Unlinkat(t.n1.dir, t.n1.base, unix.AT_REMOVEDIR)
	case unix.SYS_RENAME, unix.SYS_RENAMEAT:
		err = unix.Renameat2(t.n1.dir, t.n1.base, t.n2.dir, t.n2.base, 0)
	case unix.SYS_RENAMEAT2:
		err = unix.Renameat2(t.n1.dir, t.n1.base, t.n2.dir, t.n2.base, uint(uint32(a[4])))
	case unix.SYS_TRUNCATE:
		err = unix.Truncate(t.n1.objPath(), int64(a[1]))
	case unix.SYS_CHMOD:
		err = unix.Chmod(t.n1.objPath(), uint32(a[1]))
	case unix.SYS_FCHMODAT, unix.SYS_FCHMODAT2:
		err = unix.Chmod(t.n1.objPath(), uint32(a[2]))
	case unix.SYS_CHOWN, unix.SYS_LCHOWN:
		err = unix.Fchownat(t.n1.obj, "", int(int32(a[1])), int(int32(a[2])), unix.AT_EMPTY_PATH)
	case unix.SYS_FCHOWNAT:
		err = unix.Fchownat(t.n1.obj, "", int(int32(a[2])), int(int32(a[3])), unix.AT_EMPTY_PATH)
	case unix.SYS_LINK:
		err = unix.Linkat(t.n1.dir, t.n1.base, t.n2.dir, t.n2.base, 0)
	case unix.SYS_LINKAT:
		if t.n1.obj >= 0 {
			// AT_SYMLINK_FOLLOW: the object the old name led to when it
			// was checked, through its descriptor.
			err = unix.Linkat(unix.AT_FDCWD, t.n1.objPath(), t.n2.dir, t.n2.base, unix.AT_SYMLINK_FOLLOW)
		} else {
			err = unix.Linkat(t.n1.dir, t.n1.base, t.n2.dir, t.n2.base, 0)
		}
	case unix.SYS_SYMLINK, unix.SYS_SYMLINKAT:
		err = unix.Symlinkat(t.target, t.n2.dir, t.n2.base)
	case unix.SYS_MKNOD:
		err = unix.Mknodat(t.n1.dir, t.n1.base, uint32(a[1]), int(uint32(a[2])))
	case unix.SYS_MKNODAT:
		err = unix.Mknodat(t.n1.dir, t.n1.base, uint32(a[2]), int(uint32(a[3])))
	default:
		return unix.ENOSYS
	}
	if err != nil {
		return errnoOf(err)
	}
	return 0
}

// effect decides and performs a file effect the supervisor can carry out
// itself (prepareEffect), and answers the notification. It returns false
// when the call is left to the kernel as before.
func (s *Supervisor) effect(r *receiver, n *seccompNotif, p *proc, ev *Event) bool {
	if errno, ok := s.redoAgain(n, ev); ok {
		respond(s.listener, n.ID, false, 0, errno)
		return true
	}
	t, errno, ok := s.prepareEffect(p, n.Data.Nr, &n.Data.Args, ev)
	if !ok {
		return false
	}
	if t == nil {
		// The lookup failed as the process's own would: nothing changes.
		respond(s.listener, n.ID, false, 0, errno)
		return true
	}
	defer t.close()
	if r.decide(ev) != Allow {
		s.count(func(st *Stats) { st.Denied++ })
		respond(s.listener, n.ID, false, 0, unix.EPERM)
		return true
	}
	if !idValid(s.listener, n.ID) {
		return true // the process is gone: nothing is done for it
	}
	errno = t.perform()
	s.count(func(st *Stats) { st.Performed++ })
	if respond(s.listener, n.ID, false, 0, errno) == unix.ENOENT {
		// A signal interrupted the call while it waited, and the process
		// will make it again (a restarted system call): it gets this
		// answer then, and the call is not made a second time.
		s.redoMu.Lock()
		s.redo = redo{pid: n.Pid, nr: n.Data.Nr, args: n.Data.Args, raw: ev.RawPath, raw2: ev.RawPath2, errno: errno, set: true}
		s.redoMu.Unlock()
	}
	return true
}

// redo is a call the supervisor performed whose answer did not reach the
// process, kept for the same call made again at once.
type redo struct {
	pid       uint32
	nr        int32
	args      [6]uint64
	raw, raw2 string
	errno     unix.Errno
	set       bool
}

// redoSeen is redo.seen, redoAgain redo.again, under redoMu.
func (s *Supervisor) redoSeen(n *seccompNotif) {
	s.redoMu.Lock()
	s.redo.seen(n)
	s.redoMu.Unlock()
}

func (s *Supervisor) redoAgain(n *seccompNotif, ev *Event) (unix.Errno, bool) {
	s.redoMu.Lock()
	defer s.redoMu.Unlock()
	return s.redo.again(n, ev)
}

// seen forgets the call once its process makes any other.
func (r *redo) seen(n *seccompNotif) {
	if r.set && n.Pid == r.pid && (n.Data.Nr != r.nr || n.Data.Args != r.args) {
		*r = redo{}
	}
}

// again returns the answer of the call performed, when n is that call
// made again.
func (r *redo) again(n *seccompNotif, ev *Event) (unix.Errno, bool) {
	if !r.set || n.Pid != r.pid {
		return 0, false
	}
	same := n.Data.Nr == r.nr && n.Data.Args == r.args && ev.RawPath == r.raw && ev.RawPath2 == r.raw2
	errno := r.errno
	*r = redo{}
	return errno, same
}
