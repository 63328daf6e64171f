// Package sedscript reads GNU sed scripts, far enough to find what
// reaches outside sed: the e command and the s///e flag run shell
// commands, w, W and s///w write files, r and R read them. It follows GNU
// sed's compile.c: commands separated by ';' and newlines, addresses
// (/re/I, \cREc, N, first~step, $, addr,+N), '!', {} blocks, the s and y
// commands with any delimiter, escapes and bracket expressions, and the
// commands whose argument runs to the end of the line (a, i, c, e, r, R,
// w, W). It imports only the standard library.
package sedscript

import "strings"

// Unknown stands, in a script, for a part only known at run time (a shell
// variable or substitution); it is the marker of package guard's words.
const Unknown = "\uFFFD"

// Subst is an s command with the e flag: the line it changes is run.
type Subst struct {
	// Regex and Repl are the s command's regex and replacement, as sed
	// keeps them.
	Regex, Repl string
	// Flags are the s command's flags before any w.
	Flags string
}

// Program is what a sed script does outside sed.
type Program struct {
	// Execs are the commands of `e COMMAND`.
	Execs []string
	// ExecLine reports an `e` without a command: each line is run.
	ExecLine bool
	// SubstExecs are the s commands with the e flag.
	SubstExecs []Subst
	// Writes are the files of w, W and s///w.
	Writes []string
	// Reads are the files of r and R, whose lines sed prints.
	Reads []string
	// Dynamic reports a part only known at run time (Unknown) where a
	// command, a delimiter or a flag stands: the script could do anything.
	Dynamic bool
}

// sedEOF stands for the end of the script.
const sedEOF = -1

// sedParser reads one script.
type sedParser struct {
	s     string
	i     int
	depth int
	prog  *Program
}

// next returns the next byte, sedEOF at the end.
func (p *sedParser) next() int {
	if p.i >= len(p.s) {
		p.i = len(p.s) + 1 // a later back() stays past the end
		return sedEOF
	}
	p.i++
	return int(p.s[p.i-1])
}

// back ungets the byte next returned.
func (p *sedParser) back() { p.i-- }

// nonblank returns the next byte that is not a space or a tab.
func (p *sedParser) nonblank() int {
	for {
		ch := p.next()
		if ch != ' ' && ch != '\t' {
			return ch
		}
	}
}

// atUnknown reports an unknown part right at the byte next returned.
func (p *sedParser) atUnknown() bool {
	return p.i > 0 && p.i <= len(p.s) && strings.HasPrefix(p.s[p.i-1:], Unknown)
}

// Parse reads a sed script (several -e scripts joined by newlines, as sed
// reads them). A script sed would reject still returns what it found
// before the error: sed opens the w files as it reads.
func Parse(script string) Program {
	var prog Program
	p := &sedParser{s: script, prog: &prog}
	p.program()
	return prog
}

// program reads commands to the end; false on an error.
func (p *sedParser) program() bool {
	for {
		ch := p.next()
		for ch == ';' || ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\v' || ch == '\f' {
			ch = p.next()
		}
		if ch == sedEOF {
			return p.depth == 0
		}
		hasAddr := false
		if p.atUnknown() {
			// `${N}p`: a number only known at run time; or the whole
			// command.
			p.skipUnknown()
			ch = p.nonblank()
			if ch == sedEOF || ch == ';' || ch == '\n' || ch == '}' {
				p.prog.Dynamic = true
				return false
			}
			hasAddr = true
		} else if ok, bad := p.address(ch, false); bad {
			return false
		} else if ok {
			hasAddr = true
			ch = p.nonblank()
		}
		if hasAddr && ch == ',' {
			ch = p.nonblank()
			if p.atUnknown() {
				p.skipUnknown()
			} else if ok, bad := p.address(ch, true); !ok || bad {
				return false
			}
			ch = p.nonblank()
		}
		if ch == '!' {
			if ch = p.nonblank(); ch == '!' {
				return false
			}
		}
		if !p.command(ch, hasAddr) {
			return false
		}
	}
}

// skipUnknown skips unknown parts and digits after the one next returned.
func (p *sedParser) skipUnknown() {
	p.i += len(Unknown) - 1
	for p.i < len(p.s) {
		switch {
		case strings.HasPrefix(p.s[p.i:], Unknown):
			p.i += len(Unknown)
		case p.s[p.i] >= '0' && p.s[p.i] <= '9':
			p.i++
		default:
			return
		}
	}
}

// address reads an address starting with ch, already read. ok reports
// one was there; bad a malformed one. Nothing more is read when there is
// none.
func (p *sedParser) address(ch int, second bool) (ok, bad bool) {
	switch {
	case ch == '/' || ch == '\\':
		if ch == '\\' {
			ch = p.next()
		}
		if _, ok := p.delimited(ch, true); !ok {
			return false, true
		}
		for {
			f := p.nonblank()
			if f != 'I' && f != 'M' {
				p.back()
				return true, false
			}
		}
	case ch >= '0' && ch <= '9':
		p.digits()
		if p.nonblank() == '~' {
			p.nonblank()
			p.back()
			p.digits()
		} else {
			p.back()
		}
		return true, false
	case ch == '+' || ch == '~':
		p.nonblank()
		p.back()
		p.digits()
		return true, !second
	case ch == '$':
		return true, false
	}
	return false, false
}

// digits skips digits.
func (p *sedParser) digits() {
	for p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
		p.i++
	}
}

// command reads the command ch and what follows it; false on an error.
func (p *sedParser) command(ch int, hasAddr bool) bool {
	if p.atUnknown() {
		p.prog.Dynamic = true
		return false
	}
	switch ch {
	case '#':
		if hasAddr {
			return false
		}
		p.toLineEnd()
		return true
	case 'v', ':', 'b', 't', 'T':
		label := p.label()
		return ch != ':' || label != "" && !hasAddr
	case '{':
		p.depth++
		return true
	case '}':
		if p.depth == 0 || hasAddr {
			return false
		}
		p.depth--
		return p.end(true)
	case 'e':
		ch = p.nonblank()
		if ch == sedEOF || ch == '\n' {
			p.prog.ExecLine = true
			return true
		}
		p.prog.Execs = append(p.prog.Execs, p.text(ch))
		return true
	case 'a', 'i', 'c':
		ch = p.nonblank()
		if ch == sedEOF {
			return false
		}
		p.text(ch)
		return true
	case 'q', 'Q', 'l', 'L':
		if ch = p.nonblank(); ch >= '0' && ch <= '9' {
			p.digits()
		} else {
			p.back()
		}
		return p.end(true)
	case '=', 'd', 'D', 'F', 'g', 'G', 'h', 'H', 'n', 'N', 'p', 'P', 'z', 'x':
		return p.end(true)
	case 'r', 'R':
		p.prog.Reads = append(p.prog.Reads, p.filename())
		return true
	case 'w', 'W':
		p.prog.Writes = append(p.prog.Writes, p.filename())
		return true
	case 's':
		return p.subst()
	case 'y':
		d, ok := p.delimiter()
		if !ok {
			return false
		}
		if _, ok := p.delimited(d, false); !ok {
			return false
		}
		if _, ok := p.delimited(d, false); !ok {
			return false
		}
		return p.end(false)
	}
	return false
}

// end reads what may follow a command: a ';', a newline, the end, or
// (when brace) a '}' or a comment.
func (p *sedParser) end(brace bool) bool {
	ch := p.nonblank()
	switch {
	case ch == sedEOF || ch == '\n' || ch == ';':
		return true
	case brace && (ch == '}' || ch == '#'):
		p.back()
		return true
	case p.atUnknown():
		p.prog.Dynamic = true
	}
	return false
}

// delimiter reads the delimiter after s or y; ok is false at the end of
// the command, or where the delimiter is only known at run time.
func (p *sedParser) delimiter() (d int, ok bool) {
	d = p.next()
	if d == sedEOF || d == '\n' {
		return d, false
	}
	if p.atUnknown() {
		p.prog.Dynamic = true
		return d, false
	}
	return d, true
}

// subst reads an s command after the s.
func (p *sedParser) subst() bool {
	d, ok := p.delimiter()
	if !ok {
		return false
	}
	re, ok := p.delimited(d, true)
	if !ok {
		return false
	}
	repl, ok := p.delimited(d, false)
	if !ok {
		return false
	}
	start := p.i
	exec := false
	for {
		ch := p.nonblank()
		switch {
		case ch == 'e':
			exec = true
		case ch == 'w':
			flags := p.s[start : p.i-1]
			p.prog.Writes = append(p.prog.Writes, p.filename())
			if exec {
				p.prog.SubstExecs = append(p.prog.SubstExecs, Subst{Regex: re, Repl: repl, Flags: flags})
			}
			return true
		case ch == 'i' || ch == 'I' || ch == 'm' || ch == 'M' || ch == 'p' || ch == 'g' || ch >= '0' && ch <= '9':
		case ch == sedEOF || ch == '\n' || ch == ';' || ch == '}' || ch == '#' || ch == '\r':
			if ch == '}' || ch == '#' {
				p.back()
			}
			if exec {
				end := min(p.i, len(p.s))
				p.prog.SubstExecs = append(p.prog.SubstExecs, Subst{Regex: re, Repl: repl, Flags: p.s[start:end]})
			}
			return true
		default:
			if p.atUnknown() {
				p.prog.Dynamic = true
			}
			return false
		}
	}
}
