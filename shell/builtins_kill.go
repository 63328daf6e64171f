package shell

import (
	"fmt"
	"strconv"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
	"mvdan.cc/sh/v3/interp"
)

// builtinKill is bash's kill: kill [-s SIG | -n NUM | -SIG] PID...,
// kill -l [SIG...]. Background jobs of the interpreter have no process id
// of their own ($! is a "gN" name), so only real pids can be signaled.
func builtinKill(hc interp.HandlerContext, args []string) int {
	sig := syscall.SIGTERM
	if len(args) == 0 {
		fmt.Fprintln(hc.Stderr, "kill: usage: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]")
		return 2
	}
	switch a := args[0]; {
	case a == "-l" || a == "-L":
		return killList(hc, args[1:])
	case a == "-s" || a == "-n":
		if len(args) < 2 {
			fmt.Fprintf(hc.Stderr, "kill: %s: option requires an argument\n", a)
			return 2
		}
		s, ok := parseSignal(args[1])
		if !ok {
			fmt.Fprintf(hc.Stderr, "kill: %s: invalid signal specification\n", args[1])
			return 1
		}
		sig, args = s, args[2:]
	case a == "--":
		args = args[1:]
	case strings.HasPrefix(a, "-") && len(a) > 1:
		s, ok := parseSignal(a[1:])
		if !ok {
			fmt.Fprintf(hc.Stderr, "kill: %s: invalid signal specification\n", a[1:])
			return 1
		}
		sig, args = s, args[1:]
		if len(args) > 0 && args[0] == "--" {
			args = args[1:]
		}
	}
	if len(args) == 0 {
		fmt.Fprintln(hc.Stderr, "kill: usage: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]")
		return 2
	}
	status := 0
	for _, a := range args {
		pid, err := strconv.Atoi(a)
		if err != nil {
			if strings.HasPrefix(a, "%") || strings.HasPrefix(a, "g") {
				fmt.Fprintf(hc.Stderr, "kill: %s: guardsh cannot signal a background job by job id; use its process id\n", a)
			} else {
				fmt.Fprintf(hc.Stderr, "kill: %s: arguments must be process or job IDs\n", a)
			}
			status = 1
			continue
		}
		if err := syscall.Kill(pid, sig); err != nil {
			fmt.Fprintf(hc.Stderr, "kill: (%d) - %s\n", pid, errText(err))
			status = 1
		}
	}
	return status
}

// errText is an errno's text with a capital letter, as bash prints it.
func errText(err error) string {
	s := err.Error()
	if s != "" {
		s = strings.ToUpper(s[:1]) + s[1:]
	}
	return s
}

// killList is kill -l: every signal, or the name of a number (also an
// exit status above 128) or the number of a name.
func killList(hc interp.HandlerContext, args []string) int {
	if len(args) == 0 {
		n := 0
		for i := 1; i < 65; i++ {
			name := unix.SignalName(syscall.Signal(i))
			if name == "" {
				continue
			}
			fmt.Fprintf(hc.Stdout, "%2d) %-8s", i, name)
			n++
			if n%5 == 0 {
				fmt.Fprintln(hc.Stdout)
			} else {
				fmt.Fprint(hc.Stdout, "\t")
			}
		}
		if n%5 != 0 {
			fmt.Fprintln(hc.Stdout)
		}
		return 0
	}
	status := 0
	for _, a := range args {
		if n, err := strconv.Atoi(a); err == nil {
			if n > 128 {
				n -= 128
			}
			name := unix.SignalName(syscall.Signal(n))
			if name == "" {
				fmt.Fprintf(hc.Stderr, "kill: %s: invalid signal specification\n", a)
				status = 1
				continue
			}
			fmt.Fprintln(hc.Stdout, strings.TrimPrefix(name, "SIG"))
			continue
		}
		s, ok := parseSignal(a)
		if !ok {
			fmt.Fprintf(hc.Stderr, "kill: %s: invalid signal specification\n", a)
			status = 1
			continue
		}
		fmt.Fprintln(hc.Stdout, int(s))
	}
	return status
}

// parseSignal parses a signal number or name (TERM, SIGTERM, term).
func parseSignal(s string) (syscall.Signal, bool) {
	if n, err := strconv.Atoi(s); err == nil {
		if n < 0 || n > 64 {
			return 0, false
		}
		return syscall.Signal(n), true
	}
	name := strings.ToUpper(s)
	if !strings.HasPrefix(name, "SIG") {
		name = "SIG" + name
	}
	sig := unix.SignalNum(name)
	return sig, sig != 0
}
