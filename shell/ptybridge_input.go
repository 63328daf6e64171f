package shell

import (
	"errors"
	"io"
	"os"
	"strings"
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

// setOwner hands the terminal to owner and wakes every read.
func (t *ttyInput) setOwner(owner int) {
	t.mu.Lock()
	t.owner = owner
	t.gen++
	t.cond.Broadcast()
	t.mu.Unlock()
	unix.Write(t.wakeW, []byte{1})
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

// close ends every read with io.EOF.
func (t *ttyInput) close() {
	t.mu.Lock()
	if t.closed {
		t.mu.Unlock()
		return
	}
	t.closed = true
	t.cond.Broadcast()
	t.mu.Unlock()
	unix.Write(t.wakeW, []byte{1})
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
		t.mu.Unlock()

		fds := []unix.PollFd{{Fd: int32(t.fd), Events: unix.POLLIN}, {Fd: int32(t.wakeR), Events: unix.POLLIN}}
		_, err := unix.Poll(fds, -1)
		if err != nil {
			if err == unix.EINTR {
				continue
			}
			return 0, err
		}
		if fds[1].Revents != 0 {
			var b [64]byte
			for {
				if n, _ := unix.Read(t.wakeR, b[:]); n <= 0 {
					break
				}
			}
		}
		if fds[0].Revents == 0 {
			continue
		}
		t.mu.Lock()
		if t.owner != owner || t.gen != gen || t.closed {
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

// shiftTab is what the line editor's reader turns Shift+Tab (ESC [ Z) into:
// a private-use rune the editor passes to its filter, where readline
// itself would drop the key.
const shiftTab = '\uE000'

// editorReader is the line editor's reader: it translates Shift+Tab,
// Alt-. and Ctrl-X Ctrl-E.
type editorReader struct{ ownedReader }

func (r editorReader) Read(p []byte) (int, error) {
	n, err := r.ownedReader.Read(p)
	if n > 0 {
		n = translateShiftTab(p, n)
		n = translateKeys(p, n)
	}
	return n, err
}

// translateShiftTab replaces each ESC [ Z in p[:n] by shiftTab's UTF-8
// encoding (three bytes too), in place, and returns the length.
func translateShiftTab(p []byte, n int) int {
	const seq = "\x1b[Z"
	enc := string(shiftTab)
	s := string(p[:n])
	if !strings.Contains(s, seq) {
		return n
	}
	return copy(p, strings.ReplaceAll(s, seq, enc))
}
