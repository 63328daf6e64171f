package supervise

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

// TestMain lets the test binary be both the supervised helper (MaybeChild)
// and a harmless target program that tries real system calls on paths the
// test names (always inside t.TempDir()) and reports each result.
func TestMain(m *testing.M) {
	MaybeChild()
	switch os.Getenv("SUPERVISE_TEST_MODE") {
	case "container":
		os.Exit(forbidSeccompThenProbe())
	case "supervisor":
		os.Exit(superviseThenWait())
	}
	if acts := os.Getenv("SUPERVISE_TEST_DO"); acts != "" {
		os.Exit(runActions(strings.Split(acts, ";")))
	}
	os.Exit(m.Run())
}

// runActions performs each action ("unlink PATH", "open-w PATH",
// "open-r PATH", "rename OLD NEW", "kill -1", "chmod PATH") and prints
// "<action>: ok" or "<action>: <errno name>".
func runActions(acts []string) int {
	for _, act := range acts {
		f := strings.Fields(act)
		if len(f) == 0 {
			continue
		}
		var err error
		switch f[0] {
		case "unlink":
			err = unix.Unlink(f[1])
		case "rmdir":
			err = unix.Rmdir(f[1])
		case "rename":
			err = unix.Rename(f[1], f[2])
		case "open-w":
			var fd int
			fd, err = unix.Open(f[1], unix.O_WRONLY|unix.O_CREAT|unix.O_TRUNC, 0o644)
			if err == nil {
				_, err = unix.Write(fd, []byte("written\n"))
				unix.Close(fd)
			}
		case "open-r":
			var fd int
			fd, err = unix.Open(f[1], unix.O_RDONLY, 0)
			if err == nil {
				unix.Close(fd)
			}
		case "chmod":
			err = unix.Chmod(f[1], 0o600)
		case "landlock": // forbid itself every change to files (Landlock ABI 1)
			err = landlockReadOnly()
		case "kill":
			err = unix.Kill(-1, 0)
		case "nnp": // prints "nnp N: ok"
			data, _ := os.ReadFile("/proc/self/status")
			for _, l := range strings.Split(string(data), "\n") {
				if v, ok := strings.CutPrefix(l, "NoNewPrivs:"); ok {
					act += strings.TrimSpace(v)
				}
			}
		case "open-w-loop": // open-w-loop N PATH: N opens for writing
			n, _ := strconv.Atoi(f[1])
			for i := 0; i < n && err == nil; i++ {
				var fd int
				if fd, err = unix.Open(f[2], unix.O_WRONLY|unix.O_CREAT|unix.O_APPEND|unix.O_CLOEXEC, 0o644); err == nil {
					unix.Close(fd)
				}
			}
		case "exec-missing-loop": // exec-missing-loop N PATH: N execs of a program not there
			n, _ := strconv.Atoi(f[1])
			argv, envv := []string{f[2]}, []string{}
			for i := 0; i < n && err == nil; i++ {
				if err = unix.Exec(f[2], argv, envv); err == unix.ENOENT {
					err = nil
				}
			}
		case "open-r-loop": // open-r-loop N PATH: N opens for reading
			n, _ := strconv.Atoi(f[1])
			for i := 0; i < n && err == nil; i++ {
				var fd int
				if fd, err = unix.Open(f[2], unix.O_RDONLY|unix.O_CLOEXEC, 0); err == nil {
					unix.Close(fd)
				}
			}
		case "umask0-create": // a new file with mode 0666 under umask 0
			unix.Umask(0)
			var fd int
			if fd, err = unix.Open(f[1], unix.O_WRONLY|unix.O_CREAT, 0o666); err == nil {
				unix.Close(fd)
			}
		case "create-excl":
			var fd int
			if fd, err = unix.Open(f[1], unix.O_WRONLY|unix.O_CREAT|unix.O_EXCL, 0o644); err == nil {
				unix.Close(fd)
			}
		case "append": // append a line, through a relative path from the directory
			unix.Chdir(filepath.Dir(f[1]))
			var fd int
			if fd, err = unix.Open(filepath.Base(f[1]), unix.O_WRONLY|unix.O_APPEND, 0); err == nil {
				unix.Write(fd, []byte("appended\n"))
				unix.Close(fd)
			}
		case "seize-parent": // PTRACE_SEIZE does not stop the tracee
			_, _, e := unix.Syscall6(unix.SYS_PTRACE, unix.PTRACE_SEIZE, uintptr(os.Getppid()), 0, 0, 0, 0)
			if e != 0 {
				err = e
			} else {
				unix.Syscall6(unix.SYS_PTRACE, unix.PTRACE_DETACH, uintptr(os.Getppid()), 0, 0, 0, 0)
			}
		case "seize", "seize-child": // seize PID; seize-child: a child it starts
			var pid int
			if f[0] == "seize" {
				pid, _ = strconv.Atoi(f[1])
			} else {
				c := exec.Command("/bin/sleep", "5")
				if err = c.Start(); err != nil {
					break
				}
				defer c.Process.Kill()
				pid = c.Process.Pid
			}
			_, _, e := unix.Syscall6(unix.SYS_PTRACE, unix.PTRACE_SEIZE, uintptr(pid), 0, 0, 0, 0)
			if e != 0 {
				err = e
			} else {
				unix.Syscall6(unix.SYS_PTRACE, unix.PTRACE_DETACH, uintptr(pid), 0, 0, 0, 0)
			}
		case "vmread": // vmread PID: its first page of stack, or any byte
			pid, _ := strconv.Atoi(f[1])
			var b [8]byte
			local := []unix.Iovec{{Base: &b[0], Len: 8}}
			remote := []unix.RemoteIovec{{Base: 0x400000, Len: 8}}
			_, err = unix.ProcessVMReadv(pid, local, remote, 0)
			if err == unix.EFAULT || err == unix.EIO {
				err = nil // reached, at an address it does not map
			}
		case "tiocsti", "tioclinux": // push a byte into a new pseudo-terminal's input; paste a console's selection into it
			var m, sl int
			if m, err = unix.Open("/dev/ptmx", unix.O_RDWR|unix.O_NOCTTY, 0); err != nil {
				break
			}
			defer unix.Close(m)
			unix.IoctlSetPointerInt(m, unix.TIOCSPTLCK, 0)
			var n int
			if n, err = unix.IoctlGetInt(m, unix.TIOCGPTN); err != nil {
				break
			}
			if sl, err = unix.Open("/dev/pts/"+strconv.Itoa(n), unix.O_RDWR|unix.O_NOCTTY, 0); err != nil {
				break
			}
			defer unix.Close(sl)
			b, req := byte('x'), uintptr(unix.TIOCSTI)
			if f[0] == "tioclinux" {
				// TIOCL_PASTESEL. Not a console: unfiltered, the kernel
				// says ENOTTY or EINVAL, never EPERM.
				b, req = 3, unix.TIOCLINUX
			}
			_, _, e := unix.Syscall(unix.SYS_IOCTL, uintptr(sl), req, uintptr(unsafe.Pointer(&b)))
			if e != 0 {
				err = e
			}
		case "vmread-parent":
			var b [8]byte
			local := []unix.Iovec{{Base: &b[0], Len: 8}}
			remote := []unix.RemoteIovec{{Base: 0x400000, Len: 8}}
			_, err = unix.ProcessVMReadv(os.Getppid(), local, remote, 0)
		case "ready", "done":
		case "wait": // until the file exists, without a reported call
			for !fileExists(f[1]) {
				time.Sleep(5 * time.Millisecond)
			}
		case "kill-self":
			err = unix.Kill(os.Getpid(), 0)
		case "truncate":
			err = unix.Truncate(f[1], 0)
		case "rename-loop": // rename-loop N A B: A to B and back, N times
			n, _ := strconv.Atoi(f[1])
			for i := 0; i < n && err == nil; i++ {
				if err = unix.Rename(f[2], f[3]); err == nil {
					err = unix.Rename(f[3], f[2])
				}
			}
		case "open-trunc": // for writing, emptied, never created
			var fd int
			if fd, err = unix.Open(f[1], unix.O_WRONLY|unix.O_TRUNC, 0); err == nil {
				unix.Close(fd)
			}
		case "chown": // to the owner it has, through the path
			err = unix.Chown(f[1], os.Getuid(), -1)
		case "link":
			err = unix.Link(f[1], f[2])
		case "symlink":
			err = unix.Symlink(f[1], f[2])
		case "unlinkat": // unlinkat DIR NAME: relative to a descriptor of DIR
			var dfd int
			if dfd, err = unix.Open(f[1], unix.O_PATH|unix.O_DIRECTORY, 0); err == nil {
				err = unix.Unlinkat(dfd, f[2], 0)
				unix.Close(dfd)
			}
		case "rmdir-rel": // rmdir-rel DIR NAME: from DIR as the working directory
			unix.Chdir(f[1])
			err = unix.Rmdir(f[2])
		default:
			err = fmt.Errorf("unknown action %q", f[0])
		}
		fmt.Printf("%s: %s\n", act, errName(err))
	}
	return 0
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

func errName(err error) string {
	if err == nil {
		return "ok"
	}
	var e unix.Errno
	if errors.As(err, &e) {
		return unix.ErrnoName(e)
	}
	return err.Error()
}

// landlockReadOnly restricts the calling thread, as a self-sandboxing
// program does, to no change of any file (Landlock's 13 first rights).
func landlockReadOnly() error {
	runtime.LockOSThread() // the domain is the thread's, and what it starts
	attr := [1]uint64{1<<13 - 1}
	fd, _, e := unix.Syscall(unix.SYS_LANDLOCK_CREATE_RULESET, uintptr(unsafe.Pointer(&attr[0])), 8, 0)
	if e != 0 {
		return e
	}
	defer unix.Close(int(fd))
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return err
	}
	if _, _, e := unix.Syscall(unix.SYS_LANDLOCK_RESTRICT_SELF, fd, 0, 0); e != 0 {
		return e
	}
	return nil
}
