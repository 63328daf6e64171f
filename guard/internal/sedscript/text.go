package sedscript

// The parts of a sed script that are text: regexes, replacements, the
// text of a, i, c and e, file names and labels.

import "strings"

// delimited reads up to an unescaped delim (the opening one read) and
// returns the text between as sed keeps it: `\delim` and `\` newline lose
// their backslash, `\n` in a regex is a newline; a bracket expression in
// a regex may hold the delimiter. ok is false when the line or the script
// ends first.
func (p *sedParser) delimited(delim int, regex bool) (string, bool) {
	var b strings.Builder
	for {
		ch := p.next()
		switch {
		case ch == sedEOF || ch == '\n':
			return "", false
		case ch == delim:
			return b.String(), true
		case ch == '\\':
			ch = p.next()
			switch {
			case ch == sedEOF:
				return "", false
			case ch == 'n' && regex:
				ch = '\n'
			case ch != '\n' && (ch != delim || !regex && ch == '&'):
				b.WriteByte('\\')
			}
		case ch == '[' && regex:
			b.WriteByte('[')
			if ch = p.bracket(&b); ch != ']' {
				return "", false
			}
		}
		b.WriteByte(byte(ch))
	}
}

// bracket reads a bracket expression after its '[' up to the ']' that
// closes it, which it returns (or what ended it first).
func (p *sedParser) bracket(b *strings.Builder) int {
	ch := p.next()
	if ch == '^' {
		b.WriteByte('^')
		ch = p.next()
	}
	if ch == ']' {
		b.WriteByte(']')
		ch = p.next()
	}
	state, delim := 0, 0
	for ; ; ch = p.next() {
		switch ch {
		case sedEOF, '\n':
			return ch
		case '.', ':', '=':
			if state == 1 {
				delim, state = ch, 2
				b.WriteByte(byte(ch))
				continue
			} else if state == 2 && ch == delim {
				state = 3
				b.WriteByte(byte(ch))
				continue
			}
		case '[':
			if state == 0 {
				state = 1
			}
			b.WriteByte(byte(ch))
			continue
		case ']':
			if state == 0 || state == 1 {
				return ch
			} else if state == 3 {
				state = 0
			}
		}
		b.WriteByte(byte(ch))
		state &^= 1
	}
}

// text reads the text of a, i, c or e, starting with ch: one line, or
// more when a line ends in a backslash; `a\` may put it on the next line.
func (p *sedParser) text(ch int) string {
	if ch == '\\' {
		ch = p.next()
		if ch == sedEOF {
			return ""
		}
		if ch == '\n' {
			ch = p.next()
		}
	}
	var b strings.Builder
	for ; ch != sedEOF && ch != '\n'; ch = p.next() {
		if ch == '\\' {
			ch = p.next()
			if ch == sedEOF {
				break
			}
			b.WriteByte(sedEscape(byte(ch)))
			continue
		}
		b.WriteByte(byte(ch))
	}
	return b.String()
}

// sedEscape is the byte `\c` stands for in sed's text.
func sedEscape(c byte) byte {
	switch c {
	case 'n':
		return '\n'
	case 't':
		return '\t'
	case 'r':
		return '\r'
	case 'f':
		return '\f'
	case 'v':
		return '\v'
	case 'a':
		return '\a'
	}
	return c
}

// filename reads the file name of r, R, w, W or s///w: the rest of the
// line after blanks.
func (p *sedParser) filename() string {
	ch := p.nonblank()
	start := p.i - 1
	for ch != sedEOF && ch != '\n' {
		ch = p.next()
	}
	if start >= len(p.s) {
		return ""
	}
	end := min(p.i, len(p.s))
	if ch == '\n' {
		end--
	}
	return p.s[start:end]
}

// label reads the label of :, b, t, T or v.
func (p *sedParser) label() string {
	ch := p.nonblank()
	start := p.i - 1
	for ch != sedEOF && ch != '\n' && ch != ' ' && ch != '\t' && ch != ';' && ch != '}' && ch != '#' {
		ch = p.next()
	}
	if ch != sedEOF {
		p.back()
	}
	if start >= len(p.s) {
		return ""
	}
	return p.s[start:min(p.i, len(p.s))]
}

// toLineEnd skips a comment.
func (p *sedParser) toLineEnd() {
	for ch := p.next(); ch != sedEOF && ch != '\n'; ch = p.next() {
	}
}

// Command returns the shell command an s///e runs when it is the same
// for every line: the regex matches the whole line and the replacement is
// literal text. ok is false when it depends on the input.
func (s Subst) Command() (cmd string, ok bool) {
	switch s.Regex {
	case ".*", "^.*", ".*$", "^.*$", "^\\(.*\\)$", "^(.*)$":
	default:
		return "", false
	}
	if strings.ContainsAny(s.Flags, "123456789mM") || strings.Contains(s.Repl, Unknown) {
		return "", false
	}
	var b strings.Builder
	for i := 0; i < len(s.Repl); i++ {
		c := s.Repl[i]
		switch {
		case c == '&':
			return "", false
		case c == '\\' && i+1 < len(s.Repl):
			i++
			c = s.Repl[i]
			switch {
			case c >= '0' && c <= '9', c == 'L', c == 'U', c == 'E', c == 'l', c == 'u':
				return "", false
			}
			b.WriteByte(sedEscape(c))
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), true
}
