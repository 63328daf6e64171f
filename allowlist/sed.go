package allowlist

import (
	"strings"
	"sync"
)

// sedWhy explains sed's flags that auto mode refuses.
var sedWhy = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"-i":                "sed -i writes files",
		"--in-place":        "sed -i writes files",
		"-f":                "sed -f reads a script auto mode cannot check",
		"--file":            "sed -f reads a script auto mode cannot check",
		"--follow-symlinks": "sed --follow-symlinks is for -i, which writes files",
		"--binary":          "sed --binary is for -i, which writes files",
	}
})

// checkSed checks sed's scripts: from -e, or else the first operand.
func checkSed(c *Call) string {
	scripts := c.Values("-e", "--expression")
	if len(scripts) == 0 {
		if len(c.Operands) == 0 {
			return "sed has no script"
		}
		scripts = []string{c.Operands[0].Text}
	}
	for _, s := range scripts {
		if r := sedScript(s); r != "" {
			return r
		}
	}
	return ""
}

// sedParser reads a sed script far enough to know every command in it.
type sedParser struct {
	s string
	i int
}

func (p *sedParser) eof() bool { return p.i >= len(p.s) }

func (p *sedParser) peek() byte {
	if p.eof() {
		return 0
	}
	return p.s[p.i]
}

func (p *sedParser) blanks() {
	for !p.eof() && (p.s[p.i] == ' ' || p.s[p.i] == '\t') {
		p.i++
	}
}

func (p *sedParser) digits() bool {
	start := p.i
	for !p.eof() && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
		p.i++
	}
	return p.i > start
}

// delimited reads up to an unescaped delim, after the opening one.
func (p *sedParser) delimited(delim byte) bool {
	for !p.eof() {
		c := p.s[p.i]
		p.i++
		switch {
		case c == '\\':
			p.i++
		case c == delim:
			return true
		case c == '\n' && delim != '\n':
			return false
		}
	}
	return false
}

// address reads an optional address; false means a malformed one.
func (p *sedParser) address(second bool) bool {
	switch c := p.peek(); {
	case c >= '0' && c <= '9':
		p.digits()
		if p.peek() == '~' {
			p.i++
			p.digits()
		}
	case c == '$':
		p.i++
	case second && (c == '+' || c == '~'):
		p.i++
		return p.digits()
	case c == '/' || c == '\\':
		p.i++
		d := byte('/')
		if c == '\\' {
			if p.eof() {
				return false
			}
			d = p.s[p.i]
			p.i++
		}
		if !p.delimited(d) {
			return false
		}
		for p.peek() == 'I' || p.peek() == 'M' {
			p.i++
		}
	}
	return true
}

// toLineEnd skips text up to an unescaped newline.
func (p *sedParser) toLineEnd() {
	for !p.eof() {
		c := p.s[p.i]
		p.i++
		if c == '\\' {
			p.i++
			continue
		}
		if c == '\n' {
			return
		}
	}
}

// label skips a label, which ends at a newline or ';'.
func (p *sedParser) label() {
	p.blanks()
	for !p.eof() && p.s[p.i] != '\n' && p.s[p.i] != ';' {
		p.i++
	}
}

// sedScript returns why a sed script may do more than print, or "".
func sedScript(s string) string {
	p := &sedParser{s: s}
	depth := 0
	for {
		for !p.eof() && strings.IndexByte(" \t\n;", p.peek()) >= 0 {
			p.i++
		}
		if p.eof() {
			break
		}
		if p.peek() == '#' {
			p.toLineEnd()
			continue
		}
		if !p.address(false) {
			return "sed script has an address auto mode cannot read"
		}
		p.blanks()
		if p.peek() == ',' {
			p.i++
			p.blanks()
			if !p.address(true) {
				return "sed script has an address auto mode cannot read"
			}
		}
		p.blanks()
		for p.peek() == '!' {
			p.i++
			p.blanks()
		}
		if p.eof() {
			return "sed script has an address without a command"
		}
		cmd := p.s[p.i]
		p.i++
		switch cmd {
		case '{':
			depth++
			continue
		case '}':
			depth--
			if depth < 0 {
				return "sed script has an unmatched }"
			}
		case '=', 'd', 'D', 'g', 'G', 'h', 'H', 'n', 'N', 'p', 'P', 'x', 'z', 'F':
		case 'l', 'L', 'q', 'Q':
			p.blanks()
			p.digits()
		case 'a', 'i', 'c':
			p.toLineEnd()
			continue
		case ':':
			p.label()
			continue
		case 'b', 't', 'T':
			p.label()
			continue
		case 'v':
			p.label()
			continue
		case 's', 'y':
			if p.eof() || p.peek() == '\\' || p.peek() == '\n' {
				return "sed script has an odd delimiter"
			}
			d := p.s[p.i]
			p.i++
			if !p.delimited(d) || !p.delimited(d) {
				return "sed script has an unterminated " + string(cmd) + " command"
			}
			if cmd == 'y' {
				break
			}
		flags:
			for !p.eof() {
				switch f := p.s[p.i]; {
				case f == 'e':
					return "sed s///e runs commands"
				case f == 'w':
					return "sed s///w writes a file"
				case strings.IndexByte("gpiImM0123456789", f) >= 0:
					p.i++
				default:
					break flags
				}
			}
		case 'w', 'W':
			return "sed " + string(cmd) + " writes a file"
		case 'r', 'R':
			return "sed " + string(cmd) + " reads another file"
		case 'e':
			return "sed e runs commands"
		default:
			return "sed script has a command auto mode does not know: " + string(cmd)
		}
		p.blanks()
		if !p.eof() && strings.IndexByte(";\n}#", p.peek()) < 0 {
			return "sed script has text after a command"
		}
	}
	if depth != 0 {
		return "sed script has an unmatched {"
	}
	return ""
}
