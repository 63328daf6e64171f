package shell

import (
	"os"
	"strconv"
	"time"

	"golang.org/x/sys/unix"
)

// The bash executor's pty, seen from the front end: Ctrl-C's races, the
// pty's modes and the typeahead it holds.

// lateInterrupt sends SIGINT to the programs of the pty's foreground job
// that missed Ctrl-C's: a process bash had forked and that had not yet
// executed its program got it under bash's handler, which drops it, and
// bash then waits for the job. A program that started (or executed)
// after the key gets it once; one that had it already does not get it
// twice.
//
// It takes its snapshot before the key reaches the pty, and watches in
// the background.
func (b *bashSide) lateInterrupt() {
	t, err := b.slaveTermios(nil)
	if err != nil || t.Lflag&unix.ISIG == 0 || t.Cc[unix.VINTR] != 0x03 {
		return // the key reaches a program that reads the terminal raw
	}
	b.mu.Lock()
	line := b.running
	b.mu.Unlock()
	bashPid := b.e.cmd.Process.Pid
	before := groupPrograms(b.masterFd, bashPid)
	go b.watchInterrupt(line, bashPid, before)
}

func (b *bashSide) watchInterrupt(line uint64, bashPid int, before map[int]string) {
	for i := 0; i < 20; i++ {
		time.Sleep(50 * time.Millisecond)
		b.mu.Lock()
		same := b.running == line && line != 0
		b.mu.Unlock()
		if !same {
			return
		}
		for pid, exe := range groupPrograms(b.masterFd, bashPid) {
			if before[pid] != exe {
				before[pid] = exe
				unix.Kill(pid, unix.SIGINT)
			}
		}
	}
}

// groupPrograms maps each process of the pty's foreground group (unless
// it is bash's own) to the program it runs.
func groupPrograms(masterFd, bashPid int) map[int]string {
	out := map[int]string{}
	pg, err := unix.IoctlGetInt(masterFd, unix.TIOCGPGRP)
	if err != nil || pg <= 1 || pg == bashPid {
		return out
	}
	ents, _ := os.ReadDir("/proc")
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if g, err := unix.Getpgid(pid); err == nil && g == pg {
			exe, _ := os.Readlink("/proc/" + e.Name() + "/exe")
			out[pid] = exe
		}
	}
	return out
}

// slaveTermios returns the pty's modes (those of its slave side: the
// master's are its own), after setting them to set when it is not nil.
func (b *bashSide) slaveTermios(set *unix.Termios) (*unix.Termios, error) {
	fd, err := unix.Open(b.slave, unix.O_RDWR|unix.O_NOCTTY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, err
	}
	defer unix.Close(fd)
	if set != nil {
		if err := unix.IoctlSetTermios(fd, unix.TCSETS, set); err != nil {
			return nil, err
		}
	}
	return unix.IoctlGetTermios(fd, unix.TCGETS)
}

// typeahead reads what was typed on the pty and not read by the line.
func (b *bashSide) typeahead() []byte {
	fd, err := unix.Open(b.slave, unix.O_RDWR|unix.O_NOCTTY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil
	}
	defer unix.Close(fd)
	return drainInput(fd)
}
