package oneliner

// Language quoting forms: Perl q// and friends, Ruby %-literals, Lua long strings.

import (
	"strings"
)

func delimOK(c byte) bool {
	return !identByte(c) && strings.IndexByte(" \t\n=,;)}]>$@", c) < 0
}

// perlQuote lexes Perl's quote-like operators: q qq qx qw, and skips
// m s tr y qr.
func (l *lexer) perlQuote(word string) bool {
	switch word {
	case "q", "qq", "qx", "qw", "m", "s", "tr", "y", "qr":
	default:
		return false
	}
	j := l.i
	for j < len(l.src) && (l.src[j] == ' ' || l.src[j] == '\t') {
		j++
	}
	if j >= len(l.src) || !delimOK(l.src[j]) || (j > l.i && l.src[j] == '#') {
		return false
	}
	l.i = j
	text := l.delimited()
	switch word {
	case "q":
		v, _ := l.quoted(text, "", true)
		l.emit(token{kind: itStr, val: v})
	case "qq":
		v, dyn := l.quoted(text, "$", false)
		l.emit(token{kind: itStr, val: v, dyn: dyn})
	case "qx":
		v, dyn := l.quoted(text, "$", false)
		l.emit(token{kind: itCmd, val: v, dyn: dyn})
	case "qw":
		l.emit(token{kind: itList, list: strings.Fields(text)})
	case "s", "tr", "y":
		// A second part: s/a/b/ shares the delimiter, s{a}{b} has its own.
		if open := l.src[j]; open == '(' || open == '[' || open == '{' || open == '<' {
			for l.i < len(l.src) && (l.src[l.i] == ' ' || l.src[l.i] == '\t') {
				l.i++
			}
			if l.i < len(l.src) {
				l.delimited()
			}
		} else {
			l.i--
			l.delimited()
		}
		fallthrough
	default:
		for l.i < len(l.src) && l.src[l.i] >= 'a' && l.src[l.i] <= 'z' {
			l.i++
		}
		l.emit(token{kind: itIdent, text: "/re/"})
	}
	return true
}

// rubyPercent lexes Ruby's %-literals: %q() %Q() %() %w() %W() %x() %i().
func (l *lexer) rubyPercent() bool {
	src := l.src
	j := l.i + 1
	typ := byte('Q')
	if j < len(src) && strings.IndexByte("qQwWxiIsr", src[j]) >= 0 && j+1 < len(src) && delimOK(src[j+1]) {
		typ = src[j]
		j++
	}
	if j >= len(src) || !delimOK(src[j]) || src[j] == '=' {
		return false
	}
	l.i = j
	text := l.delimited()
	switch typ {
	case 'q':
		v, _ := l.quoted(text, "", true)
		l.emit(token{kind: itStr, val: v})
	case 'Q':
		v, dyn := l.quoted(text, "#", false)
		l.emit(token{kind: itStr, val: v, dyn: dyn})
	case 'x':
		v, dyn := l.quoted(text, "#", false)
		l.emit(token{kind: itCmd, val: v, dyn: dyn})
	case 'w', 'W':
		l.emit(token{kind: itList, list: strings.Fields(text)})
	default:
		l.emit(token{kind: itIdent, text: "%" + string(typ)})
	}
	return true
}

// luaLong lexes a Lua long string [[...]] or [==[...]==].
func (l *lexer) luaLong() {
	src := l.src
	j := l.i + 1
	level := 0
	for j < len(src) && src[j] == '=' {
		level++
		j++
	}
	if j >= len(src) || src[j] != '[' {
		l.punct()
		return
	}
	end := "]" + strings.Repeat("=", level) + "]"
	body := src[j+1:]
	k := strings.Index(body, end)
	if k < 0 {
		l.emit(token{kind: itStr, val: body})
		l.i = len(src)
		return
	}
	l.emit(token{kind: itStr, val: body[:k]})
	l.i = j + 1 + k + len(end)
}
