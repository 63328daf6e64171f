package shell

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/creack/pty"
	"golang.org/x/sys/unix"

	"guardsh/guard"
)

// BashConfig selects the bash executor for the interactive shell: a
// long-lived real bash on the pty runs the approved lines, so that the
// directory, variables, functions, aliases, options and jobs are bash's
// own, under the kernel-level supervisor that Start puts it under.
type BashConfig struct {
	// Path is bash's executable.
	Path string
	// Start starts cmd, set up by the shell, under the supervisor, which
	// classifies every call it stops and asks gate about it; stop, called
	// once cmd was waited for, ends the supervision. Nil starts cmd
	// without a supervisor (tests of the protocol).
	Start func(cmd *exec.Cmd, gate BashGate) (stop func(), err error)
}

// BashGate decides about a call a program of the bash executor's tree
// makes: v is its verdict, what the call as a person reads it, command
// the call as a one-command line when it is one (an exec), "" otherwise.
// It reports whether the call goes on.
type BashGate func(v guard.Verdict, what, command string) bool

// bashSide is the front end's end of a bash executor.
type bashSide struct {
	e     *executorProc
	f     *frontend
	cmdW  *os.File // bash's standard input: the code it runs
	slave string   // the pty's name, for reading typeahead

	mu      sync.Mutex
	running uint64 // the line that runs, 0 between lines
	level   guard.Level
	intr    bool // Ctrl-C was typed while the running line ran
	// started is closed once bash read the running line (nil then).
	started  chan struct{}
	pipe     []int  // PIPESTATUS after the last line
	cwd      string // bash's directory after the last line
	asks     map[uint64]chan Decision
	nextAsk  uint64
	ttyState *unix.Termios
	masterFd int

	dmu    sync.Mutex // held while delivering a reply
	closed bool

	defs atomic.Pointer[bashDefs]
}

// bashEnvironment is bash's environment: env without what would make bash
// run code nobody checked (BASH_ENV, ENV, exported functions), with its
// own prompts empty until its setup runs.
func bashEnvironment(env []string) []string {
	env = slices.DeleteFunc(slices.Clone(env), func(kv string) bool {
		k, _, _ := strings.Cut(kv, "=")
		return k == "BASH_ENV" || k == "ENV" || k == "PS1" || k == "PS2" || k == "PROMPT_COMMAND" || strings.HasPrefix(k, "BASH_FUNC_")
	})
	return append(env, "PS1=", "PS2=")
}

// startBashExecutor starts a bash executor on a new pty in dir, sized
// like the terminal, with its output going to screen.
func (f *frontend) startBashExecutor(dir string, screen io.Writer) (*executorProc, error) {
	bc := f.cfg.Bash
	master, slave, err := pty.Open()
	if err != nil {
		return nil, fmt.Errorf("pty: %w", err)
	}
	if ws, err := pty.GetsizeFull(f.in); err == nil {
		pty.Setsize(master, ws)
	}
	b := &bashSide{f: f, slave: slave.Name(), asks: map[uint64]chan Decision{}}
	// NOFLSH: Ctrl-C must not flush the output that holds the mark.
	if t, err := unix.IoctlGetTermios(int(slave.Fd()), unix.TCGETS); err == nil {
		t.Lflag |= unix.NOFLSH
		unix.IoctlSetTermios(int(slave.Fd()), unix.TCSETS, t)
		saved := *t
		b.ttyState = &saved
	}
	cmdF, cmdB, err := socketPair()
	if err != nil {
		master.Close()
		slave.Close()
		return nil, err
	}
	repF, repB, err := socketPair()
	if err != nil {
		master.Close()
		slave.Close()
		cmdF.Close()
		cmdB.Close()
		return nil, err
	}
	cmd := exec.Command(bc.Path, "--norc", "--noprofile", "--noediting", "-i")
	cmd.Env = bashEnvironment(f.cfg.ExecutorEnv)
	if fi, err := os.Stat(dir); err == nil && fi.IsDir() {
		cmd.Dir = dir
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = cmdB, slave, slave
	cmd.ExtraFiles = []*os.File{slave, repB} // descriptors 3 and 4
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 1}
	stop := func() {}
	if bc.Start != nil {
		stop, err = bc.Start(cmd, b.gate)
	} else {
		err = cmd.Start()
	}
	slave.Close()
	cmdB.Close()
	repB.Close()
	if err != nil {
		master.Close()
		cmdF.Close()
		repF.Close()
		return nil, fmt.Errorf("starting bash: %w", err)
	}
	if m, err := unpolled(master); err == nil {
		master = m
	}
	b.masterFd = int(master.Fd())
	e := &executorProc{
		cmd:     cmd,
		pty:     master,
		reqW:    cmdF,
		replies: make(chan reply, 4),
		pump:    newOutputPump(master, screen),
		exited:  make(chan struct{}),
		intrAck: make(chan struct{}, 1),
		check:   newReplyCheck(cmd.Process.Pid),
		bash:    b,
	}
	b.e, b.cmdW = e, cmdF
	go e.pump.run()
	go func() {
		e.waitErr = cmd.Wait()
		stop()
		close(e.exited)
	}()
	if _, err := io.WriteString(cmdF, bashSetup); err != nil {
		e.fail(fmt.Errorf("%w: %v", errExecutorGone, err))
	}
	go b.readReports(repF)
	return e, nil
}

// socketPair returns the two ends of a new stream socket pair,
// close-on-exec (a socket cannot be opened again through /proc/PID/fd).
func socketPair() (*os.File, *os.File, error) {
	fds, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_STREAM|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		return nil, nil, fmt.Errorf("control socket: %w", err)
	}
	return os.NewFile(uintptr(fds[0]), "bash-control"), os.NewFile(uintptr(fds[1]), "bash-control"), nil
}

// readReports reads bash's reports until its end and hands them on as
// the executor's replies.
func (b *bashSide) readReports(r *os.File) {
	defer r.Close()
	defer b.close()
	br := bufio.NewReaderSize(r, 64<<10)
	for {
		rep, err := readBashReport(br)
		if errors.Is(err, io.EOF) {
			b.exited()
			return
		}
		if err != nil {
			b.e.fail(err)
			return
		}
		if rep.Start {
			b.mu.Lock()
			if b.started != nil {
				close(b.started)
				b.started = nil
			}
			b.mu.Unlock()
			continue
		}
		if rep.Idle {
			if !b.dropped() {
				b.e.fail(fmt.Errorf("%w: a prompt while no line was dropped", errBadMessage))
				return
			}
			continue
		}
		r, err := b.reply(rep)
		if err != nil {
			b.e.fail(err)
			return
		}
		b.deliver(r)
	}
}

// dropped handles bash's prompt after no line: harmless between lines;
// while a line runs that Ctrl-C interrupted, bash dropped it before it
// began (the key's SIGINT came while bash read it), and it ends with
// status 130, the state unchanged. False means a prompt that cannot be.
func (b *bashSide) dropped() bool {
	b.mu.Lock()
	id, intr := b.running, b.intr
	if id != 0 && intr {
		b.running = 0
	}
	b.mu.Unlock()
	switch {
	case id == 0:
		return true
	case !intr:
		return false
	}
	b.e.pump.mark(id)
	b.deliver(reply{Op: opDone, ID: id, Status: 130})
	return true
}

// exited reports a line that ended bash (exit, exec, set -e): the
// front end takes the real exit status from the process.
func (b *bashSide) exited() {
	b.mu.Lock()
	id := b.running
	b.mu.Unlock()
	if id == 0 {
		return
	}
	select {
	case <-b.e.exited:
	case <-time.After(2 * time.Second):
		return
	}
	var ee *exec.ExitError
	if b.e.waitErr != nil && (!errors.As(b.e.waitErr, &ee) || ee.ExitCode() < 0) {
		return // killed: the executor died
	}
	b.deliver(reply{Op: opDone, ID: id, Exited: true})
}

// reply turns a report into the reply the front end takes: the state,
// checked against what the kernel says of bash.
func (b *bashSide) reply(rep bashReport) (reply, error) {
	vars := bashVars(rep.Vars)
	if vars == nil {
		return reply{}, fmt.Errorf("%w: variables that cannot be read", errBadMessage)
	}
	r := reply{Op: opDone, ID: rep.ID, Status: rep.Status, Dir: b.dir(rep.Dir), Vars: vars, Params: rep.Params}
	if rep.ID == 0 {
		r.Op, r.Pid = opReady, b.e.cmd.Process.Pid
	}
	b.defs.Store(b.defs.Load().update(rep.Funcs, rep.Aliases))
	b.mu.Lock()
	b.pipe, b.cwd = rep.PipeStatus, r.Dir
	if b.running == rep.ID {
		b.running = 0
	}
	b.mu.Unlock()
	if r.Op == opDone && b.ttyState != nil {
		// A program may have left the pty raw or without echo.
		b.slaveTermios(b.ttyState)
	}
	return r, nil
}

// dir is the directory bash reports ($PWD) when it is the one the kernel
// says bash is in, or else that one.
func (b *bashSide) dir(pwd string) string {
	real, err := os.Readlink(fmt.Sprintf("/proc/%d/cwd", b.e.cmd.Process.Pid))
	if err != nil {
		return pwd
	}
	if r, err := filepath.EvalSymlinks(pwd); err == nil && r == real {
		return pwd
	}
	return real
}

// deliver hands a reply to the front end, checked as every executor's.
func (b *bashSide) deliver(r reply) bool {
	b.dmu.Lock()
	defer b.dmu.Unlock()
	if b.closed {
		return false
	}
	if r.Op == opAsk && !b.e.check.lineRuns() {
		return false
	}
	if err := b.e.check.check(r); err != nil {
		b.e.fail(err)
		return false
	}
	b.e.replies <- r
	return true
}

// close ends the replies, and every question waiting for an answer.
func (b *bashSide) close() {
	b.dmu.Lock()
	if !b.closed {
		b.closed = true
		close(b.e.replies)
	}
	b.dmu.Unlock()
	b.mu.Lock()
	for id, ch := range b.asks {
		close(ch)
		delete(b.asks, id)
	}
	b.mu.Unlock()
}

// send carries out a request of the front end's.
func (b *bashSide) send(req request) error {
	switch req.Op {
	case opRun:
		line := req.Line
		if req.Auto {
			line = bashAutoLine(line, b.f.vars, req.Status)
		}
		b.mu.Lock()
		in, err := bashRunInput(req.ID, line, req.Status, b.pipe)
		if err == nil {
			b.running, b.level, b.intr = req.ID, req.Level, false
			b.started = make(chan struct{})
		}
		b.mu.Unlock()
		if err != nil {
			return err
		}
		if _, err := io.WriteString(b.cmdW, in); err != nil {
			return errExecutorGone
		}
	case opAnswer:
		b.mu.Lock()
		ch := b.asks[req.ID]
		delete(b.asks, req.ID)
		b.mu.Unlock()
		if ch != nil {
			ch <- req.Answer
		}
	case opDrain:
		go b.deliver(reply{Op: opInput, ID: req.ID, Line: string(b.typeahead())})
	case opIntr:
		// bash takes Ctrl-C itself, from the pty; but not while it reads
		// the line, which it would drop half read: the key waits until
		// bash runs it.
		b.mu.Lock()
		b.intr = b.running != 0
		started := b.started
		b.mu.Unlock()
		if started != nil {
			select {
			case <-started:
			case <-b.e.exited:
			case <-time.After(time.Second):
			}
		}
		b.lateInterrupt()
		b.e.check.intrAcked()
		select {
		case b.e.intrAck <- struct{}{}:
		default:
		}
	}
	return nil
}

// lateInterrupt sends SIGINT to the programs of the pty's foreground job
// that missed Ctrl-C's: a process bash had forked and that had not yet
// executed its program got it under bash's handler, which drops it, and
// bash then waits for the job. A program that started (or executed)
// after the key gets it once; one that had it already does not get it
// twice.
//
// It takes its snapshot before the key reaches the pty, and watches in
// the background.
func (b *bashSide) lateInterrupt() {
	t, err := b.slaveTermios(nil)
	if err != nil || t.Lflag&unix.ISIG == 0 || t.Cc[unix.VINTR] != 0x03 {
		return // the key reaches a program that reads the terminal raw
	}
	b.mu.Lock()
	line := b.running
	b.mu.Unlock()
	bashPid := b.e.cmd.Process.Pid
	before := groupPrograms(b.masterFd, bashPid)
	go b.watchInterrupt(line, bashPid, before)
}

func (b *bashSide) watchInterrupt(line uint64, bashPid int, before map[int]string) {
	for i := 0; i < 20; i++ {
		time.Sleep(50 * time.Millisecond)
		b.mu.Lock()
		same := b.running == line && line != 0
		b.mu.Unlock()
		if !same {
			return
		}
		for pid, exe := range groupPrograms(b.masterFd, bashPid) {
			if before[pid] != exe {
				before[pid] = exe
				unix.Kill(pid, unix.SIGINT)
			}
		}
	}
}

// groupPrograms maps each process of the pty's foreground group (unless
// it is bash's own) to the program it runs.
func groupPrograms(masterFd, bashPid int) map[int]string {
	out := map[int]string{}
	pg, err := unix.IoctlGetInt(masterFd, unix.TIOCGPGRP)
	if err != nil || pg <= 1 || pg == bashPid {
		return out
	}
	ents, _ := os.ReadDir("/proc")
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if g, err := unix.Getpgid(pid); err == nil && g == pg {
			exe, _ := os.Readlink("/proc/" + e.Name() + "/exe")
			out[pid] = exe
		}
	}
	return out
}

// slaveTermios returns the pty's modes (those of its slave side: the
// master's are its own), after setting them to set when it is not nil.
func (b *bashSide) slaveTermios(set *unix.Termios) (*unix.Termios, error) {
	fd, err := unix.Open(b.slave, unix.O_RDWR|unix.O_NOCTTY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, err
	}
	defer unix.Close(fd)
	if set != nil {
		if err := unix.IoctlSetTermios(fd, unix.TCSETS, set); err != nil {
			return nil, err
		}
	}
	return unix.IoctlGetTermios(fd, unix.TCGETS)
}

// typeahead reads what was typed on the pty and not read by the line.
func (b *bashSide) typeahead() []byte {
	fd, err := unix.Open(b.slave, unix.O_RDWR|unix.O_NOCTTY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil
	}
	defer unix.Close(fd)
	return drainInput(fd)
}

// lineRuns reports whether the executor runs a line.
func (c *replyCheck) lineRuns() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.run != 0
}

// intrAcked takes back an interrupt that needs no acknowledgement.
func (c *replyCheck) intrAcked() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.intrs > 0 {
		c.intrs--
	}
}
