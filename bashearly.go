package main

import (
	"io"
	"os"
	"os/exec"

	"guardsh/shell/supervise"
)

// A line guardsh -c runs in bash has its supervisor's helper forked
// before the line is decided (supervise.Prestart): its fork, exec, filter
// and listener overlap the settings' loading and the line's check on the
// other CPU, and it executes bash only once the line is approved, with the
// argv and environment it is then sent. It is forked with what bash would
// get from the late start (runBash): guardsh's stdio and process group,
// no descriptor of its own, guardsh's directory. A run that needs more
// (a prelude's descriptor, a line run outside the supervisor, another
// executor) aborts it: the helper exits, nothing executed.

// prestartBash starts the early helper for a -c line, or returns nil
// where the line may not run in a plain bash with guardsh's stdio.
func prestartBash(o options, session bool, stdin io.Reader, stdout, stderr io.Writer) *supervise.Early {
	if !o.hasCommand || session || o.agent.cwdFD > 0 ||
		stdin != io.Reader(os.Stdin) || stdout != io.Writer(os.Stdout) || stderr != io.Writer(os.Stderr) {
		return nil
	}
	cmd := &exec.Cmd{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}
	return supervise.Prestart(cmd, supervise.Config{MaxProcs: maxProcs})
}

// startSupervised starts cmd under the supervisor with cfg: through the
// early helper when it was forked with all cmd differs in (stdio, no
// extra descriptors, directory, attributes), else, the early one
// aborted, as supervise.Start does. It returns the command to wait for.
func startSupervised(early *supervise.Early, cmd *exec.Cmd, cfg supervise.Config) (*exec.Cmd, *supervise.Supervisor, error) {
	if early != nil && cmd.Err == nil && len(cmd.ExtraFiles) == 0 && cmd.Dir == "" && cmd.SysProcAttr == nil {
		ec := early.Cmd()
		if cmd.Stdin == ec.Stdin && cmd.Stdout == ec.Stdout && cmd.Stderr == ec.Stderr {
			if sup, err := early.Run(cfg, cmd.Path, cmd.Args, cmd.Env); err == nil {
				return ec, sup, nil
			}
		}
	}
	early.Abort()
	sup, err := supervise.Start(cmd, cfg)
	return cmd, sup, err
}
