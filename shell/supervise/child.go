package supervise

import (
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
)

// The re-executed helper is recognised by both: argv[1] is childArg and
// childEnv names the socket's descriptor.
const (
	childArg = "--guardsh-supervise-child"
	childEnv = "GUARDSH_SUPERVISE_FD"
)

// Exit statuses of the helper when it cannot run the target, as a shell's.
const (
	exitSetup    = 125 // the filter could not be installed: nothing ran
	exitNoExec   = 126 // the target exists but could not be executed
	exitNotFound = 127
)

// MaybeChild runs the supervised child's setup when the process is the
// helper that Start re-executes, and never returns then; otherwise it
// returns at once. main must call it first, before anything else runs.
//
// The helper locks its OS thread, installs the seccomp filter on it
// (with no_new_privs where the kernel requires it), sends the listener
// to the supervisor over the inherited socket, closes every copy it has
// and executes the target from the same thread, so that the target and
// everything it starts run under the filter.
func MaybeChild() {
	if len(os.Args) < 5 || os.Args[1] != childArg {
		return
	}
	fdStr, ok := os.LookupEnv(childEnv)
	if !ok {
		return
	}
	runtime.LockOSThread()
	os.Exit(runChild(fdStr, os.Args[2], os.Args[3], os.Args[4:]))
}

// childArgs is the helper's argv after the executable: the marker, the
// options ("c" when forks are counted, else "-"), the target's path and
// its argv.
func childArgs(opts filterOptions, path string, argv []string) []string {
	o := "-"
	if opts.countForks {
		o = "c"
	}
	return append([]string{childArg, o, path}, argv...)
}

func runChild(fdStr, optStr, path string, argv []string) int {
	sock, err := strconv.Atoi(fdStr)
	if err != nil || sock < 3 {
		fmt.Fprintf(os.Stderr, "guardsh: supervised child: bad %s=%q\n", childEnv, fdStr)
		return exitSetup
	}
	env := make([]string, 0, len(os.Environ()))
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, childEnv+"=") {
			env = append(env, kv)
		}
	}
	opts := filterOptions{countForks: optStr == "c"}
	listener, err := setupChild(opts)
	if err != nil {
		msg := []byte("e" + err.Error())
		_ = unix.Sendmsg(sock, msg, nil, nil, 0)
		fmt.Fprintf(os.Stderr, "guardsh: supervised child: %v\n", err)
		return exitSetup
	}
	err = unix.Sendmsg(sock, []byte("k"), unix.UnixRights(listener), nil, 0)
	unix.Close(listener)
	if err != nil {
		fmt.Fprintf(os.Stderr, "guardsh: supervised child: sending the listener: %v\n", err)
		return exitSetup
	}
	unix.Close(sock)
	// The thread is locked: the exec happens on the thread with the filter.
	err = syscall.Exec(path, argv, env)
	fmt.Fprintf(os.Stderr, "guardsh: %s: %v\n", path, err)
	if err == syscall.ENOENT {
		return exitNotFound
	}
	return exitNoExec
}

// setupChild installs the filter on the calling, locked thread.
func setupChild(opts filterOptions) (int, error) {
	prog, err := buildFilter(opts)
	if err != nil {
		return -1, err
	}
	fd, err := installFilter(prog)
	if err != nil {
		return -1, fmt.Errorf("installing the seccomp filter: %w", err)
	}
	return fd, nil
}
