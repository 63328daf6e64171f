package supervise

import (
	"encoding/binary"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// runBPF interprets the few classic BPF instructions buildFilter emits on
// one struct seccomp_data.
func runBPF(t *testing.T, prog []unix.SockFilter, d seccompData) uint32 {
	t.Helper()
	var buf [64]byte
	binary.LittleEndian.PutUint32(buf[0:], uint32(d.Nr))
	binary.LittleEndian.PutUint32(buf[4:], d.Arch)
	binary.LittleEndian.PutUint64(buf[8:], d.InstructionPointer)
	for i, a := range d.Args {
		binary.LittleEndian.PutUint64(buf[16+8*i:], a)
	}
	var acc uint32
	for pc := 0; pc < len(prog); pc++ {
		in := prog[pc]
		switch in.Code {
		case ldAbs:
			acc = binary.LittleEndian.Uint32(buf[in.K:])
		case ret:
			return in.K
		case jeq, jge, jset:
			var ok bool
			switch in.Code {
			case jeq:
				ok = acc == in.K
			case jge:
				ok = acc >= in.K
			case jset:
				ok = acc&in.K != 0
			}
			if ok {
				pc += int(in.Jt)
			} else {
				pc += int(in.Jf)
			}
		default:
			t.Fatalf("unexpected instruction %#x at %d", in.Code, pc)
		}
	}
	t.Fatal("the program fell off its end")
	return 0
}

func call(nr int, args ...uint64) seccompData {
	d := seccompData{Nr: int32(nr), Arch: unix.AUDIT_ARCH_X86_64}
	copy(d.Args[:], args)
	return d
}

const minus1 = 0xffffffffffffffff

func TestFilter(t *testing.T) {
	enosys := uint32(retErrno | uint32(unix.ENOSYS))
	cases := []struct {
		name  string
		count bool
		d     seccompData
		want  uint32
	}{
		{"execve", false, call(unix.SYS_EXECVE), retNotify},
		{"execveat", false, call(unix.SYS_EXECVEAT), retNotify},
		{"openat read", false, call(unix.SYS_OPENAT, minus1, 0, unix.O_RDONLY|unix.O_CLOEXEC), retAllow},
		{"openat directory", false, call(unix.SYS_OPENAT, minus1, 0, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW), retAllow},
		{"openat write", false, call(unix.SYS_OPENAT, minus1, 0, unix.O_WRONLY), retNotify},
		{"openat rdwr", false, call(unix.SYS_OPENAT, minus1, 0, unix.O_RDWR), retNotify},
		{"openat creat", false, call(unix.SYS_OPENAT, minus1, 0, unix.O_CREAT), retNotify},
		{"openat trunc", false, call(unix.SYS_OPENAT, minus1, 0, unix.O_TRUNC), retNotify},
		{"openat append", false, call(unix.SYS_OPENAT, minus1, 0, unix.O_APPEND), retNotify},
		{"openat tmpfile", false, call(unix.SYS_OPENAT, minus1, 0, unix.O_TMPFILE|unix.O_WRONLY), retNotify},
		{"open read", false, call(unix.SYS_OPEN, 0, unix.O_RDONLY), retAllow},
		{"open write", false, call(unix.SYS_OPEN, 0, unix.O_WRONLY|unix.O_CREAT), retNotify},
		{"creat", false, call(unix.SYS_CREAT), retNotify},
		{"openat2 any", false, call(unix.SYS_OPENAT2), retNotify},
		{"unlinkat", false, call(unix.SYS_UNLINKAT), retNotify},
		{"renameat2", false, call(unix.SYS_RENAMEAT2), retNotify},
		{"fchmod", false, call(unix.SYS_FCHMOD), retNotify},
		{"mount", false, call(unix.SYS_MOUNT), retNotify},
		{"move_mount", false, call(unix.SYS_MOVE_MOUNT), retNotify},
		{"reboot", false, call(unix.SYS_REBOOT), retNotify},
		{"finit_module", false, call(unix.SYS_FINIT_MODULE), retNotify},
		{"kill -1", false, call(unix.SYS_KILL, minus1, 9), retNotify},
		{"kill 0", false, call(unix.SYS_KILL, 0, 9), retNotify},
		{"kill 1", false, call(unix.SYS_KILL, 1, 9), retNotify},
		{"kill -pgrp", false, call(unix.SYS_KILL, uint64(0xffffffff_fffffc18), 9), retNotify},
		{"kill 1234", false, call(unix.SYS_KILL, 1234, 9), retAllow},
		{"kill pid with high garbage", false, call(unix.SYS_KILL, 0x1_00000001, 9), retNotify},
		{"tgkill 1", false, call(unix.SYS_TGKILL, 1, 1, 9), retNotify},
		{"tgkill 1234", false, call(unix.SYS_TGKILL, 1234, 1235, 9), retAllow},
		{"pidfd_open 1", false, call(unix.SYS_PIDFD_OPEN, 1, 0), retNotify},
		{"read", false, call(unix.SYS_READ), retAllow},
		{"write", false, call(unix.SYS_WRITE), retAllow},
		{"ftruncate", false, call(unix.SYS_FTRUNCATE), retAllow},
		{"clone uncounted", false, call(unix.SYS_CLONE, uint64(unix.SIGCHLD)), retAllow},
		{"fork uncounted", false, call(unix.SYS_FORK), retAllow},
		{"clone counted", true, call(unix.SYS_CLONE, uint64(unix.SIGCHLD)), retNotify},
		{"clone thread counted", true, call(unix.SYS_CLONE, unix.CLONE_VM|unix.CLONE_THREAD|unix.CLONE_SIGHAND), retAllow},
		{"clone3 counted", true, call(unix.SYS_CLONE3), retNotify},
		{"vfork counted", true, call(unix.SYS_VFORK), retNotify},
		{"pidfd_getfd", false, call(unix.SYS_PIDFD_GETFD), retErrno | uint32(unix.EPERM)},
		{"ptrace attach", false, call(unix.SYS_PTRACE, unix.PTRACE_ATTACH, 1234), retNotify},
		{"ptrace seize", false, call(unix.SYS_PTRACE, unix.PTRACE_SEIZE, 1234), retNotify},
		{"ptrace traceme", false, call(unix.SYS_PTRACE, unix.PTRACE_TRACEME), retAllow},
		{"ptrace peek", false, call(unix.SYS_PTRACE, unix.PTRACE_PEEKDATA, 1234), retAllow},
		{"process_vm_writev", false, call(unix.SYS_PROCESS_VM_WRITEV, 1234), retNotify},
		{"io_uring_setup", false, call(unix.SYS_IO_URING_SETUP), enosys},
		{"ioctl TIOCSTI", false, call(unix.SYS_IOCTL, 0, unix.TIOCSTI), retErrno | uint32(unix.EPERM)},
		{"ioctl TIOCSTI high bits", false, call(unix.SYS_IOCTL, 0, 0xffffffff_00000000|unix.TIOCSTI), retErrno | uint32(unix.EPERM)},
		{"ioctl TIOCLINUX", false, call(unix.SYS_IOCTL, 0, unix.TIOCLINUX), retErrno | uint32(unix.EPERM)},
		{"ioctl TIOCLINUX high bits", false, call(unix.SYS_IOCTL, 0, 0xffffffff_00000000|unix.TIOCLINUX), retErrno | uint32(unix.EPERM)},
		{"ioctl TCGETS", false, call(unix.SYS_IOCTL, 0, unix.TCGETS), retAllow},
		{"ioctl TIOCGWINSZ", false, call(unix.SYS_IOCTL, 1, unix.TIOCGWINSZ), retAllow},
		{"x32 read", false, call(unix.SYS_READ | x32SyscallBit), enosys},
		{"x32 openat", false, call(unix.SYS_OPENAT|x32SyscallBit, 0, 0, unix.O_RDONLY), enosys},
		{"i386 anything", false, seccompData{Nr: 11, Arch: unix.AUDIT_ARCH_I386}, enosys},
	}
	for _, c := range cases {
		t.Run(strings.ReplaceAll(c.name, " ", "_"), func(t *testing.T) {
			prog, err := buildFilter(filterOptions{countForks: c.count})
			if err != nil {
				t.Fatal(err)
			}
			if got := runBPF(t, prog, c.d); got != c.want {
				t.Errorf("got %#x, want %#x", got, c.want)
			}
		})
	}
}

// Every call the filter reports is one the supervisor knows how to read:
// an unknown one would be refused.
func TestEveryReportedCallIsDecoded(t *testing.T) {
	for _, nr := range alwaysNotify {
		if nr == unix.SYS_LANDLOCK_RESTRICT_SELF {
			continue // read nothing of: handled before (handle.go)
		}
		if _, ok := calls[int32(nr)]; !ok {
			t.Errorf("syscall %d is reported but not decoded", nr)
		}
	}
	for _, nr := range []int{unix.SYS_OPEN, unix.SYS_OPENAT, unix.SYS_KILL, unix.SYS_TKILL, unix.SYS_TGKILL,
		unix.SYS_RT_SIGQUEUEINFO, unix.SYS_RT_TGSIGQUEUEINFO, unix.SYS_PIDFD_OPEN} {
		if _, ok := calls[int32(nr)]; !ok {
			t.Errorf("syscall %d is reported but not decoded", nr)
		}
	}
}
