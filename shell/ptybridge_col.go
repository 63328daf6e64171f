package shell

import (
	"bytes"
	"strings"
)

// Where the cursor is after what the pty's programs wrote, as far as the
// bytes tell. The line editor draws its prompt by erasing the line the
// cursor is on (its redraw starts with CR and draws over the row), which would
// erase a program's output that did not end with a newline (`printf abc`).
// So before each prompt, and after each piece of output written while the
// editor reads, output that left text on the cursor's line is ended the
// way zsh ends it: a reverse-video % and a newline.
const (
	colStart   = iota // column 0, or an empty line: nothing to erase
	colText           // after printed text on the cursor's line
	colUnknown        // after a sequence that moved the cursor
)

// partialMark is what ends a line of output that had no newline.
const partialMark = "\x1b[7m%\x1b[0m"

// colTracker follows where output leaves the cursor.
type colTracker struct {
	col int
	// esc is the state within an escape sequence: 0 none, 1 after ESC,
	// 2 in a CSI, 3 in an OSC or other string, 4 after ESC in a string.
	esc int
}

// track follows p. Text outside escape sequences, the bulk of a
// program's output, is not looked at byte by byte: only its last byte
// that moves the cursor counts (see plain), and the next ESC is found
// with bytes.IndexByte.
func (c *colTracker) track(p []byte) {
	for len(p) > 0 {
		if c.esc == 0 {
			i := bytes.IndexByte(p, 0x1b)
			if i < 0 {
				c.plain(p)
				return
			}
			c.plain(p[:i])
			c.esc = 1
			p = p[i+1:]
			continue
		}
		c.step(p[0])
		p = p[1:]
	}
}

// plain follows p, text outside any escape sequence with no ESC in it:
// where the cursor is after it is what its last newline, carriage
// return or printed character says; the other control characters leave
// it where it was.
func (c *colTracker) plain(p []byte) {
	for i := len(p) - 1; i >= 0; i-- {
		switch b := p[i]; {
		case b == '\n' || b == '\r':
			c.col = colStart
			return
		case b == '\t' || b >= 0x20 && b != 0x7f:
			c.col = colText
			return
		}
	}
}

// step follows one byte.
func (c *colTracker) step(b byte) {
	switch c.esc {
	case 1:
		switch b {
		case '[':
			c.esc = 2
		case ']', 'P', 'X', '^', '_':
			c.esc = 3
		case 'c':
			c.col, c.esc = colStart, 0
		case '8', 'D', 'E', 'M':
			c.col, c.esc = colUnknown, 0
		default:
			c.esc = 0
		}
		return
	case 2:
		if b >= 0x40 && b <= 0x7e {
			c.esc = 0
			if strings.IndexByte("ABCDEFGHIZadefsu`", b) >= 0 {
				c.col = colUnknown
			}
		}
		return
	case 3:
		switch b {
		case '\a':
			c.esc = 0
		case 0x1b:
			c.esc = 4
		}
		return
	case 4:
		c.esc = 0
		if b != '\\' {
			c.esc = 3
		}
		return
	}
	switch {
	case b == 0x1b:
		c.esc = 1
	case b == '\n' || b == '\r':
		c.col = colStart
	case b == '\t' || b >= 0x20 && b != 0x7f:
		c.col = colText
	}
}

// ending returns what ends the cursor's line before a prompt: nothing at
// column 0; the mark and a newline after text; when the cursor moved in
// ways the bytes do not tell, zsh's way: the mark, then spaces up to the
// last column and a carriage return, which leaves the cursor on a line of
// its own only when the mark did not start at column 0 (width is the
// terminal's).
func (c *colTracker) ending(width int) string {
	switch c.col {
	case colText:
		return partialMark + "\r\n"
	case colUnknown:
		if width < 2 {
			width = 80
		}
		return partialMark + strings.Repeat(" ", width-1) + "\r"
	}
	return ""
}
