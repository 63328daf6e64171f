package main

import (
	"fmt"
	"io"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "0.1.0-dev"

// run is guardsh's whole life: it parses the command line, picks a mode
// and returns the exit status.
func run(argv []string, stdin io.Reader, stdout, stderr io.Writer) int {
	o, err := parseFlags(argv)
	if err != nil {
		fmt.Fprintf(stderr, "guardsh: %v\n%s", err, usageLine)
		return 2
	}
	switch {
	case o.executor:
		return runExecutor(o, stdin, stdout, stderr)
	case o.help:
		fmt.Fprint(stdout, helpText)
		return 0
	case o.version:
		fmt.Fprintf(stdout, "guardsh %s\n", version)
		fmt.Fprintf(stdout, "executor: %s\n", loadSettings(o, io.Discard).executorLine())
		return 0
	case o.rules:
		return runRules(o, stdout, stderr)
	case o.check:
		return runCheck(o, stdin, stdout, stderr)
	case o.agent.mode():
		return runAgent(o, stdin, stdout, stderr)
	}
	return runShell(o, stdin, stdout, stderr)
}

const usageLine = "usage: guardsh [options] [-c STRING [NAME [ARGS...]] | FILE [ARGS...] | -s [ARGS...]]\n       guardsh --check [--json] [CMD...] | --rules [--json]\n"
