package prompt

import (
	"errors"
	"fmt"
	"io"

	"guardsh/internal/lineedit"
)

// ErrCancelled is returned (possibly wrapped) by an Editor when the person
// cancels the edit: Ctrl-C, Ctrl-D on an empty line, or the end of input.
var ErrCancelled = errors.New("edit cancelled")

// Editor edits one line, prefilled with initial, and returns the edited
// line, or an error wrapping ErrCancelled when the person cancels. The
// interactive shell passes its own line editor; TTYEditor is the
// built-in one.
type Editor func(initial string) (string, error)

// TTYEditor returns the Editor that calls EditLine on in and out with prompt.
func TTYEditor(in io.Reader, out io.Writer, prompt string) Editor {
	return func(initial string) (string, error) { return EditLine(in, out, prompt, initial) }
}

// EditLine lets a person edit a line, prefilled with initial, after prompt.
//
// When in is a terminal (out should then be the same terminal) it is a
// small line editor in raw mode with the interactive shell's editing keys
// (internal/lineedit): ← and → (Ctrl-B, Ctrl-F), Alt-B and Alt-F (Ctrl-←
// and Ctrl-→) by words, Home and End (Ctrl-A, Ctrl-E), Backspace, Delete,
// Ctrl-D, Ctrl-K and Ctrl-U (kill to the end, to the start), Ctrl-W and
// Alt-Backspace (kill the word before the cursor), Alt-D, Ctrl-Y (yank),
// Ctrl-T; Enter accepts and Ctrl-C cancels; any key redraws the line.
// A line wider than the terminal scrolls sideways.
// Characters that are not printable (a newline in a multi-line command)
// are shown escaped and kept as they are.
//
// When in is not a terminal, EditLine prints prompt and reads one line that
// replaces initial; the end of input cancels.
func EditLine(in io.Reader, out io.Writer, prompt, initial string) (string, error) {
	if !IsTerminal(in) {
		return editPlain(in, out, prompt)
	}
	restore, err := MakeRaw(in.(fder))
	if err != nil {
		return "", err
	}
	defer restore()
	l := newLineState(initial)
	cols := termWidth(out, in)
	promptW := visibleWidth(prompt)
	if _, err := io.WriteString(out, l.render(prompt, promptW, cols)); err != nil {
		return "", err
	}
	var pending []byte
	chunk := make([]byte, 256)
	for {
		n, rerr := in.Read(chunk)
		pending = append(pending, chunk[:n]...)
		for len(pending) > 0 {
			k, used := lineedit.Decode(pending, rerr != nil)
			if used == 0 {
				break
			}
			pending = pending[used:]
			done, cancel := l.apply(k)
			if cancel {
				io.WriteString(out, "^C\r\n")
				return "", ErrCancelled
			}
			if done {
				l.Pos = len(l.Buf)
				_, err := io.WriteString(out, l.render(prompt, promptW, cols)+"\r\n")
				return l.String(), err
			}
		}
		if n > 0 {
			if _, err := io.WriteString(out, l.render(prompt, promptW, cols)); err != nil {
				return "", err
			}
		}
		if errors.Is(rerr, io.EOF) {
			io.WriteString(out, "\r\n")
			return "", ErrCancelled
		}
		if rerr != nil {
			io.WriteString(out, "\r\n")
			return "", fmt.Errorf("reading the line: %w", rerr)
		}
	}
}

func editPlain(in io.Reader, out io.Writer, prompt string) (string, error) {
	if _, err := io.WriteString(out, prompt); err != nil {
		return "", err
	}
	line, err := readLine(in)
	if errors.Is(err, io.EOF) {
		if line == "" {
			io.WriteString(out, "\n")
			return "", ErrCancelled
		}
		return line, nil
	}
	if err != nil {
		return "", fmt.Errorf("reading the line: %w", err)
	}
	return line, nil
}
