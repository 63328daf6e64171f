package main

import "io"

func runLog(o options, stdout, stderr io.Writer) int {
	io.WriteString(stderr, "guardsh: not built yet\n")
	return 1
}
