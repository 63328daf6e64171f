package supervise

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"sync"

	"golang.org/x/sys/unix"
)

// EarlyLimit bounds what Early.Run sends the helper: the target's path,
// argv and environment, each string with its NUL, plus 8 bytes. The
// helper of its own receives them into a buffer of this size and refuses
// a longer message (it exits 125 without executing anything), as Run
// refuses to send one: the caller then starts the command the late way
// (Start), which passes them in the helper's argv and environment, up to
// the kernel's own limits. 128 KiB is within the kernel's ARG_MAX for
// any stack limit of 512 KiB or more, and within one message of the
// socket's default send buffer.
const EarlyLimit = 128 << 10

// Early is a supervised command's helper started before the command is
// decided (Prestart): forked with the settings of the command the caller
// gave (stdio, ExtraFiles, SysProcAttr, Dir), its filter installed and
// its listener received, it waits for its target, which it executes only
// once Run sends it. Abort, an exit of the caller (the socket closed) or
// a malformed message make it exit 125 without executing anything.
type Early struct {
	done     chan struct{} // closed when the helper is started, or failed to
	cmd      *exec.Cmd
	maxProcs int
	s        *Supervisor
	parent   int // the socket's end that sends the target
	err      error
	mu       sync.Mutex // held by Run and Abort
	spent    bool
}

// Prestart starts, on a goroutine of its own, the helper for cmd under
// cfg's process limit, with everything of cmd but its program: the
// target's path, argv and environment are given to Run later, and cmd's
// Path, Args and Env are the helper's. cmd's stdio, ExtraFiles,
// SysProcAttr and Dir must be final, as for Start: the helper is forked
// with them now. cfg's Decider, Notice and AllowInitial are Run's.
//
// The caller then calls Run, or Abort, exactly once (Abort after Run does
// nothing), and after a successful Run waits for cmd and closes the
// supervisor as after Start. Only the helper of its own waits so: where
// it cannot be used, Run fails and the caller starts the command with
// Start.
func Prestart(cmd *exec.Cmd, cfg Config) *Early {
	e := &Early{done: make(chan struct{}), cmd: cmd, maxProcs: cfg.MaxProcs, parent: -1}
	cmd.Err = nil // a failed look-up of a Path that is not used
	go func() {
		defer close(e.done)
		e.s, e.parent, e.err = spawn(cmd, cfg, tryCgroup, useGoHelper(), true)
	}()
	// Yield to it: left to wait for another thread (a CPU woken), it
	// started 0.3-0.5 ms late, about when the caller had decided; so it
	// forks at once, and the caller goes on as the fork blocks it.
	runtime.Gosched()
	return e
}

// Cmd returns the command given to Prestart: after a successful Run, the
// process to wait for.
func (e *Early) Cmd() *exec.Cmd { return e.cmd }

// Run hands the helper its target: it executes path with argv and env
// (deduplicated as os/exec does, the last value of a name kept), its
// exec being the initial one (Event.Initial), under a supervisor with
// cfg, whose MaxProcs must be Prestart's. If Run fails, nothing of path
// ran and the helper was waited for: the caller may start the command
// with Start instead. A message longer than EarlyLimit is not sent.
func (e *Early) Run(cfg Config, path string, argv, env []string) (*Supervisor, error) {
	if e == nil {
		return nil, errors.New("supervise: no early start")
	}
	<-e.done
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.spent {
		return nil, errors.New("supervise: early start already used")
	}
	if e.err != nil {
		e.spent = true
		return nil, e.err
	}
	if env == nil {
		env = os.Environ()
	}
	msg, err := targetMessage(path, argv, dedupEnv(env))
	switch {
	case err != nil:
	case cfg.Decider == nil:
		err = errors.New("supervise: no decider")
	case cfg.MaxProcs != e.maxProcs:
		err = fmt.Errorf("supervise: process limit %d, the helper was started with %d", cfg.MaxProcs, e.maxProcs)
	}
	if err != nil {
		e.abort()
		return nil, err
	}
	e.spent = true
	s := e.s
	s.cfg = cfg
	go s.loop()
	err = unix.Sendmsg(e.parent, msg, nil, nil, unix.MSG_NOSIGNAL)
	unix.Close(e.parent)
	if err != nil {
		// The helper is gone (a signal) or went wrong: nothing ran.
		e.cmd.Process.Kill()
		e.cmd.Wait()
		s.Close()
		return nil, fmt.Errorf("supervise: sending the target: %w", err)
	}
	return s, nil
}

// Abort ends the helper without executing anything and waits for it.
// It does nothing after Run or Abort, or on a nil Early. It may be called
// from another goroutine than Run's: a caller that knows early that the
// helper is not needed aborts it on a goroutine of its own, and again
// (waiting for that) before it exits.
func (e *Early) Abort() {
	if e == nil {
		return
	}
	<-e.done
	e.mu.Lock()
	defer e.mu.Unlock()
	e.abort()
}

// abort is Abort with e.mu held.
func (e *Early) abort() {
	if e.spent {
		return
	}
	e.spent = true
	if e.err != nil {
		return
	}
	unix.Close(e.parent) // the helper reads an end of file
	e.cmd.Process.Kill() // even stopped
	e.cmd.Wait()
	s := e.s
	unix.Close(s.listener)
	unix.Close(s.wakeR)
	unix.Close(s.wakeW)
	s.cleanupLimit()
}

// targetMessage is what the helper of its own receives (testdata/helper.S):
// u32 len(argv), u32 len(env), then path, argv and env, each string
// NUL-terminated.
func targetMessage(path string, argv, env []string) ([]byte, error) {
	if len(argv) == 0 {
		return nil, errors.New("supervise: no argv")
	}
	n := 8 + len(path) + 1
	for _, l := range [][]string{argv, env} {
		for _, a := range l {
			n += len(a) + 1
		}
	}
	if n > EarlyLimit {
		return nil, fmt.Errorf("supervise: the target's path, argv and environment take %d bytes, more than %d", n, EarlyLimit)
	}
	b := make([]byte, 8, n)
	binary.LittleEndian.PutUint32(b[0:], uint32(len(argv)))
	binary.LittleEndian.PutUint32(b[4:], uint32(len(env)))
	for _, l := range [][]string{{path}, argv, env} {
		for _, a := range l {
			if strings.IndexByte(a, 0) >= 0 {
				return nil, fmt.Errorf("supervise: a NUL in %q", a)
			}
			b = append(append(b, a...), 0)
		}
	}
	return b, nil
}

// dedupEnv is env as os/exec passes it: for each name its last value, at
// the place of that last one; an entry without "=" (but empty) kept.
func dedupEnv(env []string) []string {
	out := make([]string, 0, len(env))
	saw := make(map[string]bool, len(env))
	for i := len(env) - 1; i >= 0; i-- {
		kv := env[i]
		k := strings.Index(kv, "=")
		if k == 0 {
			k = strings.Index(kv[1:], "=") + 1
		}
		if k < 0 {
			if kv != "" {
				out = append(out, kv)
			}
			continue
		}
		if saw[kv[:k]] {
			continue
		}
		saw[kv[:k]] = true
		out = append(out, kv)
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}
