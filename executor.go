package main

import (
	"fmt"
	"io"
	"os"
	"syscall"

	"guardsh/shell"
)

// runExecutor is the pty side of an interactive shell (guardsh
// --executor, started by the front end): it runs approved lines in one
// long-lived interpreter, with the control channel on descriptors 3 and 4.
func runExecutor(o options, stdin io.Reader, stdout, stderr io.Writer) int {
	var st syscall.Stat_t
	if syscall.Fstat(3, &st) != nil || syscall.Fstat(4, &st) != nil {
		fmt.Fprintln(stderr, "guardsh: --executor is started by an interactive guardsh")
		return 2
	}
	settings := loadSettings(o, io.Discard) // the front end reported the problems
	g, err := guardFrom(settings, true)
	if err != nil {
		fmt.Fprintf(stderr, "guardsh: %v\n", err)
		return 2
	}
	auditOpts, _, ok := openAudit(settings, stderr, true)
	if !ok {
		return 126
	}
	return shell.RunExecutor(shell.ExecutorConfig{
		Checker:  g,
		Options:  append(append(settings.runnerOptions(o.yes), shell.WithShellOpts(o.shellOpts...)), auditOpts...),
		Requests: os.NewFile(3, "requests"),
		Replies:  os.NewFile(4, "replies"),
	})
}
