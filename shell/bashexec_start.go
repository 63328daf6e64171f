package shell

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/creack/pty"
	"golang.org/x/sys/unix"
	"mvdan.cc/sh/v3/syntax"

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
	// classifies every call it stops and asks gates about it. Nil starts
	// cmd without a supervisor (tests of the protocol).
	Start func(cmd *exec.Cmd, gates BashGates) (BashStarted, error)
	// Outside, when set, is asked about each approved line: a note (not
	// "") means that the line runs outside the supervisor, in a bash of
	// its own on the terminal (a user's sudo, which cannot gain
	// privileges under it), and is what the preview and the run say.
	Outside func(v guard.Verdict) string
	// CheckOutside, when set, classifies the exec of the bash that runs
	// such a line, v (argv, its environment env, in dir): a verdict above
	// the line's level, or blocked, refuses the line (a variable an
	// earlier line exported that makes bash run code, or a PATH that
	// finds another sudo, which nothing outside the supervisor would
	// see).
	CheckOutside func(v guard.Verdict, argv, env []string, dir string) guard.Verdict
	// ChildVar, when set, names a variable exported for each line with
	// the value it gives for the line's level (GUARDSH_PARENT: a guardsh
	// the line starts knows what this one approved), as the interpreter
	// executor sets it on every program (WithChildVar).
	ChildVar func(level guard.Level) (name, value string)
}

// BashGates are the gates of the bash executor's calls (see BashGate).
type BashGates struct {
	// Line decides a call at the level of the line that runs, or, with
	// no line running, of the line that ran last: a call of a process
	// that line started.
	Line BashGate
	// Job decides a call of a process that an earlier line left running,
	// at that line's level, which the supervisor's side keeps (see
	// BashStarted.LineStarts): refused, not asked about, above it.
	Job func(level guard.Level) BashGate
}

// BashStarted is what Start gives back.
type BashStarted struct {
	// Stop, called once cmd was waited for, ends the supervision.
	Stop func()
	// LineStarts, when set, is called before each line is handed to
	// bash, with its level: what runs in bash's tree now was started by
	// the lines before.
	LineStarts func(level guard.Level)
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
	// reports reads the report socket (and the start messages on it).
	reports *belledReader

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
	// exported holds bash's exported variables after the last line, for
	// a line that runs outside the supervisor.
	exported map[string]string
	// decls holds the statements of the last report's declare -p, read
	// by readReports alone.
	decls declCache
	// childSent is ChildVar's value exported last.
	childSent string
	// lineStarts is BashStarted.LineStarts.
	lineStarts func(level guard.Level)
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
	// Until bash starts, a failure closes what was opened so far.
	opened := []*os.File{master, slave}
	fail := func(err error) (*executorProc, error) {
		for _, f := range opened {
			f.Close()
		}
		return nil, err
	}
	cmdF, cmdB, err := socketPair()
	if err != nil {
		return fail(err)
	}
	opened = append(opened, cmdF, cmdB)
	repF, repB, err := socketPair()
	if err != nil {
		return fail(err)
	}
	opened = append(opened, repF, repB)
	bellF, bellB, err := bellPair()
	if err != nil {
		return fail(err)
	}
	opened = append(opened, bellF, bellB)
	reports, err := newBelledReader(repF, bellF)
	if err != nil {
		return fail(err)
	}
	cmd := exec.Command(bc.Path, "--norc", "--noprofile", "--noediting", "-i")
	cmd.Env = bashEnvironment(f.cfg.ExecutorEnv)
	if fi, err := os.Stat(dir); err == nil && fi.IsDir() {
		cmd.Dir = dir
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = cmdB, slave, slave
	cmd.ExtraFiles = []*os.File{slave, repB, bellB} // descriptors 3, 4 and 5
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 1}
	started := BashStarted{Stop: func() {}}
	if bc.Start != nil {
		started, err = bc.Start(cmd, BashGates{Line: b.gate, Job: b.jobGate})
		b.lineStarts = started.LineStarts
	} else {
		err = cmd.Start()
	}
	slave.Close()
	cmdB.Close()
	repB.Close()
	bellB.Close()
	if err != nil {
		master.Close()
		cmdF.Close()
		repF.Close()
		bellF.Close()
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
	b.e, b.cmdW, b.reports = e, cmdF, reports
	go e.pump.run()
	go func() {
		e.waitErr = cmd.Wait()
		if started.Stop != nil {
			started.Stop()
		}
		close(e.exited)
	}()
	if _, err := io.WriteString(cmdF, bashSetup()); err != nil {
		e.fail(fmt.Errorf("%w: %v", errExecutorGone, err))
	}
	go b.readReports(repF, bellF, reports)
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

// send carries out a request of the front end's.
func (b *bashSide) send(req request) error {
	switch req.Op {
	case opRun:
		line := req.Line
		if req.Auto {
			line = bashAutoLine(line, b.f.vars, req.Status)
		}
		if b.lineStarts != nil {
			b.lineStarts(req.Level)
		}
		b.mu.Lock()
		in, err := bashRunInput(req.ID, line, req.Status, b.pipe)
		if err == nil && b.f.cfg.Bash.ChildVar != nil {
			// Only when it changes: a line that unsets it could as
			// well set it for its own commands.
			if name, value, ok := childVarCode(b.f.cfg.Bash.ChildVar, req.Level); ok && value != b.childSent {
				in = "export " + name + "=" + value + "; " + in
				b.childSent = value
			}
		}
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
			// The start message rings no bell: read it now.
			b.reports.look()
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

// goAhead lets bash write the running line's report, once its mark (and
// so its output) is through the pump (see bashReportCode).
func (b *bashSide) goAhead() {
	b.cmdW.Write([]byte{' '})
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

// childVarCode is the name and the quoted value of ChildVar's variable
// for level; false when its name is not a variable's, or its value holds
// a NUL byte, which bash cannot hold.
func childVarCode(cv func(guard.Level) (string, string), level guard.Level) (name, quoted string, ok bool) {
	name, value := cv(level)
	if !syntax.ValidName(name) || strings.IndexByte(value, 0) >= 0 {
		return "", "", false
	}
	return name, ansiQuote(value), true
}
