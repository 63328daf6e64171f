package main

import "io"

// runCheck classifies each command (or each stdin line) and runs nothing.
func runCheck(o options, stdin io.Reader, stdout, stderr io.Writer) int {
	return 0
}

// runRules lists the rules in force.
func runRules(o options, stdout, stderr io.Writer) int {
	return 0
}
