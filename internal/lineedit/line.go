package lineedit

import (
	"slices"
	"unicode"
)

// Line is the text being edited and the cursor in it (an index into Buf).
type Line struct {
	Buf []rune
	Pos int
}

// Insert puts rs at the cursor and moves the cursor after them.
func (l *Line) Insert(rs ...rune) {
	l.Buf = slices.Insert(l.Buf, l.Pos, rs...)
	l.Pos += len(rs)
}

// String is the line's text.
func (l *Line) String() string { return string(l.Buf) }

// set replaces the text, the cursor at its end.
func (l *Line) set(s []rune) {
	l.Buf = append(l.Buf[:0], s...)
	l.Pos = len(l.Buf)
}

// isWordBreak reports whether r separates words for Alt-B, Alt-F, Alt-D
// and Alt-Backspace.
func isWordBreak(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }

// Edit does what an editing key does to the line; kill is the last text
// killed, for Ctrl-Y. It reports whether k is an editing key (Enter,
// Ctrl-C, history, search and completion are not: they are the editor's).
func (l *Line) Edit(k Key, kill *[]rune) bool {
	b := l.Buf
	switch k.Kind {
	case KeyRune:
		l.Insert(k.Rune)
	case KeyLeft:
		if l.Pos > 0 {
			l.Pos--
		}
	case KeyRight:
		if l.Pos < len(b) {
			l.Pos++
		}
	case KeyHome:
		l.Pos = 0
	case KeyEnd:
		l.Pos = len(b)
	case KeyWordLeft:
		l.Pos = l.wordStart()
	case KeyWordRight:
		l.Pos = l.wordEnd()
	case KeyBackspace:
		if l.Pos > 0 {
			l.Buf = slices.Delete(b, l.Pos-1, l.Pos)
			l.Pos--
		}
	case KeyDelete, KeyEOF:
		if l.Pos < len(b) {
			l.Buf = slices.Delete(b, l.Pos, l.Pos+1)
		}
	case KeyKillEnd:
		l.kill(l.Pos, len(b), kill)
	case KeyKillStart:
		l.kill(0, l.Pos, kill)
	case KeyKillWord:
		i := l.Pos
		for i > 0 && unicode.IsSpace(b[i-1]) {
			i--
		}
		for i > 0 && !unicode.IsSpace(b[i-1]) {
			i--
		}
		l.kill(i, l.Pos, kill)
	case KeyKillWordBack:
		l.kill(l.wordStart(), l.Pos, kill)
	case KeyKillWordFwd:
		l.kill(l.Pos, l.wordEnd(), kill)
	case KeyYank:
		l.Insert(*kill...)
	case KeyTranspose:
		if len(b) < 2 {
			break
		}
		i := min(max(l.Pos, 1), len(b)-1)
		b[i-1], b[i] = b[i], b[i-1]
		l.Pos = i + 1
	default:
		return false
	}
	return true
}

// kill takes out the text from i to j and keeps it for Ctrl-Y.
func (l *Line) kill(i, j int, kill *[]rune) {
	if i >= j {
		return
	}
	*kill = slices.Clone(l.Buf[i:j])
	l.Buf = slices.Delete(l.Buf, i, j)
	if l.Pos > j {
		l.Pos -= j - i
	} else if l.Pos > i {
		l.Pos = i
	}
}

// wordStart is where Alt-B goes: the start of the word before the cursor.
func (l *Line) wordStart() int {
	i := l.Pos
	for i > 0 && isWordBreak(l.Buf[i-1]) {
		i--
	}
	for i > 0 && !isWordBreak(l.Buf[i-1]) {
		i--
	}
	return i
}

// wordEnd is where Alt-F goes: the end of the word after the cursor.
func (l *Line) wordEnd() int {
	i := l.Pos
	for i < len(l.Buf) && isWordBreak(l.Buf[i]) {
		i++
	}
	for i < len(l.Buf) && !isWordBreak(l.Buf[i]) {
		i++
	}
	return i
}
