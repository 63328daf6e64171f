// Package lineedit is the interactive shell's line editor: emacs-style
// keys, a history with Up, Down and incremental search, completion with
// Tab, lines wider than the terminal wrapped, and output written while a
// line is edited shown above it.
//
// It is three layers: Decode turns the terminal's bytes into keys; Line
// and the editor's state do what a key does, without I/O; a view draws the
// state. The Editor joins them to a Terminal: it reads the terminal only
// inside ReadLine, in the caller's goroutine, so that whoever owns the
// terminal's input between lines (the running program) is never raced for
// a keystroke, and ending the Terminal's reads stops it.
package lineedit

import (
	"errors"
	"io"
	"strings"
	"sync"
)

// Terminal is what the editor needs of the terminal: its keys, the
// screen, and the screen's size in columns and rows.
type Terminal interface {
	io.Reader
	io.Writer
	Size() (cols, rows int)
}

// Result is what a key function did with a key.
type Result int

// Results of a key function.
const (
	Pass    Result = iota // not handled: the editor does what the key does
	Handled               // handled: the line is as the function left it
	Accept                // the line is entered as it is now
)

// Config configures an Editor.
type Config struct {
	Term Terminal
	// Raw puts the terminal in the mode the editor reads keys in (no
	// echo, no line buffering, no signals from keys) and returns what
	// restores it; nil, or a nil restore, means the input is not a
	// terminal: nothing is drawn.
	Raw func() (restore func())
	// Complete returns the candidates for the word before pos: the text
	// each adds after the word, and the length of the word in runes.
	Complete func(line []rune, pos int) ([][]rune, int)
	// Keys, when set, sees every key first (outside of a search and of
	// a completion's list); it may change the line.
	Keys func(k Key, l *Line) Result
	// HistoryLimit is the most entries the history keeps: 0 has no
	// limit, < 0 keeps none.
	HistoryLimit int
	// Idle, when set, is called with the line as it stands each time
	// the editor is about to wait for a key with a line that changed
	// since the last call of this ReadLine (and once at its first
	// wait), outside of a search and of a completion's list: what the
	// caller does with the line it would do at the Enter can be done
	// now. It runs in ReadLine's goroutine, before the keys that come
	// meanwhile are read, and must not draw.
	Idle func(line string)
}

// ErrInterrupt is ReadLine's error when Ctrl-C ended the line.
var ErrInterrupt = errors.New("interrupted")

// Editor edits lines on a terminal.
type Editor struct {
	cfg Config

	// Read and changed by ReadLine's goroutine only.
	pending []byte // read from the terminal, not yet decoded
	eof     bool
	rbuf    []byte
	kill    []rune
	search  *search
	comp    *completion
	idled   *string // the line Idle was last called with in this ReadLine

	mu      sync.Mutex // guards what follows: the screen and the state drawn
	active  bool       // in ReadLine
	drawing bool       // the terminal is one: draw
	prompt  string
	line    Line
	below   []string
	drawn   drawing
	dirty   bool // the state changed since it was drawn
	hist    history
}

// New returns an editor.
func New(cfg Config) *Editor {
	return &Editor{cfg: cfg, rbuf: make([]byte, 4096), hist: history{limit: cfg.HistoryLimit}}
}

// ReadLine shows prompt and initial, lets the person edit the line, and
// returns it once Enter is pressed. Its error is ErrInterrupt after
// Ctrl-C, io.EOF after Ctrl-D on an empty line or at the end of the
// terminal's input, or the terminal's read error.
func (e *Editor) ReadLine(prompt, initial string) (string, error) {
	var restore func()
	if e.cfg.Raw != nil {
		restore = e.cfg.Raw()
	}
	e.mu.Lock()
	e.active, e.drawing = true, restore != nil
	e.prompt = prompt
	e.line.set([]rune(initial))
	e.below = nil
	e.drawn = drawing{}
	e.hist.reset()
	e.search, e.comp = nil, nil
	e.idled = nil
	e.redrawLocked()
	e.mu.Unlock()
	defer func() {
		e.mu.Lock()
		e.active = false
		e.mu.Unlock()
		if restore != nil {
			restore()
		}
	}()
	for {
		for len(e.pending) > 0 {
			k, n := Decode(e.pending, e.eof)
			if n == 0 {
				break
			}
			e.pending = e.pending[n:]
			if s, err, done := e.key(k); done {
				return s, err
			}
		}
		if e.eof {
			e.mu.Lock()
			empty := len(e.line.Buf) == 0
			e.mu.Unlock()
			if empty {
				e.finish("")
				return "", io.EOF
			}
			// What is left is entered, as an Enter would.
			s, err, _ := e.key(Key{Kind: KeyEnter})
			return s, err
		}
		e.mu.Lock()
		if e.dirty {
			e.redrawLocked()
		}
		idle := e.cfg.Idle != nil && e.search == nil && e.comp == nil
		var text string
		if idle {
			text = string(e.line.Buf)
		}
		e.mu.Unlock()
		if idle && (e.idled == nil || *e.idled != text) {
			e.idled = &text
			e.cfg.Idle(text)
		}
		n, err := e.cfg.Term.Read(e.rbuf)
		e.pending = append(e.pending, e.rbuf[:n]...)
		if err == io.EOF {
			e.eof = true
		} else if err != nil {
			e.finish("")
			return "", err
		}
	}
}

// key does what k does; done reports that ReadLine returns s and err.
func (e *Editor) key(k Key) (s string, err error, done bool) {
	if e.search != nil && e.searchKey(k) {
		return "", nil, false
	}
	if e.comp != nil && e.completeKey(k) {
		return "", nil, false
	}
	if e.cfg.Keys != nil {
		e.mu.Lock()
		l := Line{Buf: append([]rune(nil), e.line.Buf...), Pos: e.line.Pos}
		e.mu.Unlock()
		switch e.cfg.Keys(k, &l) {
		case Handled:
			e.setLine(l)
			return "", nil, false
		case Accept:
			e.setLine(l)
			return e.enter()
		}
	}
	switch k.Kind {
	case KeyEnter:
		return e.enter()
	case KeyInterrupt:
		e.finish("^C")
		return "", ErrInterrupt, true
	case KeyTab:
		e.complete()
		return "", nil, false
	case KeyEOF:
		e.mu.Lock()
		empty := len(e.line.Buf) == 0
		e.mu.Unlock()
		if empty {
			e.finish("exit")
			return "", io.EOF, true
		}
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	e.dirty = true
	switch k.Kind {
	case KeyUp, KeyDown:
		d := -1
		if k.Kind == KeyDown {
			d = 1
		}
		e.hist.move(&e.line, d)
		return "", nil, false
	case KeySearchBack, KeySearchFwd:
		e.search = &search{back: k.Kind == KeySearchBack, at: len(e.hist.visible()), orig: Line{Buf: append([]rune(nil), e.line.Buf...), Pos: e.line.Pos}}
		e.showSearchLocked()
		return "", nil, false
	case KeyClear:
		if e.drawing {
			e.cfg.Term.Write([]byte("\x1b[H\x1b[2J"))
			e.drawn = drawing{}
		}
		return "", nil, false
	}
	e.line.Edit(k, &e.kill)
	return "", nil, false
}

func (e *Editor) setLine(l Line) {
	e.mu.Lock()
	e.line = Line{Buf: l.Buf, Pos: min(max(l.Pos, 0), len(l.Buf))}
	e.dirty = true
	e.mu.Unlock()
}

// enter ends the line: it is drawn whole, the cursor after it, and the
// next output starts on the row below.
func (e *Editor) enter() (string, error, bool) {
	e.mu.Lock()
	s := string(e.line.Buf)
	e.mu.Unlock()
	e.finish("")
	return s, nil, true
}

// finish draws the line a last time, the cursor at its end, mark after
// it, and starts a new row. The line is no longer the editor's from then
// on: a resize or output that comes before ReadLine returns does not
// draw it again below the row it ended (where the entered line's output
// goes).
func (e *Editor) finish(mark string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.active = false
	e.search, e.comp, e.below = nil, nil, nil
	if !e.drawing {
		return
	}
	var b strings.Builder
	if e.dirty || e.line.Pos != len(e.line.Buf) || e.drawn.rows != e.drawn.cur.row {
		e.line.Pos = len(e.line.Buf)
		e.drawn = e.view().draw(&b, e.drawn, e.cols())
	}
	b.WriteString(mark)
	b.WriteString("\r\n")
	e.cfg.Term.Write([]byte(b.String()))
	e.drawn = drawing{}
	e.dirty = false
}

func (e *Editor) view() *view {
	return &view{prompt: e.prompt, line: e.line.Buf, pos: e.line.Pos, below: e.below}
}

func (e *Editor) cols() int {
	c, _ := e.cfg.Term.Size()
	return c
}

// redrawLocked draws the state again. e.mu is held.
func (e *Editor) redrawLocked() {
	if !e.drawing {
		return
	}
	var b strings.Builder
	e.drawn = e.view().draw(&b, e.drawn, e.cols())
	e.cfg.Term.Write([]byte(b.String()))
	e.dirty = false
}

// SetPrompt changes the prompt, drawn again at once while a line is read.
func (e *Editor) SetPrompt(p string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.prompt = p
	if e.active {
		e.redrawLocked()
	}
}

// Write writes output to the terminal. While a line is read, the line is
// taken off the screen first and drawn again after the output, which
// should end at the start of a row.
func (e *Editor) Write(p []byte) (int, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if !e.active || !e.drawing {
		return e.cfg.Term.Write(p)
	}
	var b strings.Builder
	e.drawn.clear(&b)
	b.Write(p)
	e.drawn = e.view().draw(&b, drawing{}, e.cols())
	if _, err := e.cfg.Term.Write([]byte(b.String())); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Resize draws the line again for the terminal's new width.
func (e *Editor) Resize() {
	e.mu.Lock()
	defer e.mu.Unlock()
	if !e.active || !e.drawing {
		return
	}
	// Where the cursor is now, with the line wrapped at the new width.
	var discard strings.Builder
	e.drawn = e.view().draw(&discard, drawing{}, e.cols())
	var b strings.Builder
	e.drawn.clear(&b)
	e.drawn = e.view().draw(&b, drawing{}, e.cols())
	e.cfg.Term.Write([]byte(b.String()))
}

// AddHistory adds an entry to the history, after the others.
func (e *Editor) AddHistory(s string) {
	e.mu.Lock()
	e.hist.add(s)
	e.mu.Unlock()
}

// SetHistory replaces the history with entries, oldest first; the editor
// keeps the slice.
func (e *Editor) SetHistory(entries []string) {
	e.mu.Lock()
	if e.hist.limit >= 0 {
		e.hist.entries = entries
	}
	e.mu.Unlock()
}
