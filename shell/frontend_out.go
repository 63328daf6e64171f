package shell

import (
	"bytes"
	"io"
	"sync"
)

// editorOut is the line editor's writer to the terminal. The editor
// redraws its line in two writes, the erase of the old line and then the
// new one, and each write to a terminal is a trip through its tty layer (7
// µs on a pty): an Enter, which redraws twice, cost four. The erase is held
// back and goes out with the write after it, which follows at once in a
// redraw; flush sends one the editor wrote last (its erase when it returns
// on Ctrl-C or Ctrl-D), and is called as the editor returns, before anything
// else writes to the terminal.
type editorOut struct {
	w io.Writer

	mu   sync.Mutex
	held []byte
}

func (e *editorOut) Write(p []byte) (int, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if isErase(p) {
		e.held = append(e.held, p...)
		return len(p), nil
	}
	if len(e.held) == 0 {
		return e.w.Write(p)
	}
	b := append(e.held, p...)
	e.held = nil
	if _, err := e.w.Write(b); err != nil {
		return 0, err
	}
	return len(p), nil
}

// flush writes what is held back.
func (e *editorOut) flush() {
	e.mu.Lock()
	defer e.mu.Unlock()
	if len(e.held) > 0 {
		e.w.Write(e.held)
		e.held = nil
	}
}

// eraseParts are what the editor's erase of its line is made of: clear to
// the end of the screen, clear the line, carriage return, up a line, back
// a character.
var eraseParts = []string{"\x1b[J", "\x1b[2K", "\x1b[A", "\r", "\b"}

// isErase reports whether p is an erase of the editor's line and nothing
// else.
func isErase(p []byte) bool {
	if !bytes.Contains(p, []byte("\x1b[J")) {
		return false
	}
	for len(p) > 0 {
		n := 0
		for _, e := range eraseParts {
			if bytes.HasPrefix(p, []byte(e)) {
				n = len(e)
				break
			}
		}
		if n == 0 {
			return false
		}
		p = p[n:]
	}
	return true
}
