package supervise

import (
	"fmt"
	"os"
	"sync"
)

// prepared is what Prepare made for the next Start: the supervisor's own
// credentials, read once.
var prepared struct {
	mu   sync.Mutex
	done chan struct{} // closed when Prepare's goroutine is done; nil when none is pending
	self creds
	err  error
}

// Prepare starts, on a goroutine of its own, the work of the next Start
// that does not depend on the command: the kernel probe (Available), the
// check os/exec makes once before its first process starts (whether
// pidfds work: a fork of a child that exits at once), the supervisor's own
// credentials, and the helper's image for a command with extraFiles
// descriptors of its own (cmd.ExtraFiles) under cfg's process limit. A
// caller that is about to start a supervisor calls it early, so that this
// overlaps with its own work; Start waits for what is not done yet and
// does what it finds undone or prepared for another command.
func Prepare(cfg Config, extraFiles int) {
	done := make(chan struct{})
	prepared.mu.Lock()
	prepared.done = done
	prepared.mu.Unlock()
	go func() {
		defer close(done)
		if !Available().OK {
			return
		}
		if p, err := os.FindProcess(os.Getpid()); err == nil {
			p.Release()
		}
		self, err := readSelf()
		prepared.mu.Lock()
		prepared.self, prepared.err = self, err
		prepared.mu.Unlock()
		if !useGoHelper() {
			// The filter Start builds for this limit (a cgroup, when
			// tried, counts no forks in the filter).
			opts := filterOptions{countForks: cfg.MaxProcs > 0 && !tryCgroup}
			helperFD(helperKey{opts: opts, sock: 3 + extraFiles, imageFD: 4 + extraFiles})
		}
	}()
}

// selfCreds returns the supervisor's credentials: those Prepare read, if
// it was called for this Start (waiting for it), else read now.
func selfCreds() (creds, error) {
	prepared.mu.Lock()
	done := prepared.done
	prepared.done = nil
	prepared.mu.Unlock()
	if done != nil {
		<-done
		prepared.mu.Lock()
		self, err := prepared.self, prepared.err
		prepared.self, prepared.err = creds{}, nil
		prepared.mu.Unlock()
		if err == nil && self.id != "" {
			return self, nil
		}
	}
	return readSelf()
}

// readSelf reads the supervisor's credentials and namespaces.
func readSelf() (creds, error) {
	self, err := readCreds(os.Getpid())
	if err != nil {
		return creds{}, fmt.Errorf("supervise: %w", err)
	}
	if self.mntns, err = readlink("/proc/self/ns/mnt"); err != nil {
		return creds{}, fmt.Errorf("supervise: %w", err)
	}
	if self.userns, err = readlink("/proc/self/ns/user"); err != nil {
		return creds{}, fmt.Errorf("supervise: %w", err)
	}
	return self, nil
}
