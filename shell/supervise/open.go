package supervise

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// creds are the lines of /proc/PID/status that decide what a process may
// open, and its umask.
type creds struct {
	id     string // Uid, Gid, Groups and CapEff lines
	umask  uint32
	mntns  string
	userns string
	noCaps bool // no effective capability
}

func readCreds(pid int) (creds, error) {
	dir := "/proc/" + strconv.Itoa(pid)
	fd, err := unix.Open(dir+"/status", unix.O_RDONLY|unix.O_CLOEXEC, 0)
	if err != nil {
		return creds{}, err
	}
	var buf [8192]byte
	n, err := unix.Read(fd, buf[:])
	unix.Close(fd)
	if err != nil {
		return creds{}, err
	}
	var c creds
	var id []byte
	for line := range bytes.SplitSeq(buf[:n], []byte("\n")) {
		k, v, _ := bytes.Cut(line, []byte(":"))
		switch string(k) {
		case "Uid", "Gid", "Groups", "CapEff":
			id = append(append(id, line...), '\n')
			if string(k) == "CapEff" {
				c.noCaps = strings.Trim(string(bytes.TrimSpace(v)), "0") == ""
			}
		case "Umask":
			u, err := strconv.ParseUint(string(bytes.TrimSpace(v)), 8, 32)
			if err == nil {
				c.umask = uint32(u)
			}
		}
	}
	c.id = string(id)
	return c, nil
}

// Filesystems whose files mean something different depending on who
// opens them (/proc/self) or whose writes act on the system: an open
// there is left to the kernel, never performed by the supervisor.
var pseudoFS = map[int64]bool{
	unix.PROC_SUPER_MAGIC: true, unix.SYSFS_MAGIC: true, unix.CGROUP_SUPER_MAGIC: true,
	unix.CGROUP2_SUPER_MAGIC: true, unix.DEBUGFS_MAGIC: true, unix.TRACEFS_MAGIC: true,
	unix.SECURITYFS_MAGIC: true, unix.BPF_FS_MAGIC: true, unix.EFIVARFS_MAGIC: true,
}

// opened is an open the supervisor will perform: the file (or, for a new
// file, its directory) already resolved to a descriptor.
type opened struct {
	errno unix.Errno // the lookup failed so: the call's answer
	path  string     // the real path checked
	obj   int        // O_PATH descriptor of the file, or of the parent for a new file
	base  string     // the new file's name in obj; "" when obj is the file
	flags int
	mode  uint32 // the new file's mode, umask applied
	fix   bool   // the supervisor's umask is stricter: chmod after creating
	// resolved: path was read back from the descriptor (Event.Resolved).
	resolved bool
}

func (o *opened) close() { unix.Close(o.obj) }

// errRace says a new file appeared between the check and the open: the
// open is looked up and decided again (Supervisor.open).
const errRace = unix.Errno(0)

// open performs the open; errRace (0) means: the new file's name was
// taken since the check.
func (o *opened) open() (int, unix.Errno) {
	flags := o.flags&^(unix.O_CREAT|unix.O_EXCL) | unix.O_NOCTTY | unix.O_CLOEXEC
	if o.base == "" {
		if o.flags&unix.O_CREAT != 0 && o.flags&unix.O_EXCL != 0 {
			return -1, unix.EEXIST
		}
		fd, err := unix.Open("/proc/self/fd/"+strconv.Itoa(o.obj), flags, 0)
		if err != nil {
			return -1, errnoOf(err)
		}
		return fd, 0
	}
	fd, err := unix.Openat(o.obj, o.base, flags|unix.O_CREAT|unix.O_EXCL|unix.O_NOFOLLOW, o.mode)
	if err == unix.EEXIST && o.flags&unix.O_EXCL == 0 {
		return -1, errRace
	}
	if err != nil {
		return -1, errnoOf(err)
	}
	if o.fix {
		unix.Fchmod(fd, o.mode)
	}
	return fd, 0
}

func errnoOf(err error) unix.Errno {
	if e, ok := err.(unix.Errno); ok {
		return e
	}
	return unix.EIO
}

// prepareOpen resolves the file an open names, as the process would, and
// returns it when the supervisor can open it in the process's stead: the
// process has the supervisor's credentials, root and mount namespace, the
// file is a regular file (or a new one) outside pseudo-filesystems, and no
// magic link (/proc/PID/fd/N, /dev/stdout) is on the way. A lookup that
// fails as the process's own would (the file or its directory is not
// there, a part of the path is no directory, a directory is not
// searchable) returns that error, for the call to fail with: handing it
// to the kernel would let a link made meanwhile decide where it opens.
// Otherwise it returns nil and the kernel performs the open after the
// check.
func (s *Supervisor) prepareOpen(p *proc, ev *Event) (*opened, unix.Errno) {
	o := s.prepareOpen1(p, ev)
	if o == nil || o.errno == 0 {
		return o, 0
	}
	return nil, o.errno
}

// lookupFailed says whether a lookup's error is the process's own answer:
// one the kernel gives for the path as it is, whoever looks it up with
// the same credentials.
func lookupFailed(err error) bool {
	switch err {
	case unix.ENOENT, unix.ENOTDIR, unix.EACCES, unix.ENAMETOOLONG:
		return true
	}
	return false
}

func (s *Supervisor) prepareOpen1(p *proc, ev *Event) *opened {
	flags := int(ev.Flags)
	if flags&(unix.O_PATH|unix.O_TMPFILE|unix.O_DIRECTORY) != 0 || ev.RawPath == "" {
		return nil
	}
	if !s.sameView(p) {
		return nil
	}
	// An absolute path (and its directory's) is looked up from the
	// supervisor's root, which is the process's (sameView), whatever
	// descriptor openat2 is given; a relative one from the process's
	// directory, opened.
	dirfd := unix.AT_FDCWD
	if !filepath.IsAbs(ev.RawPath) {
		dir := "cwd"
		if ev.dirfd != unix.AT_FDCWD {
			dir = "fd/" + strconv.Itoa(int(ev.dirfd))
		}
		var err error
		if dirfd, err = unix.Open("/proc/"+strconv.Itoa(p.pid)+"/"+dir, unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0); err != nil {
			return nil
		}
		defer unix.Close(dirfd)
	}
	how := &unix.OpenHow{Flags: uint64(unix.O_PATH | unix.O_CLOEXEC | flags&unix.O_NOFOLLOW), Resolve: unix.RESOLVE_NO_MAGICLINKS}
	o := &opened{flags: flags}
	obj, err := unix.Openat2(dirfd, procSelf(ev.RawPath, p.pid), how)
	switch {
	case err == nil:
		if !ownMount(obj) { // mounts.go
			unix.Close(obj)
			return &opened{errno: unix.EPERM, obj: -1}
		}
		var st unix.Stat_t
		regular := unix.Fstat(obj, &st) == nil && st.Mode&unix.S_IFMT == unix.S_IFREG && !pseudo(obj)
		// The Decider gets the real path (/proc/self is the process's,
		// not the supervisor's), whoever opens it.
		real := fdLink(obj)
		if real != "" {
			ev.Path = real
		}
		// The credentials last, read only for a file the supervisor may
		// open (a device such as /dev/tty or /dev/null is left to the
		// kernel anyway).
		if !regular || !s.sameCreds(p, nil) {
			unix.Close(obj)
			return nil
		}
		o.obj = obj
		o.path = ev.Path
		o.resolved = filepath.IsAbs(real)
		return o
	case lookupFailed(err) && !(err == unix.ENOENT && flags&unix.O_CREAT != 0):
		if !s.sameCreds(p, nil) {
			return nil
		}
		return &opened{errno: err.(unix.Errno), obj: -1}
	case err == unix.ENOENT && flags&unix.O_CREAT != 0:
		dir, base := filepath.Split(ev.RawPath)
		if base == "" || base == "." || base == ".." {
			return nil
		}
		if dir == "" {
			dir = "."
		}
		var c creds
		if !s.sameCreds(p, &c) {
			return nil
		}
		how.Flags = unix.O_PATH | unix.O_DIRECTORY | unix.O_CLOEXEC
		obj, err := unix.Openat2(dirfd, dir, how)
		if lookupFailed(err) {
			return &opened{errno: err.(unix.Errno), obj: -1}
		}
		if err != nil {
			return nil
		}
		if !ownMount(obj) {
			unix.Close(obj)
			return &opened{errno: unix.EPERM, obj: -1}
		}
		if pseudo(obj) {
			unix.Close(obj)
			return nil
		}
		if target, ok := danglingTarget(obj, base); ok {
			// A dangling symbolic link: the kernel's O_CREAT follows it
			// and creates its target, so that is what is checked.
			ev.Path = target
			unix.Close(obj)
			return nil
		}
		o.obj, o.base = obj, base
		dirReal := fdLink(obj)
		o.path = filepath.Join(dirReal, base)
		o.resolved = filepath.IsAbs(dirReal)
		o.mode = ev.Mode & 07777 &^ c.umask
		o.fix = o.mode&s.self.umask != 0
		return o
	}
	return nil
}

// sameView says whether the process sees the filesystem as the
// supervisor does: the same root, mount namespace and user namespace
// (a root of its own user namespace has its capabilities there only),
// and no Landlock domain a process of the tree took on (handle.go).
func (s *Supervisor) sameView(p *proc) bool {
	if s.restricted.Load() {
		return false // a process of the tree sandboxed itself (handle.go)
	}
	if root, err := p.link("root"); err != nil || root != "/" {
		return false
	}
	if ns, err := p.link("ns/user"); err != nil || ns != s.self.userns {
		return false
	}
	ns, err := p.link("ns/mnt")
	return err == nil && ns == s.self.mntns
}

// sameCreds says whether the process has the supervisor's credentials;
// its creds are stored in c when c is not nil.
func (s *Supervisor) sameCreds(p *proc, c *creds) bool {
	got, err := readCreds(p.pid)
	if c != nil {
		*c = got
	}
	return err == nil && got.id == s.self.id
}

// procSelf rewrites a leading /proc/self or /proc/thread-self to the
// process's own pid: resolved by the supervisor, they would name the
// supervisor.
func procSelf(path string, pid int) string {
	for _, self := range []string{"/proc/self", "/proc/thread-self"} {
		if rest, ok := strings.CutPrefix(path, self); ok && (rest == "" || rest[0] == '/') {
			return "/proc/" + strconv.Itoa(pid) + rest
		}
	}
	return path
}

// inSupervisor says whether path is under /proc/PID of the supervisor
// (or one of its threads).
func inSupervisor(path string) bool {
	rest, ok := strings.CutPrefix(path, "/proc/")
	if !ok {
		return false
	}
	pid, _, _ := strings.Cut(rest, "/")
	n, err := strconv.Atoi(pid)
	return err == nil && n > 0 && tgid(n) == os.Getpid()
}

func pseudo(fd int) bool {
	var sf unix.Statfs_t
	return unix.Fstatfs(fd, &sf) != nil || pseudoFS[sf.Type]
}

func fdLink(fd int) string {
	l, _ := readlink("/proc/self/fd/" + strconv.Itoa(fd))
	return l
}

// danglingTarget says whether base in the directory open on dir is a
// symbolic link, and returns the path its chain of links ends at (links
// followed lexically, at most 40 as the kernel does): the file an open
// with O_CREAT creates through a dangling link.
func danglingTarget(dir int, base string) (string, bool) {
	var st unix.Stat_t
	if unix.Fstatat(dir, base, &st, unix.AT_SYMLINK_NOFOLLOW) != nil || st.Mode&unix.S_IFMT != unix.S_IFLNK {
		return "", false
	}
	path := filepath.Join(fdLink(dir), base)
	for range 40 {
		target, err := os.Readlink(path)
		if err != nil {
			return path, true // the end of the chain
		}
		if !filepath.IsAbs(target) {
			target = filepath.Join(filepath.Dir(path), target)
		}
		path = filepath.Clean(target)
	}
	return path, true
}
