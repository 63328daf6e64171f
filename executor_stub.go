package main

import (
	"fmt"
	"io"
)

// runExecutor is the pty side of an interactive shell (not built yet).
func runExecutor(o options, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "guardsh: the executor is not built yet")
	return 2
}
