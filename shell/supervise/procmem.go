package supervise

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/sys/unix"
)

// Bounds on what is read from a process: beyond them the call is refused
// (fail closed) rather than checked on a part.
const (
	maxPath    = unix.PathMax
	maxArgs    = 1 << 16
	maxArgSize = 4 << 20 // ARG_MAX is at most a quarter of the stack limit
)

// errFault says the process passed a pointer the supervisor cannot read;
// the kernel would have answered EFAULT.
var errFault = errors.New("bad address")

// proc reads one notifying process: its memory with process_vm_readv
// (or, where that is refused, through /proc/PID/mem) and its directories
// and descriptors through /proc/PID. Both name the process by its pid:
// what they read is the notifying process's only if the notification is
// still pending afterwards (idValid), which handle checks after the last
// read and before anything is decided.
type proc struct {
	pid  int
	mem  int  // descriptor of /proc/PID/mem once needed; -1 before
	vm   bool // process_vm_readv works for this process
	left int  // bytes of argv and envp still allowed
	// pages caches the pages read: argv, envp and their strings sit
	// together on a few pages of the stack, and each read of
	// /proc/PID/mem costs a walk of the process's page tables.
	pages [cachedPages]page
	next  int
	// cwd, root and mount namespace, once read for this notification.
	cwd, root, mntns string
}

type page struct {
	addr uint64 // 1: empty
	n    int
	data [pageSize]byte
}

const (
	pageSize    = 4096
	cachedPages = 4
)

// procs keeps the readers (and their 16 KiB of pages) from one
// notification to the next: allocating them for each made the Go heap
// grow and shrink, and its pages fault in again, at every call.
var procs = sync.Pool{New: func() any { return new(proc) }}

// openProc prepares the reading of process pid. Nothing is read yet: a
// process that cannot be read fails its first read.
func openProc(pid int) *proc {
	p := procs.Get().(*proc)
	p.pid, p.mem, p.vm, p.left, p.next = pid, -1, true, maxArgSize, 0
	p.cwd, p.root, p.mntns = "", "", ""
	for i := range p.pages {
		p.pages[i].addr = 1
	}
	return p
}

// close releases the reader; p is not used afterwards.
func (p *proc) close() {
	if p.mem >= 0 {
		unix.Close(p.mem)
		p.mem = -1
	}
	procs.Put(p)
}

// errUnreadable says the process's memory cannot be read at all (the call
// is refused with EPERM, as before anything is decided).
var errUnreadable = errors.New("cannot read the process's memory")

// readMem reads the process's memory at addr into b: with one
// process_vm_readv, which needs no descriptor, or, where it is refused
// (a security module, a kernel without it), with a pread of /proc/PID/mem.
func (p *proc) readMem(b []byte, addr uint64) (int, error) {
	if p.vm {
		local := []unix.Iovec{{Base: &b[0], Len: uint64(len(b))}}
		remote := []unix.RemoteIovec{{Base: uintptr(addr), Len: len(b)}}
		n, err := unix.ProcessVMReadv(p.pid, local, remote, 0)
		if err != unix.EPERM && err != unix.ENOSYS {
			return n, err
		}
		p.vm = false
	}
	if p.mem < 0 {
		fd, err := unix.Open("/proc/"+strconv.Itoa(p.pid)+"/mem", unix.O_RDONLY|unix.O_CLOEXEC, 0)
		if err != nil {
			return 0, fmt.Errorf("%w: %v", errUnreadable, err)
		}
		p.mem = fd
	}
	return unix.Pread(p.mem, b, int64(addr))
}

// readPage returns what can be read of the page holding addr, from addr.
func (p *proc) readPage(addr uint64) ([]byte, error) {
	base := addr &^ (pageSize - 1)
	var pg *page
	for i := range p.pages {
		if p.pages[i].addr == base {
			pg = &p.pages[i]
			break
		}
	}
	if pg == nil {
		pg = &p.pages[p.next]
		p.next = (p.next + 1) % cachedPages
		n, err := p.readMem(pg.data[:], base)
		if n <= 0 {
			pg.addr = 1
			if errors.Is(err, errUnreadable) {
				return nil, err
			}
			if err == nil {
				err = unix.EIO
			}
			return nil, fmt.Errorf("%w: %v", errFault, err)
		}
		pg.addr, pg.n = base, n
	}
	off := int(addr - base)
	if off >= pg.n {
		return nil, errFault
	}
	return pg.data[off:pg.n], nil
}

// str reads the NUL-terminated string at addr, at most max bytes.
func (p *proc) str(addr uint64, max int) (string, error) {
	if addr == 0 {
		return "", errFault
	}
	var out []byte
	for len(out) < max {
		b, err := p.readPage(addr)
		if err != nil {
			return "", err
		}
		if i := bytes.IndexByte(b, 0); i >= 0 {
			if out == nil {
				return string(b[:i]), nil
			}
			return string(append(out, b[:i]...)), nil
		}
		out = append(out, b...)
		addr += uint64(len(b))
	}
	return "", fmt.Errorf("string longer than %d bytes", max)
}

func (p *proc) word(addr uint64) (uint64, error) {
	var b [8]byte
	for i := 0; i < 8; {
		chunk, err := p.readPage(addr + uint64(i))
		if err != nil {
			return 0, err
		}
		i += copy(b[i:], chunk)
	}
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56, nil
}

// strv reads a NULL-terminated array of strings (argv, envp).
func (p *proc) strv(addr uint64) ([]string, error) {
	if addr == 0 {
		return nil, nil // Linux takes a NULL argv or envp as empty
	}
	var out []string
	for i := 0; ; i++ {
		if i >= maxArgs {
			return nil, errors.New("too many arguments")
		}
		ptr, err := p.word(addr + uint64(8*i))
		if err != nil {
			return nil, err
		}
		if ptr == 0 {
			return out, nil
		}
		s, err := p.str(ptr, p.left)
		if err != nil {
			return nil, err
		}
		p.left -= len(s) + 1
		out = append(out, s)
	}
}

// link reads one of the process's links under /proc/PID (cwd, root,
// fd/N, ns/mnt); cwd, root and ns/mnt are read once per notification.
func (p *proc) link(name string) (string, error) {
	var cache *string
	switch name {
	case "cwd":
		cache = &p.cwd
	case "root":
		cache = &p.root
	case "ns/mnt":
		cache = &p.mntns
	}
	if cache != nil && *cache != "" {
		return *cache, nil
	}
	l, err := readlink("/proc/" + strconv.Itoa(p.pid) + "/" + name)
	if err == nil && cache != nil {
		*cache = l
	}
	return l, err
}

// dir returns the directory a path relative to dirfd is resolved from:
// the working directory for AT_FDCWD, else the directory open on dirfd.
func (p *proc) dir(dirfd int32) (string, error) {
	if dirfd == unix.AT_FDCWD {
		return p.link("cwd")
	}
	if dirfd < 0 {
		return "", unix.EBADF
	}
	return p.link("fd/" + strconv.Itoa(int(dirfd)))
}

// resolve makes path absolute the way the kernel would start resolving
// it: relative to dirfd, and inside the process's root. Symbolic links
// are not followed here.
func (p *proc) resolve(dirfd int32, path string) (string, error) {
	if !filepath.IsAbs(path) {
		d, err := p.dir(dirfd)
		if err != nil {
			return "", err
		}
		path = d + "/" + path
	}
	root, err := p.link("root")
	if err != nil {
		return "", err
	}
	if root != "/" {
		return filepath.Join(root, path), nil
	}
	return dotDot(path, p.pid), nil
}

// dotDot cleans an absolute path as the kernel resolves it: a ".." goes
// up from where the links before it lead (l/../x, with l a link to
// /etc/ssh, is /etc/x), not from the link's own directory, as a lexical
// clean would have it. The part up to the last ".." is resolved with its
// links followed (the process's /proc/self is its own); when it cannot
// be (it is not there, and the call will fail), the path is cleaned
// lexically.
func dotDot(path string, pid int) string {
	end := -1
	for i := 0; i+2 <= len(path); i++ {
		if path[i:i+2] == ".." && (i == 0 || path[i-1] == '/') && (i+2 == len(path) || path[i+2] == '/') {
			end = i + 2
		}
	}
	if end < 0 {
		return filepath.Clean(path)
	}
	if r, err := filepath.EvalSymlinks(procSelf(path[:end], pid)); err == nil {
		return filepath.Clean(r + "/" + path[end:])
	}
	return filepath.Clean(path)
}

// pathArg reads the path argument at addr and resolves it against dirfd.
// It returns the path as written and as resolved.
func (p *proc) pathArg(dirfd int32, addr uint64) (raw, abs string, err error) {
	raw, err = p.str(addr, maxPath)
	if err != nil {
		return "", "", err
	}
	if raw == "" {
		return "", "", unix.ENOENT
	}
	abs, err = p.resolve(dirfd, raw)
	return raw, abs, err
}

// readlink is os.Readlink without its retries and allocations for the
// short links of /proc.
func readlink(path string) (string, error) {
	var buf [unix.PathMax]byte
	n, err := unix.Readlink(path, buf[:])
	if err != nil {
		return "", &os.PathError{Op: "readlink", Path: path, Err: err}
	}
	return string(buf[:n]), nil
}

// comm returns the process's name, "" if unknown.
func (p *proc) comm() string {
	fd, err := unix.Open("/proc/"+strconv.Itoa(p.pid)+"/comm", unix.O_RDONLY|unix.O_CLOEXEC, 0)
	if err != nil {
		return ""
	}
	defer unix.Close(fd)
	var buf [64]byte
	n, _ := unix.Read(fd, buf[:])
	return strings.TrimSuffix(string(buf[:max(n, 0)]), "\n")
}
