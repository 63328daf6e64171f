package supervise

import (
	"strconv"

	"golang.org/x/sys/unix"
)

// callInfo says how to read one reported call.
type callInfo struct {
	name string
	kind Kind
	read func(p *proc, a *[6]uint64, ev *Event) error
}

// Argument layouts shared by several calls.
func pathAt(dirArg, pathArg int) func(p *proc, a *[6]uint64, ev *Event) error {
	return func(p *proc, a *[6]uint64, ev *Event) (err error) {
		dirfd := int32(unix.AT_FDCWD)
		if dirArg >= 0 {
			dirfd = int32(a[dirArg])
		}
		ev.dirfd = dirfd
		ev.RawPath, ev.Path, err = p.pathArg(dirfd, a[pathArg])
		return err
	}
}

func twoPaths(d1, p1, d2, p2 int) func(p *proc, a *[6]uint64, ev *Event) error {
	return func(p *proc, a *[6]uint64, ev *Event) (err error) {
		dir := func(i int) int32 {
			if i < 0 {
				return unix.AT_FDCWD
			}
			return int32(a[i])
		}
		if ev.RawPath, ev.Path, err = p.pathArg(dir(d1), a[p1]); err != nil {
			return err
		}
		ev.RawPath2, ev.Path2, err = p.pathArg(dir(d2), a[p2])
		return err
	}
}

// pathAtEmpty is a *at call whose flags argument may hold AT_EMPTY_PATH,
// making it a call on the descriptor dirfd itself.
func pathAtEmpty(dirArg, pathArg, flagsArg int) func(p *proc, a *[6]uint64, ev *Event) error {
	return func(p *proc, a *[6]uint64, ev *Event) (err error) {
		ev.Flags = a[flagsArg]
		dirfd := int32(a[dirArg])
		ev.RawPath, err = p.str(a[pathArg], maxPath)
		if err != nil {
			return err
		}
		if ev.RawPath == "" && ev.Flags&unix.AT_EMPTY_PATH != 0 {
			ev.dirfd, ev.onFD = dirfd, true
			ev.Path, err = p.fdPath(dirfd)
			return err
		}
		if ev.RawPath == "" {
			return unix.ENOENT
		}
		ev.Path, err = p.resolve(dirfd, ev.RawPath)
		return err
	}
}

func onFD(fdArg int) func(p *proc, a *[6]uint64, ev *Event) error {
	return func(p *proc, a *[6]uint64, ev *Event) (err error) {
		ev.Path, err = p.fdPath(int32(a[fdArg]))
		return err
	}
}

func (p *proc) fdPath(fd int32) (string, error) {
	if fd < 0 {
		return "", unix.EBADF
	}
	return p.link("fd/" + strconv.Itoa(int(fd)))
}

func with(f func(p *proc, a *[6]uint64, ev *Event) error, g func(a *[6]uint64, ev *Event)) func(p *proc, a *[6]uint64, ev *Event) error {
	return func(p *proc, a *[6]uint64, ev *Event) error {
		g(a, ev)
		return f(p, a, ev)
	}
}

func none(*proc, *[6]uint64, *Event) error { return nil }

func signal(pidArg, sigArg int) func(p *proc, a *[6]uint64, ev *Event) error {
	return func(p *proc, a *[6]uint64, ev *Event) error {
		ev.TargetPid = int(int32(a[pidArg]))
		if sigArg >= 0 {
			ev.Signal = int(int32(a[sigArg]))
		}
		return nil
	}
}

func readExec(dirArg, pathArg, argvArg, envArg, flagsArg int) func(p *proc, a *[6]uint64, ev *Event) error {
	return func(p *proc, a *[6]uint64, ev *Event) (err error) {
		if flagsArg >= 0 {
			err = pathAtEmpty(dirArg, pathArg, flagsArg)(p, a, ev)
		} else {
			err = pathAt(dirArg, pathArg)(p, a, ev)
		}
		if err != nil {
			return err
		}
		if ev.Argv, err = p.strv(a[argvArg]); err != nil {
			return err
		}
		ev.Env, err = p.strv(a[envArg])
		return err
	}
}

func flags(i int) func(a *[6]uint64, ev *Event) {
	return func(a *[6]uint64, ev *Event) { ev.Flags = a[i] }
}
func mode(i int) func(a *[6]uint64, ev *Event) {
	return func(a *[6]uint64, ev *Event) { ev.Mode = uint32(a[i]) }
}
func flagsMode(f, m int) func(a *[6]uint64, ev *Event) {
	return func(a *[6]uint64, ev *Event) { ev.Flags, ev.Mode = uint64(uint32(a[f])), uint32(a[m]) }
}

// openat2 reads struct open_how {u64 flags, mode, resolve}.
func readOpenat2(p *proc, a *[6]uint64, ev *Event) error {
	if a[3] < 24 {
		return unix.EINVAL
	}
	f, err := p.word(a[2])
	if err != nil {
		return err
	}
	m, err := p.word(a[2] + 8)
	if err != nil {
		return err
	}
	ev.Flags, ev.Mode = f, uint32(m)
	return pathAt(0, 1)(p, a, ev)
}

// mount(source, target, fstype, flags, data): the source is kept as
// written (a device, or a name such as "none").
func readMount(p *proc, a *[6]uint64, ev *Event) (err error) {
	if a[0] != 0 {
		if ev.RawPath, err = p.str(a[0], maxPath); err != nil {
			return err
		}
		ev.Path = ev.RawPath
	}
	ev.Flags = a[3]
	ev.RawPath2, ev.Path2, err = p.pathArg(unix.AT_FDCWD, a[1])
	return err
}

// symlink(target, linkpath) and symlinkat(target, newdirfd, linkpath).
func readSymlink(dirArg, linkArg int) func(p *proc, a *[6]uint64, ev *Event) error {
	return func(p *proc, a *[6]uint64, ev *Event) (err error) {
		if ev.RawPath, err = p.str(a[0], maxPath); err != nil {
			return err
		}
		ev.Path = ev.RawPath
		dirfd := int32(unix.AT_FDCWD)
		if dirArg >= 0 {
			dirfd = int32(a[dirArg])
		}
		ev.RawPath2, ev.Path2, err = p.pathArg(dirfd, a[linkArg])
		return err
	}
}

var calls = map[int32]callInfo{
	unix.SYS_EXECVE:   {"execve", KindExec, readExec(-1, 0, 1, 2, -1)},
	unix.SYS_EXECVEAT: {"execveat", KindExec, readExec(0, 1, 2, 3, 4)},
	unix.SYS_OPEN:     {"open", KindOpen, with(pathAt(-1, 0), flagsMode(1, 2))},
	unix.SYS_OPENAT:   {"openat", KindOpen, with(pathAt(0, 1), flagsMode(2, 3))},
	unix.SYS_CREAT: {"creat", KindOpen, with(pathAt(-1, 0), func(a *[6]uint64, ev *Event) {
		ev.Flags, ev.Mode = unix.O_CREAT|unix.O_WRONLY|unix.O_TRUNC, uint32(a[1])
	})},
	unix.SYS_OPENAT2:           {"openat2", KindOpen, readOpenat2},
	unix.SYS_OPEN_BY_HANDLE_AT: {"open_by_handle_at", KindOpen, with(onFD(0), flags(2))},
	unix.SYS_UNLINK:            {"unlink", KindRemove, pathAt(-1, 0)},
	unix.SYS_UNLINKAT:          {"unlinkat", KindRemove, with(pathAt(0, 1), flags(2))},
	unix.SYS_RMDIR:             {"rmdir", KindRemove, pathAt(-1, 0)},
	unix.SYS_RENAME:            {"rename", KindRename, twoPaths(-1, 0, -1, 1)},
	unix.SYS_RENAMEAT:          {"renameat", KindRename, twoPaths(0, 1, 2, 3)},
	unix.SYS_RENAMEAT2:         {"renameat2", KindRename, with(twoPaths(0, 1, 2, 3), flags(4))},
	unix.SYS_TRUNCATE:          {"truncate", KindTrunc, pathAt(-1, 0)},
	unix.SYS_CHMOD:             {"chmod", KindChmod, with(pathAt(-1, 0), mode(1))},
	unix.SYS_FCHMOD:            {"fchmod", KindChmod, with(onFD(0), mode(1))},
	unix.SYS_FCHMODAT:          {"fchmodat", KindChmod, with(pathAt(0, 1), mode(2))},
	unix.SYS_FCHMODAT2:         {"fchmodat2", KindChmod, with(pathAtEmpty(0, 1, 3), mode(2))},
	unix.SYS_CHOWN:             {"chown", KindChown, pathAt(-1, 0)},
	unix.SYS_LCHOWN:            {"lchown", KindChown, pathAt(-1, 0)},
	unix.SYS_FCHOWN:            {"fchown", KindChown, onFD(0)},
	unix.SYS_FCHOWNAT:          {"fchownat", KindChown, pathAtEmpty(0, 1, 4)},
	unix.SYS_MKNOD:             {"mknod", KindMknod, with(pathAt(-1, 0), mode(1))},
	unix.SYS_MKNODAT:           {"mknodat", KindMknod, with(pathAt(0, 1), mode(2))},
	unix.SYS_LINK:              {"link", KindLink, twoPaths(-1, 0, -1, 1)},
	unix.SYS_LINKAT:            {"linkat", KindLink, with(twoPaths(0, 1, 2, 3), flags(4))},
	unix.SYS_SYMLINK:           {"symlink", KindLink, readSymlink(-1, 1)},
	unix.SYS_SYMLINKAT:         {"symlinkat", KindLink, readSymlink(1, 2)},
	unix.SYS_KILL:              {"kill", KindSignal, signal(0, 1)},
	unix.SYS_TKILL:             {"tkill", KindSignal, signal(0, 1)},
	unix.SYS_TGKILL:            {"tgkill", KindSignal, signal(0, 2)},
	unix.SYS_RT_SIGQUEUEINFO:   {"rt_sigqueueinfo", KindSignal, signal(0, 1)},
	unix.SYS_RT_TGSIGQUEUEINFO: {"rt_tgsigqueueinfo", KindSignal, signal(0, 2)},
	unix.SYS_PIDFD_OPEN:        {"pidfd_open", KindSignal, signal(0, -1)},
	unix.SYS_MOUNT:             {"mount", KindSystem, readMount},
	unix.SYS_UMOUNT2:           {"umount2", KindSystem, with(pathAt(-1, 0), flags(1))},
	unix.SYS_PIVOT_ROOT:        {"pivot_root", KindSystem, twoPaths(-1, 0, -1, 1)},
	unix.SYS_CHROOT:            {"chroot", KindSystem, pathAt(-1, 0)},
	unix.SYS_SWAPON:            {"swapon", KindSystem, with(pathAt(-1, 0), flags(1))},
	unix.SYS_SWAPOFF:           {"swapoff", KindSystem, pathAt(-1, 0)},
	unix.SYS_REBOOT:            {"reboot", KindSystem, with(none, flags(2))},
	unix.SYS_INIT_MODULE:       {"init_module", KindSystem, none},
	unix.SYS_FINIT_MODULE:      {"finit_module", KindSystem, onFD(0)},
	unix.SYS_DELETE_MODULE: {"delete_module", KindSystem, func(p *proc, a *[6]uint64, ev *Event) (err error) {
		ev.RawPath, err = p.str(a[0], 256)
		ev.Path = ev.RawPath
		return err
	}},
	unix.SYS_KEXEC_LOAD:      {"kexec_load", KindSystem, none},
	unix.SYS_KEXEC_FILE_LOAD: {"kexec_file_load", KindSystem, onFD(0)},
	unix.SYS_FSOPEN:          {"fsopen", KindSystem, none},
	unix.SYS_FSCONFIG:        {"fsconfig", KindSystem, none},
	unix.SYS_FSMOUNT:         {"fsmount", KindSystem, none},
	unix.SYS_FSPICK:          {"fspick", KindSystem, none},
	unix.SYS_MOVE_MOUNT:      {"move_mount", KindSystem, none},
	unix.SYS_OPEN_TREE:       {"open_tree", KindSystem, none},
	unix.SYS_MOUNT_SETATTR:   {"mount_setattr", KindSystem, none},
	unix.SYS_OPEN_TREE_ATTR:  {"open_tree_attr", KindSystem, none},
}

// isFork says whether nr is a call the process counter watches.
func isFork(nr int32) bool {
	switch nr {
	case unix.SYS_FORK, unix.SYS_VFORK, unix.SYS_CLONE, unix.SYS_CLONE3:
		return true
	}
	return false
}
