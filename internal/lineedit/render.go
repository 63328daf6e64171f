package lineedit

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// RuneWidth is the number of terminal columns a printable rune takes: 2
// for East Asian wide characters and most emoji, 0 for combining marks
// and format characters, 1 otherwise.
func RuneWidth(r rune) int {
	switch {
	case r < 0x300:
		return 1
	case unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Me, r) || unicode.Is(unicode.Cf, r):
		return 0
	case r >= 0x1100 && r <= 0x115f, r >= 0x2e80 && r <= 0xa4cf && r != 0x303f,
		r >= 0xac00 && r <= 0xd7a3, r >= 0xf900 && r <= 0xfaff,
		r >= 0xfe30 && r <= 0xfe4f, r >= 0xff00 && r <= 0xff60,
		r >= 0xffe0 && r <= 0xffe6, r >= 0x1f300 && r <= 0x1f64f,
		r >= 0x1f900 && r <= 0x1f9ff, r >= 0x20000 && r <= 0x3fffd:
		return 2
	}
	return 1
}

// NewlineMark is how a newline in the line is drawn: a statement of
// several lines, recalled from the history, is edited on one line.
const NewlineMark = '↵'

// tabWidth is the number of spaces a tab in the line is drawn as.
const tabWidth = 4

// cell returns how r is drawn in the line, and its width.
func cell(r rune) (string, int) {
	switch {
	case r == '\n':
		return string(NewlineMark), 1
	case r == '\t':
		return "    ", tabWidth
	case r < 0x20 || r == 0x7f:
		return "^" + string(rune(r^0x40)), 2
	case r >= 0x80 && r < 0xa0:
		return "^?", 2
	}
	return string(r), RuneWidth(r)
}

// pos is a place on the screen, relative to the start of the prompt's
// first row.
type pos struct{ row, col int }

// cursor follows where drawn text leaves the cursor on a screen cols
// wide. pending says the last column was just filled: the terminal wraps
// before the next character.
type cursor struct {
	pos
	cols    int
	pending bool
}

// put advances over a character w columns wide and returns where it
// starts.
func (c *cursor) put(w int) pos {
	if w == 0 {
		return c.pos
	}
	if c.pending || c.col+w > c.cols {
		c.row++
		c.col = 0
		c.pending = false
	}
	start := c.pos
	c.col += w
	if c.col >= c.cols {
		c.col = c.cols - 1
		c.pending = true
	}
	return start
}

// at is where the next character goes.
func (c *cursor) at() pos {
	if c.pending {
		return pos{c.row + 1, 0}
	}
	return c.pos
}

// promptText follows the prompt's text: escape sequences (colours) take
// no room, a newline starts a row, \x01 and \x02 (readline's markers
// around invisible text) are dropped from what is written.
func (c *cursor) promptText(p string, out *strings.Builder) {
	for i := 0; i < len(p); {
		b := p[i]
		switch {
		case b == esc:
			j := skipEscape(p, i)
			out.WriteString(p[i:j])
			i = j
			continue
		case b == 1 || b == 2:
			i++
			continue
		case b == '\n':
			out.WriteString("\r\n")
			c.row, c.col, c.pending = c.row+1, 0, false
			i++
			continue
		case b == '\r':
			out.WriteByte('\r')
			c.col, c.pending = 0, false
			i++
			continue
		case b < 0x20:
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(p[i:])
		c.put(RuneWidth(r))
		out.WriteString(p[i : i+n])
		i += n
	}
}

// skipEscape returns the end of the escape sequence at p[i] (a CSI, an OSC
// or other string ended by BEL or ST, or Esc and one byte).
func skipEscape(p string, i int) int {
	if i+1 >= len(p) {
		return len(p)
	}
	switch p[i+1] {
	case '[':
		for j := i + 2; j < len(p); j++ {
			if p[j] >= 0x40 && p[j] <= 0x7e {
				return j + 1
			}
		}
		return len(p)
	case ']', 'P', 'X', '^', '_':
		for j := i + 2; j < len(p); j++ {
			if p[j] == '\a' {
				return j + 1
			}
			if p[j] == esc && j+1 < len(p) && p[j+1] == '\\' {
				return j + 2
			}
		}
		return len(p)
	}
	return i + 2
}

// drawing is what one draw of the editor put on the screen.
type drawing struct {
	// cur is where it left the cursor; rows is the number of rows it
	// took below the first.
	cur  pos
	rows int
}

// view is what the editor shows: the prompt, the line with the cursor in
// it, and lines below it (the search, the candidates of a completion).
type view struct {
	prompt string
	line   []rune
	pos    int
	below  []string
}

// draw appends to out the bytes that draw v on a screen cols wide, the
// cursor at the start of the row the previous drawing (prev) started on,
// prev.cur.row rows up. It returns the new drawing.
func (v *view) draw(out *strings.Builder, prev drawing, cols int) drawing {
	if cols < 2 {
		cols = 80
	}
	if prev.cur.row > 0 {
		moveUp(out, prev.cur.row)
	}
	out.WriteByte('\r')
	c := cursor{cols: cols}
	c.promptText(v.prompt, out)
	var at pos
	for i, r := range v.line {
		if i == v.pos {
			at = c.at()
		}
		s, w := cell(r)
		c.put(w)
		out.WriteString(s)
	}
	end := c.at()
	if v.pos >= len(v.line) {
		at = end
	}
	if c.pending {
		// The last column is full: the terminal wraps at the next
		// character; a space and a backspace put the cursor there now.
		out.WriteString(" \b")
	}
	out.WriteString("\x1b[J")
	rows := end.row
	cur := end
	if len(v.below) > 0 {
		for _, l := range v.below {
			out.WriteString("\r\n")
			out.WriteString(l)
		}
		cur = pos{end.row + len(v.below), -1}
		rows = cur.row
	}
	moveTo(out, cur, at)
	return drawing{cur: at, rows: rows}
}

// moveTo moves the cursor from one place to another; a column of -1 is
// not known.
func moveTo(out *strings.Builder, from, to pos) {
	if from.row > to.row {
		moveUp(out, from.row-to.row)
	} else if from.row < to.row {
		out.WriteString("\x1b[" + strconv.Itoa(to.row-from.row) + "B")
	}
	if from.col == to.col {
		return
	}
	out.WriteByte('\r')
	if to.col > 0 {
		out.WriteString("\x1b[" + strconv.Itoa(to.col) + "C")
	}
}

func moveUp(out *strings.Builder, n int) {
	out.WriteString("\x1b[" + strconv.Itoa(n) + "A")
}

// clear appends what erases the drawing d, the cursor where d left it,
// and leaves the cursor at the start of d's first row.
func (d drawing) clear(out *strings.Builder) {
	if d.cur.row > 0 {
		moveUp(out, d.cur.row)
	}
	out.WriteString("\r\x1b[J")
}

// fit cuts s to at most cols-1 columns; its escape sequences take none.
func fit(s string, cols int) string {
	w := 0
	for i := 0; i < len(s); {
		if s[i] == esc {
			i = skipEscape(s, i)
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		_, rw := cell(r)
		if w+rw > cols-1 {
			return s[:i]
		}
		w += rw
		i += n
	}
	return s
}
