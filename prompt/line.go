package prompt

import (
	"strconv"
	"strings"
	"unicode"
)

// lineState is the line being edited and the cursor in it.
type lineState struct {
	buf []rune
	pos int // the cursor: the index of the rune it is on
	off int // the first rune shown, when the line is wider than the screen
}

func newLineState(s string) *lineState {
	b := []rune(s)
	return &lineState{buf: b, pos: len(b)}
}

func (l *lineState) String() string { return string(l.buf) }

// apply does what key k does. done reports Enter; cancel reports Ctrl-C,
// or Ctrl-D on an empty line.
func (l *lineState) apply(k key) (done, cancel bool) {
	switch k.kind {
	case kRune:
		l.buf = append(l.buf, 0)
		copy(l.buf[l.pos+1:], l.buf[l.pos:])
		l.buf[l.pos] = k.r
		l.pos++
	case kLeft:
		if l.pos > 0 {
			l.pos--
		}
	case kRight:
		if l.pos < len(l.buf) {
			l.pos++
		}
	case kWordLeft:
		l.pos = l.wordStart()
	case kWordRight:
		l.pos = l.wordEnd()
	case kHome:
		l.pos = 0
	case kEnd:
		l.pos = len(l.buf)
	case kBackspace:
		if l.pos > 0 {
			l.buf = append(l.buf[:l.pos-1], l.buf[l.pos:]...)
			l.pos--
		}
	case kCtrlD:
		if len(l.buf) == 0 {
			return false, true
		}
		fallthrough
	case kDelete:
		if l.pos < len(l.buf) {
			l.buf = append(l.buf[:l.pos], l.buf[l.pos+1:]...)
		}
	case kKillEnd:
		l.buf = l.buf[:l.pos]
	case kKillStart:
		l.buf = append(l.buf[:0], l.buf[l.pos:]...)
		l.pos = 0
	case kKillWord:
		start := l.wordStartSpace()
		l.buf = append(l.buf[:start], l.buf[l.pos:]...)
		l.pos = start
	case kEnter:
		return true, false
	case kCancel:
		return false, true
	}
	return false, false
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' }

// wordStart is where Alt-B goes: the start of the word before the cursor.
func (l *lineState) wordStart() int {
	i := l.pos
	for i > 0 && !isWordRune(l.buf[i-1]) {
		i--
	}
	for i > 0 && isWordRune(l.buf[i-1]) {
		i--
	}
	return i
}

// wordEnd is where Alt-F goes: the end of the word after the cursor.
func (l *lineState) wordEnd() int {
	i := l.pos
	for i < len(l.buf) && !isWordRune(l.buf[i]) {
		i++
	}
	for i < len(l.buf) && isWordRune(l.buf[i]) {
		i++
	}
	return i
}

// wordStartSpace is where Ctrl-W deletes back to: the start of the
// whitespace-delimited word before the cursor, as in bash.
func (l *lineState) wordStartSpace() int {
	i := l.pos
	for i > 0 && unicode.IsSpace(l.buf[i-1]) {
		i--
	}
	for i > 0 && !unicode.IsSpace(l.buf[i-1]) {
		i--
	}
	return i
}

// render returns the bytes that redraw the line after prompt (whose
// visible width is promptW) on a terminal cols wide, scrolling sideways to
// keep the cursor on screen, and leaves the cursor in place.
func (l *lineState) render(prompt string, promptW, cols int) string {
	avail := max(cols-promptW-1, 1)
	cells := make([]string, len(l.buf))
	widths := make([]int, len(l.buf))
	for i, r := range l.buf {
		cells[i], _ = showCell(string(r))
		widths[i] = cellWidth(cells[i])
		if cells[i] == "\t" {
			cells[i] = " " // a tab is drawn as one space
		}
	}
	if l.pos < l.off {
		l.off = l.pos
	}
	for l.off < l.pos && sum(widths[l.off:l.pos]) >= avail {
		l.off++
	}
	var b strings.Builder
	b.WriteString("\r")
	b.WriteString(prompt)
	used := 0
	for i := l.off; i < len(l.buf) && used+widths[i] <= avail; i++ {
		b.WriteString(cells[i])
		used += widths[i]
	}
	b.WriteString("\x1b[K\r")
	if col := promptW + sum(widths[l.off:l.pos]); col > 0 {
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
