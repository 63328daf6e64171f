package main

import (
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// The guardsh a script starts (exec guardsh) has a watchdog: still
// running after $GUARDSH_TEST_WATCHDOG (setupScript sets it), it prints
// its goroutines and what each process under it waits on in the kernel,
// kills them and exits 124. A hang then fails its script within minutes
// and says where it hangs, rather than taking the package's whole time
// limit with nothing but the test binary's own goroutines to show.
// The longest guardsh of a script (bash_supervised_race) takes some 10 s
// on two cores at a load of 18.
func scriptWatchdog() {
	d, err := time.ParseDuration(os.Getenv("GUARDSH_TEST_WATCHDOG"))
	if err != nil || d <= 0 {
		return
	}
	time.AfterFunc(d, func() {
		var b strings.Builder
		fmt.Fprintf(&b, "guardsh (test watchdog): still running after %v\n", d)
		tree := descendants(os.Getpid())
		for _, pid := range tree {
			fmt.Fprintf(&b, "process %d: %s\n", pid, procState(pid))
		}
		buf := make([]byte, 1<<20)
		b.Write(buf[:runtime.Stack(buf, true)])
		os.Stderr.WriteString(b.String())
		for i := len(tree) - 1; i >= 0; i-- {
			syscall.Kill(tree[i], syscall.SIGKILL)
		}
		os.Exit(124)
	})
}

// descendants lists the processes under pid, parents first.
func descendants(pid int) []int {
	var pids []int
	queue := []int{pid}
	for len(queue) > 0 && len(pids) < 256 {
		p := queue[0]
		queue = queue[1:]
		tasks, _ := os.ReadDir("/proc/" + strconv.Itoa(p) + "/task")
		for _, t := range tasks {
			b, _ := os.ReadFile("/proc/" + strconv.Itoa(p) + "/task/" + t.Name() + "/children")
			for _, f := range strings.Fields(string(b)) {
				if n, err := strconv.Atoi(f); err == nil {
					pids = append(pids, n)
					queue = append(queue, n)
				}
			}
		}
	}
	return pids
}

// procState is a process's command line, state, wait channel, system
// call, descriptors (a pipe a process holds open is a hang of whoever
// reads it) and kernel stack, as far as /proc shows them.
func procState(pid int) string {
	dir := "/proc/" + strconv.Itoa(pid) + "/"
	read := func(name string) string {
		b, err := os.ReadFile(dir + name)
		if err != nil {
			return "?"
		}
		return strings.TrimSpace(strings.ReplaceAll(string(b), "\x00", " "))
	}
	stat := read("stat")
	if i := strings.LastIndexByte(stat, ')'); i >= 0 && i+2 < len(stat) {
		stat = stat[i+2 : i+3] // the state letter
	}
	var fds []string
	ents, _ := os.ReadDir(dir + "fd")
	for _, e := range ents {
		target, _ := os.Readlink(dir + "fd/" + e.Name())
		fds = append(fds, e.Name()+"="+target)
	}
	return fmt.Sprintf("%s; state %s; wchan %s; syscall %s; fds %s\n%s", read("cmdline"), stat, read("wchan"), read("syscall"), strings.Join(fds, " "), read("stack"))
}
