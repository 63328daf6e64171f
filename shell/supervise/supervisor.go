package supervise

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// Config says how to supervise a command.
type Config struct {
	// Decider decides every reported call. It must be set.
	Decider Decider
	// MaxProcs limits the number of processes (and threads, where a cgroup
	// enforces it) in the tree; 0 means no limit. See Supervisor.
	MaxProcs int
	// Notice, if set, receives what the supervisor did on its own. It is
	// called from the supervisor's goroutines, one notice at a time and
	// never while the Decider decides.
	Notice func(Notice)
	// AllowInitial allows the helper's exec of the command's own program
	// (Event.Initial) without reading its arguments or asking the
	// Decider, which is only told of it with an Event holding Pid,
	// Syscall, Kind and Initial: for a caller that allows it whatever it
	// holds, since the caller chose the program, its arguments and its
	// environment itself.
	AllowInitial bool
}

// Supervisor supervises the process tree of one command: every process
// the command starts runs under the same seccomp filter, inherited over
// fork, clone and exec, and every call the filter reports is decided by
// the Decider.
//
// An allowed open for writing is, where the kernel has
// SECCOMP_IOCTL_NOTIF_ADDFD and the process has the supervisor's
// credentials, root and mount namespace, performed by the supervisor on
// the file it checked (symbolic links resolved, magic links refused) and
// the descriptor handed to the process: what was checked is what is
// opened. So is, for such a process, an unlink, rmdir, rename, truncate,
// chmod, chown, link, symlink or mknod on a path: made relative to the
// directory that was checked (perform.go). Every other allowed call goes
// on in the kernel, which reads its arguments again from the process's
// memory.
type Supervisor struct {
	cfg       Config
	listener  int
	wakeR     int
	wakeW     int
	pid       int
	limit     limiter
	addfd     bool
	self      creds
	done      chan struct{}
	closing   sync.Once
	wakeOnce  sync.Once
	limitOnce sync.Once
	initial   bool // the helper's exec of the target is to come (set once, at the start)
	// initialDone: the helper's exec of the target was answered.
	initialDone atomic.Bool
	// restricted: a process of the tree restricted itself (Landlock),
	// so the supervisor no longer acts for the tree as itself.
	restricted atomic.Bool
	redo       redo // a call performed whose answer did not reach its process
	redoMu     sync.Mutex
	// The notifications are handled by several goroutines (receive.go).
	recvMu   sync.Mutex   // held by the one that waits for the next
	stopping atomic.Bool  // one of them stopped: the others stop too
	viewMu   sync.RWMutex // held for writing while a Landlock restriction is answered
	tidMu    [64]sync.Mutex
	// decideMu: the Decider decides one event at a time, and Notice is
	// told one notice at a time, never during a decision.
	decideMu sync.Mutex
	mu       sync.Mutex
	err      error
	stats    Stats
	statsMu  sync.Mutex
}

// Stats counts what a supervisor did.
type Stats struct {
	Notifications int    // calls reported by the filter
	Denied        int    // calls refused by the Decider
	Refused       int    // calls refused by the supervisor itself (unreadable arguments, process limit)
	Opened        int    // opens the supervisor performed and handed over
	Performed     int    // other file effects the supervisor performed itself
	LimitHit      bool   // the process limit refused a fork
	Limit         string // how the process limit is enforced: "cgroup", "count" or ""
}

// Start starts cmd under a supervisor. cmd is rewritten to run a
// re-executed copy of the running binary (whose main calls MaybeChild
// first), which installs the filter and then executes cmd's program with
// cmd's arguments and environment: the caller sets up cmd (Stdin, Stdout,
// Dir, Env, SysProcAttr, ExtraFiles) as for an unsupervised run, calls
// Start instead of cmd.Start, then cmd.Wait, then Close.
//
// The first reported call is the execve of cmd's program itself
// (Event.Initial). If Start fails, nothing of cmd's program has run and
// the helper, if started, has been waited for: do not call cmd.Wait.
//
// Start makes the calling process non-dumpable (PR_SET_DUMPABLE 0), so
// that a process of the tree with the same uid can neither trace it nor
// read or write its memory nor copy its descriptors; the filter refuses
// pidfd_getfd, and the supervisor refuses ptrace and process_vm_* aimed
// at itself, for root.
func Start(cmd *exec.Cmd, cfg Config) (*Supervisor, error) {
	return start(cmd, cfg, tryCgroup)
}

func start(cmd *exec.Cmd, cfg Config, cgroupOK bool) (*Supervisor, error) {
	return startWith(cmd, cfg, cgroupOK, useGoHelper())
}

// startWith is start with the Go helper (goHelper) or the helper of its
// own.
func startWith(cmd *exec.Cmd, cfg Config, cgroupOK, goHelper bool) (*Supervisor, error) {
	if cfg.Decider == nil {
		return nil, errors.New("supervise: no decider")
	}
	s, _, err := spawn(cmd, cfg, cgroupOK, goHelper, false)
	if err != nil {
		return nil, err
	}
	go s.loop()
	return s, nil
}

// spawn starts the helper for cmd and receives its listener. With early
// (the helper of its own only) the helper is given no target: it waits
// for it on the socket, whose parent end spawn returns, blocking
// (early.go); otherwise it is -1. The supervisor's loop is not started.
func spawn(cmd *exec.Cmd, cfg Config, cgroupOK, goHelper, early bool) (*Supervisor, int, error) {
	if cmd.Err != nil {
		return nil, -1, cmd.Err
	}
	if cmd.Process != nil {
		return nil, -1, errors.New("supervise: command already started")
	}
	if a := Available(); !a.OK {
		return nil, -1, fmt.Errorf("supervise: %s", a.Reason)
	}
	if early && goHelper {
		return nil, -1, errors.New("supervise: no early start with the Go helper")
	}
	s := &Supervisor{cfg: cfg, listener: -1, done: make(chan struct{}), addfd: Available().AddFD}
	var err error
	if err := unix.Prctl(unix.PR_SET_DUMPABLE, 0, 0, 0, 0); err != nil {
		return nil, -1, fmt.Errorf("supervise: making the supervisor non-dumpable: %w", err)
	}
	orig := *cmd // to start again without a cgroup if joining it fails
	var opts filterOptions
	if cfg.MaxProcs > 0 {
		s.limit, err = newLimiter(cfg.MaxProcs, cgroupOK)
		if err != nil {
			return nil, -1, fmt.Errorf("supervise: process limit: %w", err)
		}
		opts.countForks = s.limit.counts()
		s.stats.Limit = s.limit.name()
	}
	pair, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_SEQPACKET|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		s.cleanupLimit()
		return nil, -1, fmt.Errorf("supervise: socketpair: %w", err)
	}
	parent := pair[0]
	childEnd := os.NewFile(uintptr(pair[1]), "supervise-socket")
	childFD := 3 + len(cmd.ExtraFiles)
	cmd.ExtraFiles = append(cmd.ExtraFiles, childEnd)
	target := cmd.Path
	tiny := !goHelper
	if tiny {
		// The helper of its own (helper.go), at the next descriptor.
		imageFD := childFD + 1
		img, err := helperFD(helperKey{opts: opts, sock: childFD, imageFD: imageFD})
		if err == nil {
			cmd.ExtraFiles = append(cmd.ExtraFiles, img)
			if early {
				// No argument: the target comes over the socket.
				cmd.Args = []string{"guardsh-supervise"}
				cmd.Env = []string{}
			} else {
				cmd.Args = append([]string{"guardsh-supervise", target}, cmd.Args...)
			}
			cmd.Path = "/proc/self/fd/" + strconv.Itoa(imageFD)
		} else {
			tiny = false
		}
	}
	if !tiny && early {
		childEnd.Close()
		unix.Close(parent)
		s.cleanupLimit()
		*cmd = orig
		return nil, -1, errors.New("supervise: no image of the helper for an early start")
	}
	if !tiny {
		env := cmd.Env
		if env == nil {
			env = os.Environ()
		}
		cmd.Env = append(append([]string(nil), env...), childEnv+"="+strconv.Itoa(childFD))
		cmd.Args = append([]string{"guardsh-supervise"}, childArgs(opts, target, cmd.Args)...)
		cmd.Path = "/proc/self/exe"
	}

	err = cmd.Start()
	childEnd.Close()
	if err != nil {
		unix.Close(parent)
		s.cleanupLimit()
		*cmd = orig
		if tiny && !early {
			// Nothing ran: the image may be what could not be executed
			// (vm.memfd_noexec, a security module). The Go helper, and
			// from now on if it starts.
			s, _, err := spawn(cmd, cfg, cgroupOK, true, false)
			if err == nil {
				setGoHelper()
			}
			return s, -1, err
		}
		return nil, -1, fmt.Errorf("supervise: %w", err)
	}
	s.pid = cmd.Process.Pid
	s.initial = true
	fail := func(err error) (*Supervisor, int, error) {
		if parent >= 0 {
			unix.Close(parent)
		}
		cmd.Process.Kill()
		cmd.Wait()
		s.cleanupLimit()
		return nil, -1, fmt.Errorf("supervise: %w", err)
	}
	// The supervisor's credentials (the loop's), read or Prepare's
	// awaited while the helper execs and installs its filter.
	if s.self, err = selfCreds(); err != nil {
		return fail(err)
	}
	// Before the helper's exec of the target is answered, nothing of the
	// target has run: the process joins its cgroup now.
	if s.limit != nil {
		if err := s.limit.add(s.pid); err != nil {
			if !s.limit.counts() {
				fail(err)
				*cmd = orig
				return spawn(cmd, cfg, false, goHelper, early)
			}
			return fail(err)
		}
	}
	s.listener, err = recvListenerPolled(parent)
	if err == nil && early {
		// Polled, the open file is non-blocking: the target is sent
		// from it in one message.
		err = unix.SetNonblock(parent, false)
	}
	if err != nil {
		if s.listener >= 0 {
			unix.Close(s.listener)
		}
		return fail(err)
	}
	if !early {
		unix.Close(parent)
		parent = -1
	}
	s.addfd = s.addfd && addFDWorks(s.listener)
	var p [2]int
	if err := unix.Pipe2(p[:], unix.O_CLOEXEC); err != nil {
		unix.Close(s.listener)
		return fail(err)
	}
	s.wakeR, s.wakeW = p[0], p[1]
	return s, parent, nil
}

// recvListenerPolled is recvListener waiting in Go's netpoller (a
// non-blocking duplicate of sock): the helper's exec and its filter take
// a while, and a thread blocked in recvmsg meanwhile has sysmon wake every
// 20 µs to take its P. Where sock cannot be polled it waits in recvmsg.
func recvListenerPolled(sock int) (int, error) {
	fd, err := unix.FcntlInt(uintptr(sock), unix.F_DUPFD_CLOEXEC, 0)
	if err != nil {
		return recvListener(sock)
	}
	// O_NONBLOCK is the open file's, sock's too: it is closed after this.
	if err := unix.SetNonblock(fd, true); err != nil {
		unix.Close(fd)
		return recvListener(sock)
	}
	f, rc, ok := inNetpoller(fd, "supervise-socket")
	if !ok {
		unix.SetNonblock(sock, false) // the open file's, as above
		return recvListener(sock)
	}
	defer f.Close()
	var listener int
	var rerr error
	if err := rc.Read(func(fd uintptr) bool {
		listener, rerr = recvListener(int(fd))
		return !errors.Is(rerr, unix.EAGAIN)
	}); err != nil {
		return -1, fmt.Errorf("receiving the listener: %w", err)
	}
	return listener, rerr
}

// inNetpoller returns fd (non-blocking) as a file in Go's netpoller and
// its raw connection; false, fd closed, where it cannot be put there (a
// read through it would then hold a thread in a blocking call).
func inNetpoller(fd int, name string) (*os.File, syscall.RawConn, bool) {
	f := os.NewFile(uintptr(fd), name)
	rc, err := f.SyscallConn()
	if err != nil || f.SetReadDeadline(time.Time{}) != nil {
		f.Close()
		return nil, nil, false
	}
	return f, rc, true
}

// recvListener receives the helper's listener, or its error.
func recvListener(sock int) (int, error) {
	buf := make([]byte, 4096)
	oob := make([]byte, unix.CmsgSpace(4))
	n, oobn, _, _, err := unix.Recvmsg(sock, buf, oob, unix.MSG_CMSG_CLOEXEC)
	if err != nil {
		return -1, fmt.Errorf("receiving the listener: %w", err)
	}
	if n == 0 {
		return -1, errors.New("the supervised child exited before installing its filter")
	}
	if buf[0] == 'e' {
		return -1, errors.New(string(buf[1:n]))
	}
	if buf[0] == 'E' && n == 2 { // from the helper of its own
		return -1, fmt.Errorf("installing the seccomp filter: %w", unix.Errno(buf[1]))
	}
	msgs, err := unix.ParseSocketControlMessage(oob[:oobn])
	if err != nil || len(msgs) != 1 {
		return -1, errors.New("no listener received")
	}
	fds, err := unix.ParseUnixRights(&msgs[0])
	if err != nil || len(fds) != 1 {
		return -1, errors.New("no listener received")
	}
	return fds[0], nil
}

// Pid returns the pid of the command's process.
func (s *Supervisor) Pid() int { return s.pid }

// Wait waits until the supervisor stops: when no process of the tree is
// left, or after Close. It returns the error that stopped it, if any.
func (s *Supervisor) Wait() error {
	<-s.done
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

// Close stops supervising and releases the supervisor. A process of the
// tree still running then gets ENOSYS from every call the filter reports
// (the kernel's answer when no supervisor listens): it can no longer exec,
// open for writing, or delete, and nothing it does goes unchecked.
//
// The wake-up pipe is closed here, after the loop stopped, and only here:
// the loop may stop on its own first (the tree ended), and had it closed
// the pipe, the wake-up written here could land in a descriptor opened
// since with the same number (a new executor's socket or pty, read as
// its input).
func (s *Supervisor) Close() error {
	s.closing.Do(func() {
		unix.Write(s.wakeW, []byte{0})
	})
	err := s.Wait()
	s.wakeOnce.Do(func() {
		unix.Close(s.wakeR)
		unix.Close(s.wakeW)
	})
	return err
}

// Stats returns what the supervisor did so far.
func (s *Supervisor) Stats() Stats {
	s.statsMu.Lock()
	defer s.statsMu.Unlock()
	st := s.stats
	if s.limit != nil && s.limit.hit() {
		st.LimitHit = true
	}
	return st
}

func (s *Supervisor) count(f func(st *Stats)) {
	s.statsMu.Lock()
	f(&s.stats)
	s.statsMu.Unlock()
}

func (s *Supervisor) cleanupLimit() {
	if s.limit != nil {
		s.limit.close()
	}
}

func (s *Supervisor) notice(pid int, call, msg string) {
	if s.cfg.Notice != nil {
		s.decideMu.Lock()
		defer s.decideMu.Unlock()
		s.cfg.Notice(Notice{Pid: pid, Syscall: call, Message: msg})
	}
}

// limitNotice reports, once, that the process limit refused a fork (pid
// is 0 when a cgroup refused it and the process is not known).
func (s *Supervisor) limitNotice(pid int) {
	s.notice(pid, "fork", fmt.Sprintf("process limit of %d reached (%s): forks failed with EAGAIN", s.cfg.MaxProcs, s.limit.name()))
}

func (s *Supervisor) loop() {
	err := s.serve()
	if s.limit != nil && s.limit.hit() {
		s.count(func(st *Stats) { st.LimitHit = true })
		s.limitOnce.Do(func() { s.limitNotice(0) })
	}
	unix.Close(s.listener)
	// The wake-up pipe is Close's to close (see there).
	s.cleanupLimit()
	s.mu.Lock()
	s.err = err
	s.mu.Unlock()
	close(s.done)
}
