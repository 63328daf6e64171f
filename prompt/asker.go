package prompt

import (
	"errors"
	"io"

	"guardsh/guard"
)

// EditPrompt is the prompt the built-in editor shows.
const EditPrompt = "edit> "

// Asker runs the whole exchange about one line: preview, question, and on
// e, editing the line and starting again with the edited line's verdict.
type Asker struct {
	// In and Out are the terminal (or the streams) the question is asked
	// on.
	In  io.Reader
	Out io.Writer
	// Style decorates the preview and the question.
	Style Style
	// Editor edits the line on e; nil uses EditLine on In and Out with
	// EditPrompt.
	Editor Editor
	// Classify classifies an edited line. It is required for e to be
	// offered any use: without it, e is answered as no.
	Classify func(line string) guard.Verdict
	// Skip reports that an edited line's verdict needs no question (as a
	// safe line under `guardsh -c`); nil asks about every line.
	Skip func(guard.Verdict) bool
}

// Confirm shows the preview of v and asks about it. It returns the verdict
// of the line to run (v, or that of the edited line) and true on yes, or
// false when the person says no or cancels an edit. A blocked verdict is
// never approved.
func (a Asker) Confirm(v guard.Verdict) (guard.Verdict, bool, error) {
	for {
		if err := Preview(a.Out, v, a.Style); err != nil {
			return v, false, err
		}
		ans, err := Ask(a.In, a.Out, v, a.Style)
		if err != nil {
			return v, false, err
		}
		switch ans {
		case Yes:
			return v, !isBlocked(v), nil
		case No:
			return v, false, nil
		}
		if a.Classify == nil {
			return v, false, nil
		}
		edit := a.Editor
		if edit == nil {
			edit = TTYEditor(a.In, a.Out, EditPrompt)
		}
		line, err := edit(v.Command)
		if errors.Is(err, ErrCancelled) {
			return v, false, nil
		}
		if err != nil {
			return v, false, err
		}
		v = a.Classify(line)
		if a.Skip != nil && a.Skip(v) && !isBlocked(v) {
			return v, true, nil
		}
	}
}
