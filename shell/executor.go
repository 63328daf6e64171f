package shell

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
	"golang.org/x/term"

	"guardsh/guard"
)

// ExecutorConfig configures the executor: the process that runs an
// interactive shell's approved lines as the session leader of a pty, with
// one long-lived Runner.
type ExecutorConfig struct {
	// Checker classifies lines and commands; required.
	Checker Checker
	// Options are extra Runner options (WithYes, WithShellOpts, WithEnv,
	// ...). The executor adds its stdio, interactive mode and asker.
	Options []Option
	// Requests is the control channel from the front end (descriptor 3),
	// Replies the one back (descriptor 4).
	Requests io.Reader
	Replies  io.Writer
	// TTY is the pty the executor's standard streams are on; nil means
	// os.Stdin, os.Stdout and os.Stderr.
	TTY *os.File
}

// RunExecutor serves the front end until it closes the control channel or
// a line exits the shell, and returns the exit status.
//
// Signals: SIGINT from the pty reaches the running pipeline, which shares
// the executor's process group (the terminal's foreground group); the
// executor itself survives it, and when it arrives while a line runs the
// rest of that line is abandoned (status 130, as in bash). A SIGINT
// between lines is ignored. Ctrl-Z (SIGTSTP) stops nothing for good:
// there is no job control, so the executor continues the stopped command
// at once (SIGCONT to its process group) and says so. SIGQUIT is ignored
// by the executor and kills the running command.
func RunExecutor(cfg ExecutorConfig) int {
	in, out, errw := os.Stdin, os.Stdout, os.Stderr
	if cfg.TTY != nil {
		in, out, errw = cfg.TTY, cfg.TTY, cfg.TTY
	}
	if cfg.Checker == nil || cfg.Requests == nil || cfg.Replies == nil {
		fmt.Fprintln(errw, "guardsh: the executor is started by an interactive guardsh")
		return 2
	}
	// The control channel is the executor's alone: out of the way of the
	// line's descriptors, closed in every program a line runs, and not
	// reachable through /proc by a program of the same user.
	notDumpable()
	if f, ok := cfg.Requests.(*os.File); ok {
		m, err := moveControl(f)
		if err != nil {
			fmt.Fprintf(errw, "guardsh: %v\n", err)
			return 2
		}
		cfg.Requests = m
	}
	if f, ok := cfg.Replies.(*os.File); ok {
		m, err := moveControl(f)
		if err != nil {
			fmt.Fprintf(errw, "guardsh: %v\n", err)
			return 2
		}
		cfg.Replies = m
	}
	enc := newEncoder(cfg.Replies)
	ex := &executor{enc: enc, out: out, errw: errw, answers: make(chan request, 1), ttyFd: int(in.Fd())}
	// NOFLSH: Ctrl-C must not flush the pty's output, which holds the
	// mark that ends a line's output.
	if t, err := unix.IoctlGetTermios(ex.ttyFd, unix.TCGETS); err == nil {
		t.Lflag |= unix.NOFLSH
		unix.IoctlSetTermios(ex.ttyFd, unix.TCSETS, t)
	}
	if st, err := term.GetState(ex.ttyFd); err == nil {
		ex.ttyState = st
	}

	sigs := make(chan os.Signal, 8)
	signal.Notify(sigs, syscall.SIGINT, syscall.SIGQUIT, syscall.SIGTSTP)
	defer signal.Stop(sigs)
	go ex.signals(sigs)

	opts := append([]Option{}, cfg.Options...)
	opts = append(opts, WithStdio(in, out, errw), WithInteractive(true), WithAsker(ctlAsker{ex}))
	r, err := New(cfg.Checker, opts...)
	if err != nil {
		fmt.Fprintf(errw, "guardsh: %v\n", err)
		return 1
	}
	ex.runner = r

	reqs := make(chan request)
	go ex.readRequests(cfg.Requests, reqs)

	ready := ex.state(opReady, 0)
	ready.Pid = os.Getpid()
	enc.send(ready)
	status := 0
	for req := range reqs {
		switch req.Op {
		case opDrain:
			enc.send(reply{Op: opInput, ID: req.ID, Line: string(drainInput(ex.ttyFd))})
		case opRun:
			if req.Status != status && req.Status >= 0 && req.Status < 256 {
				// The front end refused lines since the last: $? is
				// what it says (126), in the interpreter too.
				ex.setStatus(req.Status)
			}
			var interrupted bool
			status, interrupted = ex.run(req)
			// A line stopped by Ctrl-C looks exited to the interpreter;
			// only exit (and set -e) end the shell.
			exited := r.Exited() && !interrupted
			if ex.ttyState != nil {
				term.Restore(ex.ttyFd, ex.ttyState)
			}
			// The jobs that ended are said before the next prompt, as
			// bash says them.
			for _, n := range r.JobNotices() {
				fmt.Fprintf(out, "%s\n", n)
			}
			// Everything the line wrote is on the pty before the mark.
			fmt.Fprintf(out, "%s%d\a", sentinelPrefix, req.ID)
			done := ex.state(opDone, req.ID)
			done.Status, done.Exited = status, exited
			enc.send(done)
			if exited {
				return status
			}
		}
	}
	return status
}

// executor is the state of RunExecutor.
type executor struct {
	enc      *encoder
	runner   *Runner
	out      io.Writer
	errw     io.Writer
	answers  chan request
	ttyFd    int
	ttyState *term.State

	mu      sync.Mutex
	running bool   // a line runs
	line    uint64 // how many lines ran, this one included
	// interrupted is the line Ctrl-C interrupted.
	interrupted uint64
	// owed counts the SIGINTs the pty is yet to send for a Ctrl-C the
	// front end said was coming (intr), which interrupted its line
	// already; owedAt is when the last was said. Such a SIGINT that
	// arrives late (the signal's goroutine waiting for a CPU) must not
	// interrupt the line after.
	owed    int
	owedAt  time.Time
	nextAsk uint64

	// sentVars and sentParams are the variables and positional
	// parameters the front end was last told of.
	sentVars   map[string]string
	sentParams []string
}

// readRequests decodes the front end's requests: answers go to the
// question waiting for them, the rest to reqs. It closes reqs at the end.
func (ex *executor) readRequests(r io.Reader, reqs chan<- request) {
	defer close(reqs)
	defer close(ex.answers)
	dec := json.NewDecoder(r)
	for {
		var req request
		if err := dec.Decode(&req); err != nil {
			return
		}
		if req.Op == opIntr {
			// Handled here, at once: the line must know it is
			// interrupted before the signal kills its command, or the
			// interpreter would go on to the next one.
			ex.intr()
			ex.enc.send(reply{Op: opIntrAck})
			continue
		}
		if req.Op == opAnswer {
			select {
			case ex.answers <- req:
			default:
			}
			continue
		}
		reqs <- req
	}
}

// run runs one approved line and returns its status, and whether a
// signal stopped it.
func (ex *executor) run(req request) (int, bool) {
	if ex.ttyState != nil {
		// A program may have left the pty raw or without echo.
		term.Restore(ex.ttyFd, ex.ttyState)
	}
	// A SIGINT typed between lines is forgotten: it never cancels this one.
	ex.runner.ClearSignal()
	ex.mu.Lock()
	ex.running = true
	ex.line++
	ex.mu.Unlock()
	defer func() {
		ex.mu.Lock()
		ex.running = false
		ex.mu.Unlock()
	}()
	run := ex.runner.RunApproved
	if req.Auto {
		run = func(ctx context.Context, src string, _ guard.Level) (int, error) { return ex.runner.RunAuto(ctx, src) }
	}
	status, err := run(context.Background(), req.Line, req.Level)
	if err != nil && !errors.Is(err, context.Canceled) {
		fmt.Fprintf(ex.errw, "guardsh: %v\n", err)
	}
	return status, errors.Is(err, context.Canceled)
}

// setStatus sets $? to code, by running `(exit code)`: the interpreter
// has no other way in.
func (ex *executor) setStatus(code int) {
	ex.runner.RunApproved(context.Background(), "(exit "+strconv.Itoa(code)+")", guard.Safe)
}

// intr marks the running line interrupted when the pty turns Ctrl-C into
// SIGINT (ISIG on, VINTR ^C): a program that reads the terminal raw (vim)
// gets the byte instead, and its line goes on.
func (ex *executor) intr() {
	t, err := unix.IoctlGetTermios(ex.ttyFd, unix.TCGETS)
	if err != nil || t.Lflag&unix.ISIG == 0 || t.Cc[unix.VINTR] != 0x03 {
		return
	}
	ex.owe()
	ex.interrupt()
}

// owedFor is how long a SIGINT said to be coming (intr) is waited for.
const owedFor = 5 * time.Second

// owe notes that the pty will send a SIGINT for a Ctrl-C already acted on.
func (ex *executor) owe() {
	ex.mu.Lock()
	defer ex.mu.Unlock()
	ex.owed, ex.owedAt = ex.owedLocked()+1, time.Now()
}

// owedLocked returns the SIGINTs still owed, forgetting them once the
// last was said longer than owedFor ago; ex.mu is held.
func (ex *executor) owedLocked() int {
	if time.Since(ex.owedAt) > owedFor {
		ex.owed = 0
	}
	return ex.owed
}

// sigint handles a SIGINT the executor got: the one a Ctrl-C the front
// end told of makes the pty send was acted on already (intr); another
// abandons the rest of the running line.
func (ex *executor) sigint() {
	ex.mu.Lock()
	owed := ex.owedLocked() > 0
	if owed {
		ex.owed--
	}
	ex.mu.Unlock()
	if !owed {
		ex.interrupt()
	}
}

// interrupt abandons the rest of the running line, if any.
func (ex *executor) interrupt() {
	ex.mu.Lock()
	defer ex.mu.Unlock()
	if !ex.running || ex.interrupted == ex.line {
		return
	}
	ex.interrupted = ex.line
	ex.runner.Signal(syscall.SIGINT, false)
	go ex.lateInterrupt(ex.line, childPids())
}

// signals handles the signals the pty sends the executor's process group.
func (ex *executor) signals(sigs <-chan os.Signal) {
	for sig := range sigs {
		switch sig {
		case syscall.SIGINT:
			// The pty sent it to the running pipeline too (not forwarded
			// again). The rest of the line is abandoned once the command
			// that got it returns; a program that handles SIGINT (less)
			// keeps running until it is done.
			ex.sigint()
		case syscall.SIGTSTP:
			// No job control: continue whatever the key stopped. A
			// program that stops itself after cleaning up (vim) does so a
			// little later, hence the repeats.
			fmt.Fprint(ex.errw, "\r\nguardsh: Ctrl-Z does not suspend here (no job control); the command goes on, Ctrl-C stops it\r\n")
			go func() {
				for _, d := range []time.Duration{0, 20 * time.Millisecond, 100 * time.Millisecond, 500 * time.Millisecond} {
					time.Sleep(d)
					syscall.Kill(0, syscall.SIGCONT)
				}
			}()
		}
	}
}

// lateInterrupt sends SIGINT to the programs the line started just as
// Ctrl-C was pressed: a child forked while the terminal sent the signal to
// the process group misses it, and the line would wait for it. Programs
// that were running then (those in before) got it from the terminal and
// do not get it twice.
func (ex *executor) lateInterrupt(line uint64, before map[int]bool) {
	for _, d := range []time.Duration{30 * time.Millisecond, 200 * time.Millisecond} {
		time.Sleep(d)
		ex.mu.Lock()
		same := ex.running && ex.line == line
		ex.mu.Unlock()
		if !same {
			return
		}
		for pid := range childPids() {
			if !before[pid] {
				before[pid] = true
				syscall.Kill(pid, syscall.SIGINT)
			}
		}
	}
}

// childPids returns the executor's child processes, read from /proc.
func childPids() map[int]bool {
	pids := map[int]bool{}
	me := os.Getpid()
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return pids
	}
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...: comm may hold spaces and parentheses.
		i := bytes.LastIndexByte(b, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(string(b[i+1:]))
		if len(f) > 1 {
			if ppid, err := strconv.Atoi(f[1]); err == nil && ppid == me {
				pids[pid] = true
			}
		}
	}
	return pids
}

// state returns the shell's state after a line, for the front end's
// classification of the next: its directory, variables and parameters.
//
// A line's done message carries the variables and parameters only when
// they changed since the front end was last told (most lines change
// none): the front end keeps what it has when they are left out, and the
// message that follows the line's output is small to write and to read.
func (ex *executor) state(op string, id uint64) reply {
	vars, params := ex.runner.shellVars()
	if op == opDone && len(vars) > 0 && maps.Equal(vars, ex.sentVars) && slices.Equal(params, ex.sentParams) {
		return reply{Op: op, ID: id, Dir: ex.runner.Dir()}
	}
	ex.sentVars, ex.sentParams = vars, params
	return reply{Op: op, ID: id, Dir: ex.runner.Dir(), Vars: vars, Params: params}
}

// ctlAsker asks the run-time questions on the real terminal, through the
// front end.
type ctlAsker struct{ ex *executor }

// Ask sends the question to the front end and waits for its answer.
func (a ctlAsker) Ask(q Question) (Decision, string, error) {
	ex := a.ex
	ex.mu.Lock()
	ex.nextAsk++
	id := ex.nextAsk
	ex.mu.Unlock()
	if err := ex.enc.send(reply{Op: opAsk, ID: id, Verdict: toWire(q.Verdict), Line: q.Line, RunTime: q.RunTime}); err != nil {
		return No, "", err
	}
	for ans := range ex.answers {
		if ans.ID == id {
			return ans.Answer, ans.Line, nil
		}
	}
	return No, "", errors.New("front end gone")
}

// drainInput reads what was typed on the pty and not read by the line
// (typeahead), so that the front end gives it to the line editor.
func drainInput(fd int) []byte {
	t, err := unix.IoctlGetTermios(fd, unix.TCGETS)
	if err != nil {
		return nil
	}
	saved := *t
	t.Lflag &^= unix.ICANON | unix.ECHO
	t.Cc[unix.VMIN], t.Cc[unix.VTIME] = 0, 0
	if err := unix.IoctlSetTermios(fd, unix.TCSETS, t); err != nil {
		return nil
	}
	defer unix.IoctlSetTermios(fd, unix.TCSETS, &saved)
	var out []byte
	buf := make([]byte, 4096)
	for len(out) < 64*1024 {
		n, err := unix.Read(fd, buf)
		if n <= 0 || err != nil {
			break
		}
		out = append(out, buf[:n]...)
	}
	return out
}
