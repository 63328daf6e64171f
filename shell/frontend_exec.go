package shell

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync"
	"syscall"
	"time"

	"github.com/creack/pty"
	"golang.org/x/sys/unix"
)

// executorProc is one running executor, seen from the front end.
type executorProc struct {
	cmd     *exec.Cmd
	pty     *os.File
	enc     *encoder
	reqW    *os.File
	replies chan reply    // closed when the control channel ends
	pump    *outputPump   // the pty's output to the screen
	exited  chan struct{} // closed when the process is gone
	waitErr error
	ready   *reply // the ready message, once read
	nextID  uint64
	intrAck chan struct{}
	// quit, when closed, ends every wait for the executor (the shell is
	// ending on a signal).
	quit <-chan struct{}
	// check holds what was asked and checks every message against it.
	check *replyCheck

	badMu sync.Mutex
	bad   error // the message that stopped the executor

	// bash, for a bash executor, speaks bash's protocol (bashSide).
	bash *bashSide
}

// errExecutorGone reports that the executor died.
var errExecutorGone = errors.New("the executor died")

// maxReply bounds one message from the executor (its variables make the
// longest).
const maxReply = 16 << 20

// decodeReply decodes one line of the executor's: exactly one JSON
// object of the reply's fields, nothing else.
func decodeReply(line []byte) (reply, error) {
	var r reply
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return r, fmt.Errorf("%w: one that is not well-formed (%v)", errBadMessage, err)
	}
	if dec.More() {
		return r, fmt.Errorf("%w: more than one message on a line", errBadMessage)
	}
	return r, nil
}

// errQuit reports that the shell is ending on a signal.
var errQuit = errors.New("the shell is ending")

// startExecutor starts an executor on a new pty in dir, sized like the
// terminal, with its output going to screen.
func startExecutor(argv, env []string, dir string, term *os.File, screen io.Writer) (*executorProc, error) {
	if len(argv) == 0 {
		return nil, errors.New("no executor command")
	}
	reqR, reqW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("control pipe: %w", err)
	}
	repR, repW, err := os.Pipe()
	if err != nil {
		reqR.Close()
		reqW.Close()
		return nil, fmt.Errorf("control pipe: %w", err)
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Env = env
	if dir != "" {
		if fi, err := os.Stat(dir); err == nil && fi.IsDir() {
			cmd.Dir = dir
		}
	}
	cmd.ExtraFiles = []*os.File{reqR, repW} // descriptors 3 and 4
	var ws *pty.Winsize
	if term != nil {
		if s, err := pty.GetsizeFull(term); err == nil {
			ws = s
		}
	}
	master, err := pty.StartWithAttrs(cmd, ws, &syscall.SysProcAttr{Setsid: true, Setctty: true})
	reqR.Close()
	repW.Close()
	if err != nil {
		reqW.Close()
		repR.Close()
		return nil, fmt.Errorf("starting the executor: %w", err)
	}
	if m, err := unpolled(master); err == nil {
		master = m
	}
	check := newReplyCheck(cmd.Process.Pid)
	e := &executorProc{
		cmd:     cmd,
		pty:     master,
		enc:     newEncoder(reqW),
		reqW:    reqW,
		replies: make(chan reply, 4),
		pump:    newOutputPump(master, screen),
		exited:  make(chan struct{}),
		intrAck: make(chan struct{}, 1),
		check:   check,
	}
	go e.pump.run()
	go func() {
		defer close(e.replies)
		defer repR.Close()
		sc := bufio.NewScanner(repR)
		sc.Buffer(make([]byte, 64*1024), maxReply)
		for sc.Scan() {
			r, err := decodeReply(sc.Bytes())
			if err == nil {
				err = e.check.check(r)
			}
			if err != nil {
				e.fail(err)
				return
			}
			if r.Op == opIntrAck {
				select {
				case e.intrAck <- struct{}{}:
				default:
				}
				continue
			}
			e.replies <- r
		}
		if err := sc.Err(); err != nil {
			e.fail(fmt.Errorf("%w: %v", errBadMessage, err))
		}
	}()
	go func() {
		e.waitErr = cmd.Wait()
		close(e.exited)
	}()
	return e, nil
}

// waitReady waits for the executor's ready message.
func (e *executorProc) waitReady() (*reply, error) {
	if e.ready != nil {
		return e.ready, nil
	}
	select {
	case r, ok := <-e.replies:
		if !ok {
			return nil, errExecutorGone
		}
		if r.Op != opReady {
			return nil, fmt.Errorf("executor: unexpected %q before ready", r.Op)
		}
		e.ready = &r
		return e.ready, nil
	case <-e.quit:
		return nil, errQuit
	case <-time.After(30 * time.Second):
		return nil, errors.New("the executor did not start")
	}
}

// fail stops an executor that sent a message it may not send: fail
// closed, nothing it says is taken any more.
func (e *executorProc) fail(err error) {
	e.badMu.Lock()
	if e.bad == nil {
		e.bad = err
	}
	e.badMu.Unlock()
	e.cmd.Process.Kill()
}

// badMessage returns the message that stopped the executor, if one did.
func (e *executorProc) badMessage() error {
	e.badMu.Lock()
	defer e.badMu.Unlock()
	return e.bad
}

// exitStatus waits (briefly) for the executor to exit, after it said a
// line exited the shell, and returns its real exit status; false when it
// did not exit: then it lied, and is stopped.
func (e *executorProc) exitStatus() (int, bool) {
	select {
	case <-e.exited:
	case <-time.After(2 * time.Second):
		e.fail(fmt.Errorf("%w: an exit, and it did not exit", errBadMessage))
		return 0, false
	}
	if e.badMessage() != nil {
		return 0, false
	}
	var ee *exec.ExitError
	switch {
	case e.waitErr == nil:
		return 0, true
	case errors.As(e.waitErr, &ee) && ee.ExitCode() >= 0:
		return ee.ExitCode(), true
	}
	return 1, true
}

// send sends a request.
func (e *executorProc) send(req request) error {
	e.check.sent(req)
	if e.bash != nil {
		return e.bash.send(req)
	}
	if err := e.enc.send(req); err != nil {
		return errExecutorGone
	}
	return nil
}

// interrupt tells the executor that Ctrl-C is about to reach its pty, and
// waits (briefly) until it knows.
func (e *executorProc) interrupt() {
	select {
	case <-e.intrAck:
	default:
	}
	if e.send(request{Op: opIntr}) != nil {
		return
	}
	select {
	case <-e.intrAck:
	case <-e.exited:
	case <-time.After(300 * time.Millisecond):
	}
}

// stop ends the executor: closing the control channel makes it return; it
// is killed if it does not.
//
// Its pty is read a little longer, for what is still on it, and then no
// more, although a program that ignores SIGHUP may hold it open: the
// front end never waits for such a program.
func (e *executorProc) stop() {
	e.reqW.Close()
	select {
	case <-e.exited:
	case <-time.After(500 * time.Millisecond):
		e.cmd.Process.Kill()
		<-e.exited
	}
	select {
	case <-e.pump.done:
	case <-time.After(200 * time.Millisecond):
		e.pump.stop()
		<-e.pump.done
	}
	e.pty.Close()
}

// death describes how the executor ended, for the message.
func (e *executorProc) death() string {
	select {
	case <-e.exited:
	case <-time.After(time.Second):
		return "it stopped answering"
	}
	var ee *exec.ExitError
	if errors.As(e.waitErr, &ee) {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return "killed by " + unix.SignalName(ws.Signal())
		}
		return fmt.Sprintf("exit status %d", ee.ExitCode())
	}
	if e.waitErr != nil {
		return e.waitErr.Error()
	}
	return "it exited"
}
