package supervise

import (
	"fmt"

	"golang.org/x/sys/unix"
)

// Return values of the filter (linux/seccomp.h).
const (
	retAllow  = 0x7fff0000 // SECCOMP_RET_ALLOW
	retNotify = 0x7fc00000 // SECCOMP_RET_USER_NOTIF
	retErrno  = 0x00050000 // SECCOMP_RET_ERRNO | errno
)

// x32 system calls carry this bit in their number on x86_64.
const x32SyscallBit = 0x40000000

// Offsets in struct seccomp_data.
const (
	offNr   = 0
	offArch = 4
	offArgs = 16 // args[i] at 16+8*i; the low 32 bits first (little-endian)
)

// writeOpenFlags are the open flags that make an open a write:
// O_WRONLY|O_RDWR|O_CREAT|O_TRUNC|O_APPEND. O_TMPFILE needs O_WRONLY or
// O_RDWR, so it is caught too.
const writeOpenFlags = unix.O_WRONLY | unix.O_RDWR | unix.O_CREAT | unix.O_TRUNC | unix.O_APPEND

// alwaysNotify lists the system calls every call of which is reported.
var alwaysNotify = []uint32{
	unix.SYS_EXECVE, unix.SYS_EXECVEAT,
	// creat always writes; openat2's flags are in a struct the filter
	// cannot read, and almost nothing uses it, so every openat2 is reported.
	unix.SYS_CREAT, unix.SYS_OPENAT2,
	// open_by_handle_at opens by a handle, not a path; it needs
	// CAP_DAC_READ_SEARCH and is rare.
	unix.SYS_OPEN_BY_HANDLE_AT,
	unix.SYS_UNLINK, unix.SYS_UNLINKAT, unix.SYS_RMDIR,
	unix.SYS_RENAME, unix.SYS_RENAMEAT, unix.SYS_RENAMEAT2,
	unix.SYS_TRUNCATE,
	// fchmod and fchown work on a descriptor opened for reading.
	unix.SYS_CHMOD, unix.SYS_FCHMOD, unix.SYS_FCHMODAT, unix.SYS_FCHMODAT2,
	unix.SYS_CHOWN, unix.SYS_FCHOWN, unix.SYS_LCHOWN, unix.SYS_FCHOWNAT,
	unix.SYS_MKNOD, unix.SYS_MKNODAT,
	unix.SYS_LINK, unix.SYS_LINKAT, unix.SYS_SYMLINK, unix.SYS_SYMLINKAT,
	unix.SYS_MOUNT, unix.SYS_UMOUNT2, unix.SYS_PIVOT_ROOT, unix.SYS_CHROOT,
	// The new mount API.
	unix.SYS_FSOPEN, unix.SYS_FSCONFIG, unix.SYS_FSMOUNT, unix.SYS_FSPICK,
	unix.SYS_MOVE_MOUNT, unix.SYS_OPEN_TREE, unix.SYS_MOUNT_SETATTR, unix.SYS_OPEN_TREE_ATTR,
	unix.SYS_SWAPON, unix.SYS_SWAPOFF, unix.SYS_REBOOT,
	unix.SYS_INIT_MODULE, unix.SYS_FINIT_MODULE, unix.SYS_DELETE_MODULE,
	unix.SYS_KEXEC_LOAD, unix.SYS_KEXEC_FILE_LOAD,
	// A process that sandboxes itself (Landlock) has fewer rights than
	// the supervisor, which from then on performs nothing for the tree
	// (handle.go).
	unix.SYS_LANDLOCK_RESTRICT_SELF,
}

// refusedENOSYS lists the system calls that fail with ENOSYS without
// being reported: io_uring performs opens, unlinks and renames without
// system calls the filter could see, and programs fall back when the
// kernel lacks it.
var refusedENOSYS = []uint32{unix.SYS_IO_URING_SETUP}

// refusedEPERM lists the system calls that fail with EPERM without being
// reported: pidfd_getfd would let a process (root, or one allowed to
// ptrace) copy the supervisor's listener and answer its own calls. An
// ioctl TIOCSTI or TIOCLINUX fails so too (buildFilter).
var refusedEPERM = []uint32{unix.SYS_PIDFD_GETFD}

// traceCalls reach into another process: the supervisor refuses them
// when aimed at itself (ptrace only for PTRACE_ATTACH and PTRACE_SEIZE).
var traceCalls = []uint32{unix.SYS_PROCESS_VM_WRITEV, unix.SYS_PROCESS_VM_READV}

// forkCalls are reported only when the supervisor counts processes.
var forkCalls = []uint32{unix.SYS_FORK, unix.SYS_VFORK, unix.SYS_CLONE3}

// filterOptions says what the filter reports beyond the fixed set.
type filterOptions struct {
	countForks bool // report fork, vfork, clone3 and clone without CLONE_THREAD
}

// asm is a tiny assembler for classic BPF with forward labels.
type asm struct {
	prog   []unix.SockFilter
	labels map[string]int
	fixups []fixup
}

type fixup struct {
	at     int
	jt, jf string
}

func (a *asm) stmt(code uint16, k uint32) {
	a.prog = append(a.prog, unix.SockFilter{Code: code, K: k})
}

// jump adds a conditional jump to label jt if the test holds, else to jf
// ("" is the next instruction).
func (a *asm) jump(code uint16, k uint32, jt, jf string) {
	a.fixups = append(a.fixups, fixup{at: len(a.prog), jt: jt, jf: jf})
	a.prog = append(a.prog, unix.SockFilter{Code: code, K: k})
}

func (a *asm) label(name string) { a.labels[name] = len(a.prog) }

func (a *asm) resolve() ([]unix.SockFilter, error) {
	for _, f := range a.fixups {
		for _, l := range []struct {
			name string
			dst  *uint8
		}{{f.jt, &a.prog[f.at].Jt}, {f.jf, &a.prog[f.at].Jf}} {
			if l.name == "" {
				continue
			}
			to, ok := a.labels[l.name]
			if !ok {
				return nil, fmt.Errorf("bpf: no label %q", l.name)
			}
			off := to - f.at - 1
			if off < 0 || off > 255 {
				return nil, fmt.Errorf("bpf: jump to %q out of range (%d)", l.name, off)
			}
			*l.dst = uint8(off)
		}
	}
	return a.prog, nil
}

const (
	ldAbs = unix.BPF_LD | unix.BPF_W | unix.BPF_ABS
	jeq   = unix.BPF_JMP | unix.BPF_JEQ | unix.BPF_K
	jge   = unix.BPF_JMP | unix.BPF_JGE | unix.BPF_K
	jset  = unix.BPF_JMP | unix.BPF_JSET | unix.BPF_K
	ret   = unix.BPF_RET | unix.BPF_K
)

// buildFilter returns the seccomp program: every call of another
// architecture (i386 through int 0x80, x32) fails with ENOSYS, which
// fails closed; the calls above are reported to the supervisor; the rest
// are allowed.
func buildFilter(o filterOptions) ([]unix.SockFilter, error) {
	a := &asm{labels: map[string]int{}}
	a.stmt(ldAbs, offArch)
	a.jump(jeq, unix.AUDIT_ARCH_X86_64, "", "enosys")
	a.stmt(ldAbs, offNr)
	a.jump(jge, x32SyscallBit, "enosys", "")
	for _, nr := range alwaysNotify {
		a.jump(jeq, nr, "notify", "")
	}
	for _, nr := range refusedENOSYS {
		a.jump(jeq, nr, "enosys", "")
	}
	for _, nr := range refusedEPERM {
		a.jump(jeq, nr, "eperm", "")
	}
	for _, nr := range traceCalls {
		a.jump(jeq, nr, "notify", "")
	}
	a.jump(jeq, unix.SYS_PTRACE, "ptrace", "")
	a.jump(jeq, unix.SYS_IOCTL, "ioctl", "")
	a.jump(jeq, unix.SYS_OPEN, "open", "")
	a.jump(jeq, unix.SYS_OPENAT, "openat", "")
	// Signals: kill(pid <= 0 or 1) and the like reach many processes or init.
	a.jump(jeq, unix.SYS_KILL, "sigpid", "")
	a.jump(jeq, unix.SYS_RT_SIGQUEUEINFO, "sigpid", "")
	a.jump(jeq, unix.SYS_TKILL, "pid1", "")
	a.jump(jeq, unix.SYS_TGKILL, "pid1", "")
	a.jump(jeq, unix.SYS_RT_TGSIGQUEUEINFO, "pid1", "")
	a.jump(jeq, unix.SYS_PIDFD_OPEN, "pid1", "")
	if o.countForks {
		for _, nr := range forkCalls {
			a.jump(jeq, nr, "notify", "")
		}
		a.jump(jeq, unix.SYS_CLONE, "clone", "")
	}
	a.stmt(ret, retAllow)

	a.label("open") // open(path, flags, mode)
	a.stmt(ldAbs, offArgs+8*1)
	a.jump(jset, writeOpenFlags, "notify", "allow")
	a.label("openat") // openat(dirfd, path, flags, mode)
	a.stmt(ldAbs, offArgs+8*2)
	a.jump(jset, writeOpenFlags, "notify", "allow")
	a.label("sigpid") // pid_t is 32 bits: negative, 0 or 1
	a.stmt(ldAbs, offArgs)
	a.jump(jset, 0x80000000, "notify", "")
	a.jump(jeq, 0, "notify", "")
	a.label("pid1")
	a.stmt(ldAbs, offArgs)
	a.jump(jeq, 1, "notify", "allow")
	a.label("ptrace") // ptrace(request, pid, ...)
	a.stmt(ldAbs, offArgs)
	a.jump(jeq, unix.PTRACE_ATTACH, "notify", "")
	a.jump(jeq, unix.PTRACE_SEIZE, "notify", "allow")
	// ioctl(fd, request, ...): TIOCSTI pushes bytes into a terminal's
	// input as if typed, where the shell that started guardsh reads them
	// once the line is over and runs them unsupervised (red team). The
	// kernel reads request as 32 bits, as this test does. TIOCLINUX's
	// paste (a virtual console's selection into its input) does the same
	// on a console; its other subcodes (blanking, the selection's mode)
	// fail too, as the filter cannot read the subcode from memory.
	a.label("ioctl")
	a.stmt(ldAbs, offArgs+8*1)
	a.jump(jeq, unix.TIOCSTI, "eperm", "")
	a.jump(jeq, unix.TIOCLINUX, "eperm", "allow")
	if o.countForks {
		a.label("clone") // clone(flags, ...): a thread is not a process
		a.stmt(ldAbs, offArgs)
		a.jump(jset, unix.CLONE_THREAD, "allow", "notify")
	}
	// Classic BPF jumps only forward: the answers come last.
	a.label("allow")
	a.stmt(ret, retAllow)
	a.label("notify")
	a.stmt(ret, retNotify)
	a.label("enosys")
	a.stmt(ret, retErrno|uint32(unix.ENOSYS))
	a.label("eperm")
	a.stmt(ret, retErrno|uint32(unix.EPERM))
	return a.resolve()
}
