package supervise

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// limiter bounds the number of processes in the tree.
//
// RLIMIT_NPROC cannot do it: it counts every process of the user, not of
// the tree, and does not apply to root. A cgroup's pids.max does, at no
// cost per fork but a migration's at the start: with tryCgroup the
// supervisor makes a cgroup for the tree when it can (root, or a
// delegated cgroup v2 subtree) and moves the child into it before the
// target runs. Otherwise (the default) the filter also reports fork,
// vfork, clone3 and clone without CLONE_THREAD, and the supervisor counts.
type limiter interface {
	name() string
	counts() bool // the filter must report forks
	add(pid int) error
	seen(pid int)
	allowFork(pid int) bool
	// roomy reports a count so far below the limit that the fork about
	// to be counted cannot bring it there: it is allowed before allowFork
	// counts it, so that the forking process does not wait for /proc to
	// be read.
	roomy() bool
	hit() bool
	close()
}

var cgroupSeq atomic.Int64

// tryCgroup says whether Start enforces the limit with a cgroup where it
// can. It does not by default: joining a cgroup v1 (the pids controller
// here, and on most systems that have one) waits for an RCU grace period,
// some 2 to 10 ms of a short line's start, while the counter costs
// nothing at the start and some 40 µs of the supervisor's CPU per fork,
// lost in a build's noise (docs/how-it-works.md, "Cost of executor =
// bash"). Tests of the cgroup set it.
var tryCgroup = false

func newLimiter(max int, cgroupOK bool) (limiter, error) {
	if cgroupOK {
		if l, err := newCgroupLimiter(max); err == nil {
			return l, nil
		}
	}
	return newCounter(max), nil
}

// cgroupLimiter is a cgroup of its own with pids.max.
type cgroupLimiter struct {
	dir string
}

// pidsCgroupDir returns the directory of the calling process's cgroup
// that has the pids controller: the v1 pids hierarchy, or v2 when pids is
// enabled in the current cgroup's subtree_control.
func pidsCgroupDir() (string, error) {
	data, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		return "", err
	}
	mounts, err := cgroupMounts()
	if err != nil {
		return "", err
	}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		parts := strings.SplitN(line, ":", 3)
		if len(parts) != 3 {
			continue
		}
		if parts[0] != "0" && slices.Contains(strings.Split(parts[1], ","), "pids") {
			if m, ok := mounts["pids"]; ok {
				return filepath.Join(m, parts[2]), nil
			}
		}
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "0::"); ok {
			m, ok := mounts[""]
			if !ok {
				break
			}
			dir := filepath.Join(m, rest)
			sub, err := os.ReadFile(filepath.Join(dir, "cgroup.subtree_control"))
			if err == nil && slices.Contains(strings.Fields(string(sub)), "pids") {
				return dir, nil
			}
		}
	}
	return "", fmt.Errorf("no pids cgroup controller available")
}

// cgroupMounts maps "pids" to the v1 pids hierarchy's mount point and ""
// to the cgroup v2 mount point.
func cgroupMounts() (map[string]string, error) {
	f, err := os.Open("/proc/self/mountinfo")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	m := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		sep := slices.Index(fields, "-")
		if sep < 5 || len(fields) < sep+4 {
			continue
		}
		mp, fstype, opts := fields[4], fields[sep+1], fields[sep+3]
		switch fstype {
		case "cgroup2":
			if _, ok := m[""]; !ok {
				m[""] = mp
			}
		case "cgroup":
			if slices.Contains(strings.Split(opts, ","), "pids") {
				m["pids"] = mp
			}
		}
	}
	return m, sc.Err()
}

func newCgroupLimiter(max int) (*cgroupLimiter, error) {
	parent, err := pidsCgroupDir()
	if err != nil {
		return nil, err
	}
	sweep(parent)
	dir := filepath.Join(parent, fmt.Sprintf("guardsh-%d-%d", os.Getpid(), cgroupSeq.Add(1)))
	if err := os.Mkdir(dir, 0o755); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, "pids.max"), []byte(strconv.Itoa(max)), 0); err != nil {
		os.Remove(dir)
		return nil, err
	}
	return &cgroupLimiter{dir: dir}, nil
}

func (c *cgroupLimiter) name() string       { return "cgroup" }
func (c *cgroupLimiter) counts() bool       { return false }
func (c *cgroupLimiter) seen(int)           {}
func (c *cgroupLimiter) allowFork(int) bool { return true }
func (c *cgroupLimiter) roomy() bool        { return true }

// failCgroupJoin makes joining the cgroup fail, in tests.
var failCgroupJoin = false

func (c *cgroupLimiter) add(pid int) error {
	if failCgroupJoin {
		return errors.New("joining the cgroup: simulated failure")
	}
	return os.WriteFile(filepath.Join(c.dir, "cgroup.procs"), []byte(strconv.Itoa(pid)), 0)
}

// hit reads pids.events: "max N" counts the forks the limit refused.
func (c *cgroupLimiter) hit() bool {
	data, err := os.ReadFile(filepath.Join(c.dir, "pids.events"))
	if err != nil {
		return false
	}
	for _, line := range bytes.Split(data, []byte("\n")) {
		if f := bytes.Fields(line); len(f) == 2 && string(f[0]) == "max" && string(f[1]) != "0" {
			return true
		}
	}
	return false
}

// close removes the cgroup. The last tasks leave it a little after they
// exit (EBUSY meanwhile): close retries briefly, then goes on retrying in
// the background for a few seconds. While a process of the tree still
// runs in it (after Close), it stays, the kernel keeps enforcing the
// limit, and a later newCgroupLimiter removes it once empty and its
// supervisor gone.
func (c *cgroupLimiter) close() {
	retry := func(delay, max time.Duration) bool {
		for ; ; delay = min(2*delay, 100*time.Millisecond) {
			err := os.Remove(c.dir)
			if err == nil || !errors.Is(err, syscall.EBUSY) {
				return true
			}
			if max -= delay; max < 0 {
				return false
			}
			time.Sleep(delay)
		}
	}
	if !retry(time.Millisecond, 16*time.Millisecond) {
		go retry(10*time.Millisecond, 5*time.Second)
	}
}

// sweep removes the empty cgroups that supervisors in processes now gone
// left behind.
func sweep(parent string) {
	dirs, _ := filepath.Glob(filepath.Join(parent, "guardsh-*-*"))
	for _, d := range dirs {
		pid, err := strconv.Atoi(strings.Split(filepath.Base(d), "-")[1])
		if err != nil || pid == os.Getpid() {
			continue
		}
		if _, alive := startTime(pid); !alive {
			os.Remove(d) // fails, harmlessly, while not empty
		}
	}
}

// counter counts the processes of the tree it has seen: every process
// that made a reported call, and the children of every process that
// forks (read from /proc/PID/task/TID/children). A fork is refused with
// EAGAIN, as the kernel's own limits answer, when the live processes
// counted reach the limit. A process that never makes a reported call is
// counted only when its parent's children are read again, so the tree
// can exceed the limit by at most one process per counted parent.
//
// Far below the limit nothing is read of /proc: a process seen is
// counted without its start time, and each fork allowed counts one
// process more (pending) until the count reaches half the limit; then the
// children of the processes that forked meanwhile are read, and counting
// goes on as above. A short line's two or three forks read nothing.
type counter struct {
	max int
	mu  sync.Mutex
	// known maps a pid to its start time (0 until read: see prune), so
	// that a reused pid is not counted for a dead one.
	known map[int]uint64
	// pending counts the forks allowed since the children of their
	// processes (forkers) were last read.
	pending int
	forkers map[int]bool
	limited atomic.Bool
}

func newCounter(max int) *counter {
	return &counter{max: max, known: map[int]uint64{}, forkers: map[int]bool{}}
}

func (c *counter) name() string { return "count" }
func (c *counter) counts() bool { return true }
func (c *counter) close()       {}
func (c *counter) hit() bool    { return c.limited.Load() }

func (c *counter) add(pid int) error {
	c.seen(pid)
	return nil
}

func (c *counter) seen(pid int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.seenLocked(pid)
}

// seenLocked counts pid; its start time is read when the count is pruned.
func (c *counter) seenLocked(pid int) {
	if _, ok := c.known[pid]; !ok {
		c.known[pid] = 0
	}
}

// readLocked counts a live pid not yet counted, with its start time.
func (c *counter) readLocked(pid int) {
	if _, ok := c.known[pid]; ok {
		return
	}
	if t, ok := startTime(pid); ok {
		c.known[pid] = t
	}
}

// roomy: below half the limit, each fork whose children were not read
// counted as one process. Once the count is read, it adds the forking
// processes, if new, and their children not yet counted: those forks'
// children, and the few of forks counted before that the reading then
// missed, never half the limit.
func (c *counter) roomy() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.known)+c.pending < c.max/2
}

func (c *counter) allowFork(pid int) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.seenLocked(pid)
	if len(c.known)+c.pending+1 < c.max/2 {
		// Still below half the limit with the new process counted.
		c.pending++
		c.forkers[pid] = true
		return true
	}
	for p := range c.forkers {
		c.childrenLocked(p)
	}
	clear(c.forkers)
	c.pending = 0
	c.childrenLocked(pid)
	if len(c.known) < c.max {
		return true
	}
	c.prune()
	if len(c.known) < c.max {
		return true
	}
	c.limited.Store(true)
	return false
}

// childrenLocked counts the children of pid.
func (c *counter) childrenLocked(pid int) {
	var buf [4096]byte
	children := "/proc/" + strconv.Itoa(pid) + "/task/" + strconv.Itoa(pid) + "/children"
	data, ok := readProc(buf[:], children)
	if !ok {
		// Many children: read them all.
		var err error
		data, err = os.ReadFile(children)
		ok = err == nil
	}
	if ok {
		for _, f := range strings.Fields(string(data)) {
			if child, err := strconv.Atoi(f); err == nil {
				c.readLocked(child)
			}
		}
	}
}

// prune forgets the dead: a pid that is gone, a zombie, or a pid now of
// another process than the one counted. A pid counted before its start
// time was read is kept while a process has it.
func (c *counter) prune() {
	for p, t := range c.known {
		now, ok := startTime(p)
		switch {
		case !ok || t != 0 && now != t:
			delete(c.known, p)
		case t == 0:
			c.known[p] = now
		}
	}
}

// statFields returns the fields of /proc/PID/stat after the command's
// name (state, ppid, ...: field 3 on, as proc(5) numbers them), at least
// n of them; false when the file cannot be read or holds fewer.
func statFields(pid, n int) ([]string, bool) {
	var buf [1024]byte
	data, ok := readProc(buf[:], "/proc/"+strconv.Itoa(pid)+"/stat")
	if !ok {
		return nil, false
	}
	// pid (comm) state ppid ...: comm may hold spaces and parentheses.
	i := bytes.LastIndexByte(data, ')')
	if i < 0 {
		return nil, false
	}
	f := strings.Fields(string(data[i+1:]))
	return f, len(f) >= n
}

// startTime reads field 22 of /proc/PID/stat.
func startTime(pid int) (uint64, bool) {
	f, ok := statFields(pid, 20)
	if !ok {
		return 0, false
	}
	t, err := strconv.ParseUint(f[19], 10, 64)
	if err != nil || f[0] == "Z" {
		return 0, false // a zombie no longer counts
	}
	return t, true
}

// readProc reads a small file of /proc into buf with one read (open,
// read, close: os.ReadFile also stats it and reads again to find its
// end), for the counter, which reads two of them at every fork. A file
// that fills buf is not trusted to be whole.
func readProc(buf []byte, path string) ([]byte, bool) {
	fd, err := syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return nil, false
	}
	n, err := syscall.Read(fd, buf)
	syscall.Close(fd)
	if err != nil || n < 0 || n == len(buf) {
		return nil, false
	}
	return buf[:n], true
}
