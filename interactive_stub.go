package main

import (
	"fmt"
	"io"
)

// runInteractive is the interactive shell; the interactive engineer
// replaces this stub with main/interactive.go.
func runInteractive(o options, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "guardsh: interactive mode is not built yet")
	return 2
}
