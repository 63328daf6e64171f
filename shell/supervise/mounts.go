package supervise

import (
	"bytes"
	"os"
	"strconv"
	"sync"

	"golang.org/x/sys/unix"
)

// A path that a process of the tree reaches through a magic link into
// another mount namespace (its working directory set under
// /proc/PID/root of a process in a container or a sandbox, or a path
// through /proc/PID/root or /proc/PID/cwd) reads back from the
// supervisor's descriptor as the path it has in that namespace:
// /proc/PID/root/data/id_rsa, with the home directory mounted there at
// /data, reads as /data/id_rsa, and a container's /tmp as /tmp. The
// Decider would check the wrong file. So the supervisor performs a call
// only on a descriptor whose mount is one of its own namespace's
// (ownMount), and refuses it otherwise.

// ownMounts are the mount ids of the supervisor's mount namespace
// (/proc/self/mountinfo), read at the first need and again when an id is
// not among them (a mount made since).
var ownMounts struct {
	mu  sync.Mutex
	ids map[uint64]bool
}

// ownMount says whether the object open on fd is on a mount of the
// supervisor's namespace; false when that cannot be told.
func ownMount(fd int) bool {
	id, ok := mountID(fd)
	if !ok {
		return false
	}
	ownMounts.mu.Lock()
	defer ownMounts.mu.Unlock()
	if ownMounts.ids[id] {
		return true
	}
	ownMounts.ids = readMountIDs()
	return ownMounts.ids[id]
}

// mountID is the id of the mount the object open on fd is on: statx's
// (Linux 5.8), or /proc/self/fdinfo's before it.
func mountID(fd int) (uint64, bool) {
	var st unix.Statx_t
	if err := unix.Statx(fd, "", unix.AT_EMPTY_PATH, unix.STATX_MNT_ID, &st); err == nil && st.Mask&unix.STATX_MNT_ID != 0 {
		return st.Mnt_id, true
	}
	data, err := os.ReadFile("/proc/self/fdinfo/" + strconv.Itoa(fd))
	if err != nil {
		return 0, false
	}
	for line := range bytes.SplitSeq(data, []byte("\n")) {
		if v, ok := bytes.CutPrefix(line, []byte("mnt_id:")); ok {
			id, err := strconv.ParseUint(string(bytes.TrimSpace(v)), 10, 64)
			return id, err == nil
		}
	}
	return 0, false
}

// readMountIDs reads the ids of the mounts of the supervisor's namespace.
func readMountIDs() map[uint64]bool {
	data, err := os.ReadFile("/proc/self/mountinfo")
	if err != nil {
		return nil
	}
	ids := map[uint64]bool{}
	for line := range bytes.SplitSeq(data, []byte("\n")) {
		first, _, _ := bytes.Cut(line, []byte(" "))
		if id, err := strconv.ParseUint(string(first), 10, 64); err == nil {
			ids[id] = true
		}
	}
	return ids
}
