// Command startfloor is the least a `guardsh -c` built as guardsh is (a Go
// program that runs the line in real bash) can cost, for
// bench/startfloor.sh to time beside `bash -c` and guardsh: it starts,
// runs /usr/bin/env bash with its own arguments and waits for it, with no
// parse, no check and no supervisor. With -exec it replaces itself with
// bash instead (no wait: less than guardsh can do, since guardsh must
// stay to supervise the tree). What guardsh takes beyond this is its own
// work, not the Go runtime's start nor bash's.
package main

import (
	"os"
	"os/exec"
	"syscall"
)

func main() {
	args := os.Args[1:]
	bash, err := exec.LookPath("bash")
	if err != nil {
		os.Exit(127)
	}
	if len(args) > 0 && args[0] == "-exec" {
		syscall.Exec(bash, append([]string{"bash"}, args[1:]...), os.Environ())
		os.Exit(126)
	}
	// syscall's fork and exec, not os/exec's: os/exec's first start also
	// forks a child to learn whether pidfds work.
	pid, err := syscall.ForkExec(bash, append([]string{"bash"}, args...), &syscall.ProcAttr{
		Env:   os.Environ(),
		Files: []uintptr{0, 1, 2},
	})
	if err != nil {
		os.Exit(126)
	}
	var ws syscall.WaitStatus
	for {
		_, err := syscall.Wait4(pid, &ws, 0, nil)
		if err != syscall.EINTR {
			break
		}
	}
	if ws.Signaled() {
		os.Exit(128 + int(ws.Signal()))
	}
	os.Exit(ws.ExitStatus())
}
