package oneliner

// The lexer's identifiers, strings and escapes.

import (
	"strings"
)

// ident lexes an identifier, a number or a variable, and what may follow
// it directly: a prefixed Python string (f"..."), a Perl quote-like
// operator (qx{...}), a tagged template.
func (l *lexer) ident() {
	src := l.src
	start := l.i
	j := l.i
	for j < len(src) && (src[j] == '$' || src[j] == '@') && j-start < 2 {
		j++
	}
	if j > start {
		switch {
		case j < len(src) && identByte(src[j]):
		case j < len(src) && src[j] == '#' && l.lang == Perl:
			j++
		case j < len(src) && l.lang == Perl && strings.IndexByte("!@$&;,./\\0_<>[]^", src[j]) >= 0 && src[j] != '[':
			j++
			l.emit(token{kind: itIdent, text: src[start:j]})
			l.i = j
			return
		}
	}
	for j < len(src) && identByte(src[j]) {
		j++
	}
	if l.lang == Ruby && j < len(src) && (src[j] == '?' || src[j] == '!') && (j+1 >= len(src) || src[j+1] != '=') && j > start && src[start] != '$' {
		j++
	}
	word := src[start:j]
	l.i = j
	if word == "" {
		l.punct()
		return
	}
	if j < len(src) && (src[j] == '\'' || src[j] == '"') && l.lang == Python && len(word) <= 2 && strings.Trim(word, "rRbBuUfF") == "" {
		l.str(src[j], strings.ToLower(word))
		return
	}
	if l.lang == Perl && l.perlQuote(word) {
		return
	}
	l.emit(token{kind: itIdent, text: word})
	if l.lang == JS && j < len(src) && src[j] == '`' {
		l.backtick()
		l.toks[len(l.toks)-1].tagged = true
	}
}

// str lexes a quoted string starting at l.i; prefix holds Python string
// prefix letters (r, f, b, u).
func (l *lexer) str(q byte, prefix string) {
	src := l.src
	l.i++
	triple := false
	if l.lang == Python && strings.HasPrefix(src[l.i:], string([]byte{q, q})) {
		triple = true
		l.i += 2
	}
	raw := strings.Contains(prefix, "r") || (q == '\'' && (l.lang == Perl || l.lang == Ruby || l.lang == PHP))
	interp := ""
	switch {
	case strings.Contains(prefix, "f"):
		interp = "{"
	case q == '"' && (l.lang == Perl || l.lang == PHP):
		interp = "$"
	case q == '"' && l.lang == Ruby:
		interp = "#"
	}
	var b strings.Builder
	dyn := false
	for l.i < len(src) {
		c := src[l.i]
		if triple && strings.HasPrefix(src[l.i:], string([]byte{q, q, q})) {
			l.i += 3
			break
		}
		if !triple && c == q {
			l.i++
			break
		}
		if !triple && c == '\n' && l.lang == Python {
			break
		}
		if c == '\\' && l.i+1 < len(src) {
			if raw {
				n := src[l.i+1]
				if n == q || n == '\\' {
					if l.lang != Python {
						b.WriteByte(n)
					} else {
						b.WriteByte(c)
						b.WriteByte(n)
					}
					l.i += 2
					continue
				}
				b.WriteByte(c)
				l.i++
				continue
			}
			l.escape(&b)
			continue
		}
		if interp != "" && l.interpolation(&b, interp) {
			dyn = true
			continue
		}
		b.WriteByte(c)
		l.i++
	}
	l.emit(token{kind: itStr, val: b.String(), dyn: dyn})
}

// escape decodes a backslash escape at l.i into b.
func (l *lexer) escape(b *strings.Builder) {
	n := l.src[l.i+1]
	l.i += 2
	switch n {
	case 'n':
		b.WriteByte('\n')
	case 't':
		b.WriteByte('\t')
	case 'r':
		b.WriteByte('\r')
	case '0':
		b.WriteByte(0)
	case '\n':
	case 'x':
		if l.i+2 <= len(l.src) {
			if v, ok := hexByte(l.src[l.i : l.i+2]); ok {
				b.WriteByte(v)
				l.i += 2
				return
			}
		}
		b.WriteByte('x')
	default:
		if l.lang == Python && !strings.ContainsRune("\\'\"abfv", rune(n)) {
			b.WriteByte('\\')
		}
		b.WriteByte(n)
	}
}

func hexByte(s string) (byte, bool) {
	var v byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			v = v*16 + c - '0'
		case c >= 'a' && c <= 'f':
			v = v*16 + c - 'a' + 10
		case c >= 'A' && c <= 'F':
			v = v*16 + c - 'A' + 10
		default:
			return 0, false
		}
	}
	return v, true
}
