package main

import "io"

// runShell runs guardsh as a shell: -c, a script, stdin, or interactive.
func runShell(o options, stdin io.Reader, stdout, stderr io.Writer) int {
	return 0
}
