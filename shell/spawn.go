package shell

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
	"mvdan.cc/sh/v3/interp"
)

// The common case of running a program, its standard streams all files,
// goes straight to fork and exec (syscall.ForkExec) and waits with
// waitid. os/exec costs more there: its first start forks a child of its
// own to probe for pidfd support, which is most of what `guardsh -c` pays
// over `bash -c` for a short pipeline. Other streams (a buffer, say) take
// the os/exec path, which copies them through pipes.

// stdFiles returns the files a program's standard streams are, /dev/null
// for none; ok is false when one of them is not a file.
func stdFiles(hc interp.HandlerContext) (files [3]*os.File, ok bool) {
	for i, s := range [3]any{hc.Stdin, hc.Stdout, hc.Stderr} {
		switch f := s.(type) {
		case nil:
		case *os.File:
			if f == nil {
				return files, false
			}
			files[i] = f
		default:
			return files, false
		}
	}
	return files, true
}

// pidProc is a child known by its pid. It is only signalled between its
// start and the moment it is known to have exited, before it is reaped, so
// its pid cannot have been reused.
type pidProc int

// Signal sends sig to the child.
func (p pidProc) Signal(sig os.Signal) error {
	s, ok := sig.(syscall.Signal)
	if !ok {
		return errors.New("shell: unsupported signal")
	}
	return syscall.Kill(int(p), s)
}

// spawnAndWait runs path with the standard streams in files (nil for
// /dev/null) and waits for it, as startAndWait does.
func (r *Runner) spawnAndWait(ctx context.Context, hc interp.HandlerContext, path string, args []string, files [3]*os.File) error {
	var fds [3]uintptr
	for i, f := range files {
		if f == nil {
			null, err := os.Open(os.DevNull)
			if err != nil {
				return fmt.Errorf("shell: %w", err)
			}
			defer null.Close()
			f, files[i] = null, null
		}
		fds[i] = f.Fd()
	}
	attr := &syscall.ProcAttr{Dir: hc.Dir, Env: childEnv(ctx, hc.Env), Files: fds[:]}
	pid, err := syscall.ForkExec(path, args, attr)
	for delay := time.Millisecond; errors.Is(err, syscall.ETXTBSY) && delay < 300*time.Millisecond; delay *= 2 {
		time.Sleep(delay)
		pid, err = syscall.ForkExec(path, args, attr)
	}
	runtime.KeepAlive(files)
	switch {
	case errors.Is(err, syscall.ENOEXEC):
		return r.runNoShebang(ctx, hc, path, args)
	case err != nil:
		fmt.Fprintf(hc.Stderr, "%s: %v\n", args[0], err)
		if errors.Is(err, os.ErrPermission) || errors.Is(err, syscall.EISDIR) {
			return interp.ExitStatus(126)
		}
		return interp.ExitStatus(127)
	}
	done := r.procs.add(pidProc(pid))
	ws, err := waitExited(pid, done)
	if err != nil {
		return fmt.Errorf("shell: waiting for %s: %w", args[0], err)
	}
	switch {
	case ws.Signaled():
		if ws.Signal() == syscall.SIGINT {
			// As bash does: a foreground program killed by Ctrl-C
			// abandons the rest of the line.
			r.Signal(syscall.SIGINT, false)
		}
		return interp.ExitStatus(128 + int(ws.Signal()))
	case ws.ExitStatus() != 0:
		return interp.ExitStatus(ws.ExitStatus())
	}
	return nil
}

// waitExited waits for child pid to exit, calls exited while it is not yet
// reaped (its pid still its own), then reaps it.
func waitExited(pid int, exited func()) (syscall.WaitStatus, error) {
	var info unix.Siginfo
	var err error = unix.EINTR
	for err == unix.EINTR {
		err = unix.Waitid(unix.P_PID, pid, &info, unix.WEXITED|unix.WNOWAIT, nil)
	}
	exited()
	if err != nil {
		return 0, err
	}
	var ws syscall.WaitStatus
	err = syscall.EINTR
	for err == syscall.EINTR {
		_, err = syscall.Wait4(pid, &ws, 0, nil)
	}
	return ws, err
}
