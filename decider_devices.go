package main

import (
	"path/filepath"
	"strings"

	"golang.org/x/sys/unix"

	"guardsh/shell/supervise"
)

// An open of a character device that keeps nothing written to it (the
// null device and its kin, the terminal, a pseudo-terminal) is allowed
// without asking the guard, which has nothing to say of it (CheckEffect
// finds no rule for such a device: TestHarmlessDevicesSafe), from the
// device's number: bash opens /dev/tty for reading and writing at every
// start, and scripts write to /dev/null all the time; the guard's first
// check of a write-open makes the rule families a redirect reads, a
// quarter of what the supervisor spends on a short line's calls.

// harmlessDevice says whether ev is a write-open of such a device: its
// path (the file the supervisor resolved, or the path as written when it
// could not) is /dev/NAME or /dev/pts/N, not a symbolic link, and the
// character device there has one of harmlessRdev's numbers. A path
// through a link (/dev/stdout, /dev/fd/1) is decided as any other.
func harmlessDevice(ev *supervise.Event) bool {
	if ev.Kind != supervise.KindOpen || ev.Syscall == "open_by_handle_at" {
		return false
	}
	rest, ok := strings.CutPrefix(ev.Path, "/dev/")
	if !ok || filepath.Clean(ev.Path) != ev.Path {
		return false
	}
	if pts, ok := strings.CutPrefix(rest, "pts/"); ok {
		rest = pts
	}
	if rest == "" || strings.ContainsRune(rest, '/') {
		return false
	}
	var st unix.Stat_t
	if unix.Lstat(ev.Path, &st) != nil || st.Mode&unix.S_IFMT != unix.S_IFCHR {
		return false
	}
	return harmlessRdev(unix.Major(st.Rdev), unix.Minor(st.Rdev))
}

// harmlessRdev says whether a character device's number is one of the
// devices a write to changes nothing on the system: the memory devices
// null, zero, full, random and urandom (1:3, 1:5, 1:7, 1:8, 1:9; not mem,
// kmem or port), the controlling terminal and the pseudo-terminal
// multiplexer (5:0, 5:2), and the pseudo-terminals (136 to 143).
func harmlessRdev(major, minor uint32) bool {
	switch major {
	case 1:
		return minor == 3 || minor == 5 || minor == 7 || minor == 8 || minor == 9
	case 5:
		return minor == 0 || minor == 2
	}
	return major >= 136 && major <= 143
}
