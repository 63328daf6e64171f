package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"golang.org/x/sys/unix"

	"guardsh/guard"
	"guardsh/shell"
)

// runLine runs the input of guardsh -c, a script or stdin. With
// --approved LEVEL (the command a coding agent's hook rewrote: the hook
// approved the line at LEVEL, asking the person where the level needed
// it), a line at or below LEVEL runs without a question and every command
// found above LEVEL as it runs is refused (nobody is asked on the
// terminal, which belongs to the agent); a line above LEVEL is decided as
// usual: the runner's one whole-line decision does both (hookOption).
// With --cwd-fd N, the shell's last working directory is written on
// descriptor N when the input ends, for the agent to follow a cd.
func runLine(o options, r *shell.Runner, src string) int {
	if fd := o.agent.cwdFD; fd > 0 {
		if f := cwdFile(fd); f != nil {
			defer func() {
				io.WriteString(f, r.Dir())
				f.Close()
			}()
		}
	}
	return r.Run(context.Background(), src)
}

// hookOption returns the runner's option for --approved LEVEL (nil
// without it), or the status to exit with when LEVEL is not one a hook
// may approve at.
func hookOption(o options, stderr io.Writer) (opt shell.Option, status int) {
	if o.agent.approved == "" {
		return nil, -1
	}
	level, err := guard.ParseLevel(o.agent.approved)
	if err != nil || level >= guard.Blocked {
		fmt.Fprintf(stderr, "guardsh: --approved %q: want safe, info_leak, medium or high\n%s", o.agent.approved, usageLine)
		return nil, 2
	}
	return shell.WithHookApproved(level), -1
}

// cwdFile returns descriptor fd as a file, marked close-on-exec so that
// what guardsh runs does not hold it open (the agent reads it to its
// end); nil when it is not open.
func cwdFile(fd int) *os.File {
	if _, err := unix.FcntlInt(uintptr(fd), unix.F_GETFD, 0); err != nil {
		return nil
	}
	unix.CloseOnExec(fd)
	return os.NewFile(uintptr(fd), "cwd-fd")
}
