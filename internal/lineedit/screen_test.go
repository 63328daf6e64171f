package lineedit

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// screen is a small terminal emulator for the tests: the editor's drawing
// is checked by what a terminal would show, not by its bytes. It knows CR,
// LF, BS, the cursor moves (CSI A B C), the erases (CSI J, K, 2J), home
// (CSI H), wrapping at the last column as xterm wraps, wide characters,
// and ignores SGR.
type screen struct {
	cols    int
	rows    [][]rune // 0 is an empty cell
	row     int
	col     int
	pending bool // the last column was written: the next character wraps
}

func newScreen(cols int) *screen { return &screen{cols: cols, rows: [][]rune{nil}} }

func (s *screen) line(r int) []rune {
	for len(s.rows) <= r {
		s.rows = append(s.rows, nil)
	}
	for len(s.rows[r]) < s.cols {
		s.rows[r] = append(s.rows[r], 0)
	}
	return s.rows[r]
}

func (s *screen) write(b string) {
	for i := 0; i < len(b); {
		c := b[i]
		switch {
		case c == '\r':
			s.col, s.pending = 0, false
			i++
		case c == '\n':
			s.row++
			s.pending = false
			s.line(s.row)
			i++
		case c == '\b':
			if s.col > 0 && !s.pending {
				s.col--
			}
			s.pending = false
			i++
		case c == 0x1b && i+1 < len(b) && b[i+1] == '[':
			j := i + 2
			for j < len(b) && (b[j] < 0x40 || b[j] > 0x7e) {
				j++
			}
			s.csi(b[i+2:j], b[j])
			i = j + 1
		default:
			r, n := utf8.DecodeRuneInString(b[i:])
			s.put(r)
			i += n
		}
	}
}

func (s *screen) csi(params string, final byte) {
	n, err := strconv.Atoi(params)
	if err != nil || n == 0 {
		n = 1
	}
	switch final {
	case 'A':
		s.row = max(s.row-n, 0)
	case 'B':
		s.row += n
		s.line(s.row)
	case 'C':
		s.col = min(s.col+n, s.cols-1)
	case 'J':
		if params == "2" {
			s.rows = [][]rune{nil}
			return
		}
		l := s.line(s.row)
		clear(l[s.col:])
		s.rows = s.rows[:s.row+1]
	case 'K':
		clear(s.line(s.row)[s.col:])
	case 'H':
		s.row, s.col = 0, 0
	case 'm':
		return
	}
	s.pending = false
}

func (s *screen) put(r rune) {
	w := RuneWidth(r)
	if w == 0 {
		return
	}
	if s.pending || s.col+w > s.cols {
		s.row++
		s.col = 0
		s.pending = false
	}
	l := s.line(s.row)
	l[s.col] = r
	if w == 2 {
		l[s.col+1] = -1 // the right half of a wide character
	}
	s.col += w
	if s.col >= s.cols {
		s.col = s.cols - 1
		s.pending = true
	}
}

// text is what the screen shows, rows joined by newlines, blanks at the
// ends of rows and empty rows at the end left out.
func (s *screen) text() string {
	var out []string
	for _, l := range s.rows {
		var b strings.Builder
		for _, r := range l {
			switch r {
			case 0:
				b.WriteByte(' ')
			case -1:
			default:
				b.WriteRune(r)
			}
		}
		out = append(out, strings.TrimRight(b.String(), " "))
	}
	for len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	return strings.Join(out, "\n")
}

// cursor is where the cursor is: where the next character goes.
func (s *screen) cursor() pos {
	if s.pending {
		return pos{s.row + 1, 0}
	}
	return pos{s.row, s.col}
}
