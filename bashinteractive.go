package main

import (
	"fmt"
	"io"
	"os/exec"
	"sync/atomic"

	"guardsh/guard"
	"guardsh/shell"
	"guardsh/shell/supervise"
)

// interactiveBash is the interactive shell's bash executor when the
// settings ask for it (executor = "bash", or supervise = "required"):
// a long-lived bash on the pty, under the supervisor, whose every stopped
// call the guard classifies (decider.go) and the front end decides at the
// level of the line that runs. Where bash or the supervisor is missing it
// says so and returns nil (the interpreter executor), or, when the policy
// requires the supervisor, false: no line may run.
func interactiveBash(st settings, g *guard.Guard, home string, stderr io.Writer) (*shell.BashConfig, bool) {
	if !st.interactiveBashExecutor() {
		return nil, true
	}
	bash, err := exec.LookPath("bash")
	avail := available()
	switch {
	case err != nil && st.superviseRequired():
		fmt.Fprintf(stderr, "guardsh: refused: executor = \"bash\" and bash is not found: %v\n", err)
		return nil, false
	case err != nil:
		fmt.Fprintf(stderr, "guardsh: executor = \"bash\" and bash is not found (%v): lines run in guardsh's interpreter\n", err)
		return nil, true
	case !avail.OK && nestedSupervised(avail):
		return nil, true // inside a supervised guardsh's tree, which checks all of it
	case !avail.OK && st.superviseRequired():
		fmt.Fprintf(stderr, "guardsh: refused: the supervisor cannot run here (%s), and the policy requires it (supervise = \"required\")\n", avail.Reason)
		return nil, false
	case !avail.OK:
		fmt.Fprintf(stderr, "guardsh: the supervisor cannot run here (%s): lines run in guardsh's interpreter\n", avail.Reason)
		return nil, true
	}
	return &shell.BashConfig{Path: bash, Start: func(cmd *exec.Cmd, gate shell.BashGate) (func(), error) {
		d := newDecider(g, nil, cmd, guard.Safe, cmd.Env, home)
		d.gate = gate
		var limitSaid atomic.Bool
		sup, err := supervise.Start(cmd, supervise.Config{
			Decider:      d,
			MaxProcs:     maxProcs,
			AllowInitial: true,
			Notice: func(n supervise.Notice) {
				if n.Syscall == "fork" {
					if !limitSaid.Swap(true) {
						fmt.Fprintf(stderr, "\rguardsh: stopped a fork bomb: %s\r\n", n.Message)
					}
					return
				}
				fmt.Fprintf(stderr, "\rguardsh: supervisor: pid %d, %s: %s\r\n", n.Pid, n.Syscall, n.Message)
			},
		})
		if err != nil {
			return nil, err
		}
		return func() { sup.Close() }, nil
	}}, true
}
