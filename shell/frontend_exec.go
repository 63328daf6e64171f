package shell

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
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
}

// errExecutorGone reports that the executor died.
var errExecutorGone = errors.New("the executor died")

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
	e := &executorProc{
		cmd:     cmd,
		pty:     master,
		enc:     newEncoder(reqW),
		reqW:    reqW,
		replies: make(chan reply, 4),
		pump:    newOutputPump(master, screen),
		exited:  make(chan struct{}),
		intrAck: make(chan struct{}, 1),
	}
	go e.pump.run()
	go func() {
		defer close(e.replies)
		defer repR.Close()
		dec := json.NewDecoder(repR)
		for {
			var r reply
			if err := dec.Decode(&r); err != nil {
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

// send sends a request.
func (e *executorProc) send(req request) error {
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
