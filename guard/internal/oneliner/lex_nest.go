package oneliner

// The lexer's interpolation, backticks, regular expressions and delimited strings.

import (
	"strings"
)

// interpolation recognises a run-time part of a string at l.i in the
// style given ("{" Python f-strings, "${" templates, "#" Ruby, "$" Perl and
// PHP), skips it and writes Unknown in its place.
func (l *lexer) interpolation(b *strings.Builder, style string) bool {
	src := l.src
	rest := src[l.i:]
	switch style {
	case "{":
		if strings.HasPrefix(rest, "{{") || strings.HasPrefix(rest, "}}") {
			b.WriteByte(rest[0])
			l.i += 2
			return false
		}
		if rest[0] == '{' {
			l.i = closeBrace(src, l.i+1)
			b.WriteString(Unknown)
			return true
		}
	case "${":
		if strings.HasPrefix(rest, "${") {
			l.i = closeBrace(src, l.i+2)
			b.WriteString(Unknown)
			return true
		}
	case "#":
		if strings.HasPrefix(rest, "#{") {
			l.i = closeBrace(src, l.i+2)
			b.WriteString(Unknown)
			return true
		}
		if len(rest) > 2 && rest[0] == '#' && (rest[1] == '@' || rest[1] == '$') && identByte(rest[2]) {
			l.i += 2
			for l.i < len(src) && identByte(src[l.i]) {
				l.i++
			}
			b.WriteString(Unknown)
			return true
		}
	case "$":
		if strings.HasPrefix(rest, "{$") && l.lang == PHP {
			l.i = closeBrace(src, l.i+1)
			b.WriteString(Unknown)
			return true
		}
		if len(rest) > 1 && (rest[0] == '$' || rest[0] == '@' && l.lang == Perl) && (identByte(rest[1]) || rest[1] == '{' || rest[1] == ':') {
			l.i++
			if src[l.i] == '{' {
				l.i = closeBrace(src, l.i+1)
			} else {
				for l.i < len(src) && (identByte(src[l.i]) || src[l.i] == ':') {
					l.i++
				}
			}
			// Subscripts and method arrows: $x[1], $h{k}, $o->{k}, $o->p.
			for l.i < len(src) {
				switch {
				case src[l.i] == '[':
					l.i = closeBracket(src, l.i+1, '[', ']')
				case src[l.i] == '{' && l.lang == Perl:
					l.i = closeBrace(src, l.i+1)
				case strings.HasPrefix(src[l.i:], "->") && l.i+2 < len(src) && (src[l.i+2] == '[' || src[l.i+2] == '{' || identByte(src[l.i+2])):
					l.i += 2
					for l.i < len(src) && identByte(src[l.i]) {
						l.i++
					}
				default:
					b.WriteString(Unknown)
					return true
				}
			}
			b.WriteString(Unknown)
			return true
		}
	}
	return false
}

// closeBrace returns the index after the `}` closing a brace opened
// just before i, skipping nested braces and quoted strings.
func closeBrace(src string, i int) int {
	return closeBracket(src, i, '{', '}')
}

func closeBracket(src string, i int, open, close byte) int {
	depth := 1
	for i < len(src) {
		c := src[i]
		switch {
		case c == '\\':
			i++
		case c == open:
			depth++
		case c == close:
			depth--
			if depth == 0 {
				return i + 1
			}
		case c == '\'' || c == '"':
			j := i + 1
			for j < len(src) && src[j] != c {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			i = j
		}
		i++
	}
	return len(src)
}

// backtick lexes `...`: a command in Perl, Ruby and PHP, a template
// literal in JavaScript.
func (l *lexer) backtick() {
	src := l.src
	l.i++
	style := "$"
	switch l.lang {
	case JS:
		style = "${"
	case Ruby:
		style = "#"
	}
	var b strings.Builder
	dyn := false
	for l.i < len(src) && src[l.i] != '`' {
		if src[l.i] == '\\' && l.i+1 < len(src) {
			l.escape(&b)
			continue
		}
		if l.interpolation(&b, style) {
			dyn = true
			continue
		}
		b.WriteByte(src[l.i])
		l.i++
	}
	l.i++
	kind := byte(itCmd)
	if l.lang == JS {
		kind = itStr
	}
	l.emit(token{kind: kind, val: b.String(), dyn: dyn})
}

// regex skips a regular expression literal /.../flags.
func (l *lexer) regex() {
	src := l.src
	j := l.i + 1
	class := false
	for j < len(src) {
		c := src[j]
		if c == '\n' {
			l.punct()
			return
		}
		if c == '\\' {
			j += 2
			continue
		}
		if c == '[' {
			class = true
		} else if c == ']' {
			class = false
		} else if c == '/' && !class {
			break
		}
		j++
	}
	j++
	for j < len(src) && src[j] >= 'a' && src[j] <= 'z' {
		j++
	}
	if j > len(src) {
		j = len(src)
	}
	l.emit(token{kind: itIdent, text: "/re/"})
	l.i = j
}

// delimited reads text between delimiters starting at l.i (the opening
// one), bracket pairs nesting, and returns it raw; "" at the end of the
// code (the second part of an unterminated s/a/b/).
func (l *lexer) delimited() string {
	src := l.src
	if l.i >= len(src) {
		l.i = len(src)
		return ""
	}
	open := src[l.i]
	close := open
	switch open {
	case '(':
		close = ')'
	case '[':
		close = ']'
	case '{':
		close = '}'
	case '<':
		close = '>'
	}
	l.i++
	start := l.i
	depth := 1
	for l.i < len(src) {
		c := src[l.i]
		if c == '\\' {
			l.i += 2
			continue
		}
		if c == close && open != close {
			depth--
			if depth == 0 {
				break
			}
		} else if c == open && open != close {
			depth++
		} else if c == close {
			break
		}
		l.i++
	}
	end := l.i
	if end > len(src) {
		end = len(src)
	}
	l.i = end + 1
	return src[start:end]
}

// quoted decodes delimited text as a string: interpolated in style (""
// for none), with escapes unless raw.
func (l *lexer) quoted(text, style string, raw bool) (string, bool) {
	sub := &lexer{lang: l.lang, src: text}
	var b strings.Builder
	dyn := false
	for sub.i < len(text) {
		if text[sub.i] == '\\' && sub.i+1 < len(text) {
			if raw {
				b.WriteByte(text[sub.i+1])
				sub.i += 2
				continue
			}
			sub.escape(&b)
			continue
		}
		if style != "" && sub.interpolation(&b, style) {
			dyn = true
			continue
		}
		b.WriteByte(text[sub.i])
		sub.i++
	}
	return b.String(), dyn
}
