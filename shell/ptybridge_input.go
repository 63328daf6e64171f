package shell

import (
	"errors"
	"io"
	"os"
	"sync"

	"golang.org/x/sys/unix"
)

// Owners of the terminal's input: who a keystroke read now belongs to.
const (
	ownerNone     = iota
	ownerReadline // the line editor
	ownerForward  // the running line, through the pty
	ownerAsk      // a question
)

// errNotOwner is returned by a non-waiting read when its owner lost the
// terminal.
var errNotOwner = errors.New("terminal input handed over")

// ttyInput is the only reader of the real terminal. Reads are gated by an
// owner: a read only touches the terminal while its owner holds it, and it
// polls the terminal together with a wake-up pipe, so that handing the
// terminal over never leaves a read blocked that would eat the next
// keystroke.
//
// Several reads may poll at once (the line editor's reader, started again
// by the editor after the line was entered, still polls while the running
// line's forwarder begins). The wake-up byte stays in the pipe until no
// read polls any more, so that none can take away another's wake-up: when
// each drained the pipe as its poll returned, a reader that was slow to
// get there drained the byte that was to end the forwarder's poll, and the
// prompt never came back (under heavy load).
type ttyInput struct {
	f     *os.File
	fd    int
	wakeR int
	wakeW int

	mu     sync.Mutex
	cond   *sync.Cond
	owner  int
	gen    uint64
	closed bool
	// polling counts the reads between their check of the owner and the
	// end of their poll; woken is set while the wake-up pipe holds its
	// byte.
	polling int
	woken   bool
	// hook, in tests, is called at the points of a read named by its
	// argument.
	hook func(point string, owner int)
	// typeahead is input read elsewhere (on the pty, after a line) that
	// the line editor gets before anything new.
	typeahead []byte
}

func newTTYInput(f *os.File) (*ttyInput, error) {
	var p [2]int
	if err := unix.Pipe2(p[:], unix.O_NONBLOCK|unix.O_CLOEXEC); err != nil {
		return nil, err
	}
	t := &ttyInput{f: f, fd: int(f.Fd()), wakeR: p[0], wakeW: p[1]}
	t.cond = sync.NewCond(&t.mu)
	return t, nil
}

// setOwner hands the terminal to owner and wakes every read. A read
// that does not poll yet checks the owner before it does: when none
// polls, none needs the wake-up byte (at an Enter, the line editor's read
// has returned, and the byte would only wake the forwarder that starts
// next, for nothing, on the way of the line's output).
func (t *ttyInput) setOwner(owner int) {
	t.mu.Lock()
	t.owner = owner
	t.gen++
	t.cond.Broadcast()
	if t.polling > 0 {
		t.wakeLocked()
	}
	t.mu.Unlock()
}

// wakeLocked ends every poll of the terminal: the wake-up pipe holds one
// byte until no read polls (see read). t.mu is held.
func (t *ttyInput) wakeLocked() {
	if !t.woken {
		t.woken = true
		unix.Write(t.wakeW, []byte{1})
	}
}

func (t *ttyInput) testHook(point string, owner int) {
	if t.hook != nil {
		t.hook(point, owner)
	}
}

// unread gives b to the line editor before what is typed next.
func (t *ttyInput) unread(b []byte) {
	if len(b) == 0 {
		return
	}
	t.mu.Lock()
	t.typeahead = append(t.typeahead, b...)
	t.mu.Unlock()
}

// pending reports whether input waits for the line editor: typeahead,
// or keys on the terminal that were not read yet.
func (t *ttyInput) pending() bool {
	t.mu.Lock()
	ahead := len(t.typeahead) > 0
	t.mu.Unlock()
	if ahead {
		return true
	}
	n, err := unix.IoctlGetInt(t.fd, unix.TIOCINQ)
	return err == nil && n > 0
}

// close ends every read with io.EOF.
func (t *ttyInput) close() {
	t.mu.Lock()
	if t.closed {
		t.mu.Unlock()
		return
	}
	t.closed = true
	t.cond.Broadcast()
	t.wakeLocked()
	t.mu.Unlock()
}

// read reads from the terminal for owner. When owner does not hold the
// terminal, it waits until it does (wait) or returns errNotOwner.
func (t *ttyInput) read(owner int, p []byte, wait bool) (int, error) {
	for {
		t.mu.Lock()
		for t.owner != owner && !t.closed {
			if !wait {
				t.mu.Unlock()
				return 0, errNotOwner
			}
			if t.hook != nil {
				t.mu.Unlock()
				t.hook("wait", owner)
				t.mu.Lock()
				if t.owner == owner || t.closed {
					continue
				}
			}
			t.cond.Wait()
		}
		if t.closed {
			t.mu.Unlock()
			return 0, io.EOF
		}
		if owner == ownerReadline && len(t.typeahead) > 0 {
			n := copy(p, t.typeahead)
			t.typeahead = t.typeahead[n:]
			t.mu.Unlock()
			return n, nil
		}
		gen := t.gen
		t.polling++
		t.mu.Unlock()

		t.testHook("poll", owner)
		fds := []unix.PollFd{{Fd: int32(t.fd), Events: unix.POLLIN}, {Fd: int32(t.wakeR), Events: unix.POLLIN}}
		_, err := pollSliced(fds)
		t.testHook("polled", owner)
		t.mu.Lock()
		t.polling--
		if t.polling == 0 && t.woken {
			// Every poll the byte was for has ended.
			var b [64]byte
			for {
				if n, _ := unix.Read(t.wakeR, b[:]); n <= 0 {
					break
				}
			}
			t.woken = false
		}
		if err != nil {
			t.mu.Unlock()
			if err == unix.EINTR {
				continue
			}
			return 0, err
		}
		if fds[0].Revents == 0 || t.owner != owner || t.gen != gen || t.closed {
			t.mu.Unlock()
			continue
		}
		// The terminal is readable: this read does not block, and no
		// other owner can take the terminal while it happens.
		n, err := unix.Read(t.fd, p)
		t.mu.Unlock()
		if err == unix.EINTR || err == unix.EAGAIN {
			continue
		}
		if err != nil {
			return 0, err
		}
		if n == 0 {
			return 0, io.EOF
		}
		return n, nil
	}
}

// ownedReader reads the terminal for one owner, waiting for its turn. It
// has the terminal's Fd, so that prompt.Ask sees a terminal.
type ownedReader struct {
	t     *ttyInput
	owner int
}

func (r ownedReader) Read(p []byte) (int, error) { return r.t.read(r.owner, p, true) }

// Fd returns the terminal's descriptor.
func (r ownedReader) Fd() uintptr { return uintptr(r.t.fd) }

// Close does nothing: the terminal outlives its readers.
func (r ownedReader) Close() error { return nil }
