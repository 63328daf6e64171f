package main

import (
	"bytes"
	"os"
	"strconv"
	"strings"

	"guardsh/guard"
)

// A session's bash runs one approved command after another, each at the
// level it was approved at; a process one of them left running (`cmd &`,
// a daemon) goes on while the next runs. Its calls are decided at the
// level of the command that started it, not of whichever command runs
// now: a command approved at safe cannot have its background job delete
// at the level a later `rm -rf ./build` was approved at, nor a job of
// that rm be refused at the level of a later `echo`. Before each command
// is handed to bash, the processes of bash's tree are listed (by pid and
// start time, against reuse): one not listed before started during the
// command that just ended, and keeps its level. A call is decided at the
// level of the first of the caller and its ancestors that was listed;
// none up to bash: the command running now. A process that cannot be
// placed (it left bash's tree before it was listed: a double fork) gets
// the lowest level of the session's commands: it fails closed.

// procID is a process by pid and start time, which a reused pid does not
// share.
type procID struct {
	pid   int
	start uint64
}

// levels is the record of a session's commands' levels.
type levels struct {
	current guard.Level
	started bool
	lowest  guard.Level
	mixed   bool // two commands had different levels
	of      map[procID]guard.Level
}

// maxLeft bounds the processes remembered: past it, the record is
// forgotten and every earlier process gets the lowest level.
const maxLeft = 1 << 14

// next records that a command at level is about to run in bash (pid
// bash): what runs in bash's tree now was started by the commands before,
// at current's level, when it was not listed at an earlier change.
func (l *levels) next(level guard.Level, bash int) {
	// Only a change of level needs the list: until then, every process
	// not listed was started at the level of the commands so far, which
	// is current's.
	if l.started && bash > 0 && level != l.current {
		if l.of == nil {
			l.of = map[procID]guard.Level{}
		}
		l.list(bash, 0)
	}
	if !l.started || level < l.lowest {
		l.lowest = level
	}
	if l.started && level != l.current {
		l.mixed = true
	}
	l.started, l.current = true, level
}

// list records the descendants of pid not yet recorded at the level of
// the command that just ended.
func (l *levels) list(pid, depth int) {
	if depth > 64 || len(l.of) >= maxLeft {
		return
	}
	for _, c := range procChildren(pid) {
		_, start, err := procParentStart(c)
		if err != nil {
			continue
		}
		id := procID{c, start}
		if _, ok := l.of[id]; !ok {
			l.of[id] = l.current
		}
		l.list(c, depth+1)
	}
}

// level is the level process pid's calls are decided at, with bash the
// session's bash; ok is false when it is the current command's (every
// command had the same level, or the call is bash's own or its current
// command's).
func (l *levels) level(pid, bash int) (guard.Level, bool) {
	if !l.mixed || pid == bash || bash == 0 {
		return 0, false
	}
	p := pid
	for range 64 {
		ppid, start, err := procParentStart(p)
		if err != nil {
			return l.lowest, true
		}
		if lv, ok := l.of[procID{p, start}]; ok {
			return lv, true
		}
		if ppid == bash {
			return 0, false // started by the command running now
		}
		if ppid <= 1 {
			return l.lowest, true // left bash's tree unseen: fails closed
		}
		p = ppid
	}
	return l.lowest, true
}

// procChildren lists the children of every thread of process pid.
func procChildren(pid int) []int {
	dir := "/proc/" + strconv.Itoa(pid) + "/task"
	tasks, _ := os.ReadDir(dir)
	var out []int
	for _, t := range tasks {
		b, err := os.ReadFile(dir + "/" + t.Name() + "/children")
		if err != nil {
			continue
		}
		for _, f := range strings.Fields(string(b)) {
			if c, err := strconv.Atoi(f); err == nil {
				out = append(out, c)
			}
		}
	}
	return out
}

// procParentStart reads process pid's parent and start time (clock ticks
// since boot) from /proc/PID/stat.
func procParentStart(pid int) (ppid int, start uint64, err error) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, 0, err
	}
	// pid (comm) state ppid ... starttime is the 22nd field; comm may
	// hold spaces and parentheses.
	j := bytes.LastIndexByte(b, ')')
	if j < 0 {
		return 0, 0, os.ErrInvalid
	}
	f := strings.Fields(string(b[j+1:]))
	if len(f) < 20 {
		return 0, 0, os.ErrInvalid
	}
	if ppid, err = strconv.Atoi(f[1]); err != nil {
		return 0, 0, err
	}
	start, err = strconv.ParseUint(f[19], 10, 64)
	return ppid, start, err
}
