package prompt

import (
	"strconv"
	"strings"

	"guardsh/internal/lineedit"
)

// lineState is the line being edited, the cursor in it, and how far the
// line is scrolled sideways. The keys and the editing are the interactive
// shell's line editor's (internal/lineedit), so the edit answer and the
// prompt agree on what each key does.
type lineState struct {
	lineedit.Line
	kill []rune // the text Ctrl-Y puts back
	off  int    // the first rune shown, when the line is wider than the screen
}

func newLineState(s string) *lineState {
	b := []rune(s)
	return &lineState{Line: lineedit.Line{Buf: b, Pos: len(b)}}
}

// apply does what key k does. done reports Enter; cancel reports Ctrl-C,
// or Ctrl-D on an empty line. Keys of the shell's editor that mean nothing
// for one line (history, search, completion) do nothing.
func (l *lineState) apply(k lineedit.Key) (done, cancel bool) {
	switch k.Kind {
	case lineedit.KeyEnter:
		return true, false
	case lineedit.KeyInterrupt:
		return false, true
	case lineedit.KeyEOF:
		if len(l.Buf) == 0 {
			return false, true
		}
	}
	l.Edit(k, &l.kill)
	return false, false
}

// render returns the bytes that redraw the line after prompt (whose
// visible width is promptW) on a terminal cols wide, scrolling sideways to
// keep the cursor on screen, and leaves the cursor in place.
func (l *lineState) render(prompt string, promptW, cols int) string {
	avail := max(cols-promptW-1, 1)
	cells := make([]string, len(l.Buf))
	widths := make([]int, len(l.Buf))
	for i, r := range l.Buf {
		cells[i], _ = showCell(string(r))
		widths[i] = cellWidth(cells[i])
		if cells[i] == "\t" {
			cells[i] = " " // a tab is drawn as one space
		}
	}
	if l.Pos < l.off {
		l.off = l.Pos
	}
	for l.off < l.Pos && sum(widths[l.off:l.Pos]) >= avail {
		l.off++
	}
	var b strings.Builder
	b.WriteString("\r")
	b.WriteString(prompt)
	used := 0
	for i := l.off; i < len(l.Buf) && used+widths[i] <= avail; i++ {
		b.WriteString(cells[i])
		used += widths[i]
	}
	b.WriteString("\x1b[K\r")
	if col := promptW + sum(widths[l.off:l.Pos]); col > 0 {
		b.WriteString("\x1b[" + strconv.Itoa(col) + "C")
	}
	return b.String()
}

func sum(xs []int) int {
	n := 0
	for _, x := range xs {
		n += x
	}
	return n
}

// visibleWidth is the number of columns s takes on a terminal, leaving
// out SGR and other CSI escape sequences.
func visibleWidth(s string) int {
	w := 0
	for i := 0; i < len(s); {
		if s[i] == keyEsc && i+1 < len(s) && s[i+1] == '[' {
			j := i + 2
			for j < len(s) && (s[j] < 0x40 || s[j] > 0x7e) {
				j++
			}
			i = j + 1
			continue
		}
		cell, n := showCell(s[i:])
		w += cellWidth(cell)
		i += n
	}
	return w
}
