package oneliner

// The one-liner lexer: tokens, punctuation, comments and the main loop.

import (
	"strings"
)

// Token kinds of the one-liner lexer.
const (
	itIdent = 'i' // identifier, number or variable ($x, @a)
	itStr   = 's' // string literal; val is its text
	itCmd   = 'x' // command string: `...`, qx(...), %x(...)
	itList  = 'w' // word list: qw(...), %w(...)
	itPunct = 'p' // operator or bracket
	itNL    = 'n' // newline: a statement end in some languages
)

// token is one token of a one-liner.
type token struct {
	kind byte
	// text is an identifier's or operator's text.
	text string
	// val is a string's value; parts only known at run time are Unknown.
	val string
	// dyn reports a string with parts only known at run time.
	dyn  bool
	list []string
	// tagged reports a string written right after an identifier: a
	// JavaScript tagged template ($`rm -rf x`).
	tagged bool
}

// lexer splits one-liner code into tokens, for the languages of Lang. It
// knows each language's strings, comments and regular expressions well
// enough to tell data from calls, nothing more.
type lexer struct {
	lang Lang
	src  string
	i    int
	toks []token
}

func lex(lang Lang, src string) []token {
	l := &lexer{lang: lang, src: src}
	l.run()
	return l.toks
}

func identByte(b byte) bool {
	return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b >= 0x80
}

// regexAfter are keywords after which `/` starts a regular expression.
var regexAfter = map[string]bool{"if": true, "unless": true, "and": true, "or": true, "not": true,
	"return": true, "split": true, "grep": true, "map": true, "when": true, "while": true, "until": true,
	"print": true, "printf": true, "typeof": true, "case": true, "in": true}

// expectOperand reports whether the next token starts an operand, which
// decides what `/` and `%` mean.
func (l *lexer) expectOperand() bool {
	if len(l.toks) == 0 {
		return true
	}
	t := l.toks[len(l.toks)-1]
	switch t.kind {
	case itNL:
		return true
	case itPunct:
		return t.text != ")" && t.text != "]" && (t.text != "}" || l.lang == Awk)
	case itIdent:
		return regexAfter[t.text]
	}
	return false
}

func (l *lexer) emit(t token) {
	if t.kind == itStr || t.kind == itCmd {
		t.dyn = t.dyn || strings.Contains(t.val, Unknown)
	}
	l.toks = append(l.toks, t)
}

func (l *lexer) skipLine() {
	for l.i < len(l.src) && l.src[l.i] != '\n' {
		l.i++
	}
}

func (l *lexer) skipBlockComment(end string) {
	if j := strings.Index(l.src[l.i:], end); j >= 0 {
		l.i += j + len(end)
		return
	}
	l.i = len(l.src)
}

func (l *lexer) run() {
	src := l.src
	for l.i < len(src) {
		ch := src[l.i]
		rest := src[l.i:]
		switch {
		case ch == '\n':
			l.emit(token{kind: itNL})
			l.i++
		case ch == ' ' || ch == '\t' || ch == '\r' || ch == '\f':
			l.i++
		case ch == '#' && (l.lang == Python || l.lang == Ruby || l.lang == Perl || l.lang == Awk || l.lang == PHP):
			l.skipLine()
		case (l.lang == JS || l.lang == PHP) && strings.HasPrefix(rest, "//"):
			l.skipLine()
		case (l.lang == JS || l.lang == PHP) && strings.HasPrefix(rest, "/*"):
			l.i += 2
			l.skipBlockComment("*/")
		case l.lang == Lua && strings.HasPrefix(rest, "--[["):
			l.skipBlockComment("]]")
		case l.lang == Lua && strings.HasPrefix(rest, "--"):
			l.skipLine()
		case l.lang == Lua && (strings.HasPrefix(rest, "[[") || strings.HasPrefix(rest, "[=")) && l.expectOperand():
			l.luaLong()
		case ch == '\'' || ch == '"':
			l.str(ch, "")
		case ch == '`':
			l.backtick()
		case ch == '/' && l.lang != Python && l.lang != PHP && l.lang != Lua && l.expectOperand():
			l.regex()
		case ch == '%' && l.lang == Ruby && (l.expectOperand() || l.spacedOperand()) && l.rubyPercent():
		case ch == '$' || ch == '@' || identByte(ch):
			l.ident()
		default:
			l.punct()
		}
	}
}

// spacedOperand reports Ruby's `puts %x{ls}`: after an identifier, a
// space before and none after the operator make it start an operand.
func (l *lexer) spacedOperand() bool {
	n := len(l.toks)
	return n > 0 && l.toks[n-1].kind == itIdent && l.i > 0 && l.src[l.i-1] == ' ' &&
		l.i+1 < len(l.src) && l.src[l.i+1] != ' ' && l.src[l.i+1] != '='
}

// punct emits an operator, joining the two-character ones.
func (l *lexer) punct() {
	if l.i+1 < len(l.src) {
		switch l.src[l.i : l.i+2] {
		case "::", "->", "=>", "==", "!=", "<=", ">=", "&&", "||", "|&", "=~", "!~", "**", "..", ">>", "<<", "+=", "-=", ".=":
			l.emit(token{kind: itPunct, text: l.src[l.i : l.i+2]})
			l.i += 2
			return
		}
	}
	l.emit(token{kind: itPunct, text: l.src[l.i : l.i+1]})
	l.i++
}
