package shell

import (
	"os"

	"golang.org/x/sys/unix"
	"golang.org/x/term"

	"guardsh/internal/lineedit"
)

// The front end's line editor is internal/lineedit, joined to the
// terminal here: its keys come from the terminal's one reader (ttyInput)
// while the editor owns it, its drawing goes to the terminal, and the
// keys of guardsh's own (Shift+Tab, Ctrl-Z, Alt-., Ctrl-X Ctrl-E) go
// through keyFunc.

// editorTerm is the terminal as the line editor sees it.
type editorTerm struct {
	in  ownedReader
	out *os.File
}

func (t editorTerm) Read(p []byte) (int, error)  { return t.in.Read(p) }
func (t editorTerm) Write(p []byte) (int, error) { return t.out.Write(p) }

func (t editorTerm) Size() (int, int) {
	w, h, err := term.GetSize(int(t.out.Fd()))
	if err != nil || w <= 0 {
		return 80, 24
	}
	return w, h
}

// newEditor makes the front end's line editor.
func (f *frontend) newEditor(historyLimit int) *lineedit.Editor {
	return lineedit.New(lineedit.Config{
		Term:         editorTerm{in: ownedReader{f.tty, ownerReadline}, out: f.out},
		Raw:          func() func() { return editorRaw(int(f.in.Fd())) },
		Complete:     f.comp.Do,
		Keys:         f.keyFunc,
		Idle:         f.preclassify,
		HistoryLimit: historyLimit,
	})
}

// editorRaw puts the terminal in the editor's mode: no echo, no line
// buffering, no signals or flow control from keys, output processed as
// usual (a newline is CR LF); it returns what restores the mode found,
// nil when fd is not a terminal.
func editorRaw(fd int) func() {
	old, err := unix.IoctlGetTermios(fd, unix.TCGETS)
	if err != nil {
		return nil
	}
	t := *old
	t.Iflag &^= unix.IGNBRK | unix.BRKINT | unix.PARMRK | unix.ISTRIP | unix.INLCR | unix.IGNCR | unix.ICRNL | unix.IXON
	t.Lflag &^= unix.ECHO | unix.ECHONL | unix.ICANON | unix.ISIG | unix.IEXTEN
	t.Cflag &^= unix.CSIZE | unix.PARENB
	t.Cflag |= unix.CS8
	t.Cc[unix.VMIN] = 1
	t.Cc[unix.VTIME] = 0
	if err := unix.IoctlSetTermios(fd, unix.TCSETS, &t); err != nil {
		return nil
	}
	return func() { unix.IoctlSetTermios(fd, unix.TCSETS, old) }
}

// keyFunc handles guardsh's own keys at the prompt: Shift+Tab toggles
// auto mode; Ctrl-Z does nothing (a shell is not suspended); Alt-.
// inserts the last word of the previous line; Ctrl-X Ctrl-E enters the
// line as it is, to be handed to $VISUAL first.
func (f *frontend) keyFunc(k lineedit.Key, l *lineedit.Line) lineedit.Result {
	switch k.Kind {
	case lineedit.KeyShiftTab:
		f.auto = !f.auto
		f.toggled = true
		f.ed.SetPrompt(f.promptString())
		return lineedit.Handled
	case lineedit.KeySuspend:
		return lineedit.Handled
	case lineedit.KeyLastWord:
		l.Insert([]rune(lastWord(f.lastLine))...)
		return lineedit.Handled
	case lineedit.KeyEditCommand:
		f.editNext = true
		return lineedit.Accept
	}
	return lineedit.Pass
}
