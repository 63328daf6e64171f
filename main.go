// guardsh starts for every line: the runtime's goroutine that follows
// the cgroup's CPU limit (checked each second) is not worth its start.

//go:debug updatemaxprocs=0

// Command guardsh is a shell that stands between a person (or a coding agent)
// and the system: it parses every line, classifies what it would do, asks
// before anything risky runs, and checks each command again as it runs.
package main

import (
	"os"

	"guardsh/shell/supervise"
)

func main() {
	// The supervisor re-executes guardsh as the helper that puts a line's
	// bash under its filter: that must happen before anything else runs.
	supervise.MaybeChild()
	os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr))
}
