// Package sqlscan reads SQL text as database clients do: it splits it
// into statements of tokens by dialect (quoting, comments, dollar-quoted
// bodies, the clients' meta-commands) and reads the parts of a statement
// that say what it touches (an object's name, its WHERE). It decides
// nothing about danger, and imports only the standard library.
package sqlscan

import (
	"strings"
)

// Dialect selects the quoting rules of the tokenizer.
type Dialect int

// The dialects the tokenizer knows.
const (
	// Postgres is PostgreSQL's: E'' strings, $tag$ bodies, nested comments,
	// psql's backslash commands.
	Postgres Dialect = iota
	// MySQL is MySQL's and MariaDB's: backslash escapes, "" strings, `
	// identifiers, # comments.
	MySQL
	// SQLite is SQLite's: [] and ` identifiers, sqlite3's dot commands.
	SQLite
)

// Kind is the kind of a token.
type Kind byte

// The kinds of tokens.
const (
	// Word is a keyword or a bare name; its Text is upper-cased.
	Word Kind = 'w'
	// Ident is a quoted identifier.
	Ident Kind = 'i'
	// String is a string literal; its Text is its value.
	String Kind = 's'
	// Dollar is a dollar-quoted body ($$...$$); the body is in Body.
	Dollar Kind = '$'
	// Punct is one punctuation character.
	Punct Kind = 'p'
	// Meta is a client meta-command (psql \x, sqlite3 .x), lower-cased in
	// Text, with the rest of its line in Body; it is a statement alone.
	Meta Kind = '\\'
)

// Token is one SQL token.
type Token struct {
	// Kind is what the token is.
	Kind Kind
	// Text is a word's, identifier's, string's or punctuation's text, a
	// meta-command's name.
	Text string
	// Body is a dollar-quoted body, or the rest of a meta-command's line.
	Body string
}

func wordByte(ch byte) bool {
	return ch == '_' || ch == '$' || ch >= '0' && ch <= '9' || ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= 0x80
}

// quoted scans a quoted literal starting at s[i] (the quote) and returns
// its content and the index after it. A doubled quote stands for one;
// backslash escapes when bs.
func quoted(s string, i int, q byte, bs bool) (string, int) {
	var b strings.Builder
	j := i + 1
	for j < len(s) {
		ch := s[j]
		if bs && ch == '\\' && j+1 < len(s) {
			b.WriteByte(s[j+1])
			j += 2
			continue
		}
		if ch == q {
			if j+1 < len(s) && s[j+1] == q {
				b.WriteByte(q)
				j += 2
				continue
			}
			return b.String(), j + 1
		}
		b.WriteByte(ch)
		j++
	}
	return b.String(), j
}

// restOfLine returns s[i:] up to the end of the line and the index of
// the newline (or len(s)).
func restOfLine(s string, i int) (string, int) {
	j := strings.IndexByte(s[i:], '\n')
	if j < 0 {
		return s[i:], len(s)
	}
	return s[i : i+j], i + j
}

// Statements splits SQL text into statements of tokens, skipping
// comments and keeping string literals and quoted identifiers apart from
// keywords. Text that ends inside a quote or a comment ends there.
func Statements(s string, d Dialect) [][]Token {
	var stmts [][]Token
	var cur []Token
	flush := func() {
		if len(cur) > 0 {
			stmts = append(stmts, cur)
			cur = nil
		}
	}
	lineStart := true
	for i := 0; i < len(s); {
		ch := s[i]
		wasLineStart := lineStart
		lineStart = false
		switch {
		case ch == '\n':
			lineStart = true
			i++
		case ch == ' ' || ch == '\t' || ch == '\r' || ch == '\f':
			lineStart = wasLineStart
			i++
		case ch == '-' && i+1 < len(s) && s[i+1] == '-', ch == '#' && d == MySQL:
			_, i = restOfLine(s, i)
		case ch == '/' && i+1 < len(s) && s[i+1] == '*':
			depth := 0
			for i < len(s) {
				if strings.HasPrefix(s[i:], "/*") {
					depth++
					i += 2
				} else if strings.HasPrefix(s[i:], "*/") {
					depth--
					i += 2
					if depth == 0 || d != Postgres {
						break
					}
				} else {
					i++
				}
			}
		case ch == ';':
			flush()
			i++
		case ch == '\\' && d != SQLite:
			j := i + 1
			for j < len(s) && (wordByte(s[j]) || s[j] == '!') && s[j] != '$' {
				j++
			}
			name := strings.ToLower(s[i:j])
			var rest string
			rest, i = restOfLine(s, j)
			if name == "\\g" || name == "\\gx" || name == "\\G" {
				flush()
				continue
			}
			flush()
			stmts = append(stmts, []Token{{Kind: Meta, Text: name, Body: rest}})
		case ch == '.' && d == SQLite && wasLineStart && len(cur) == 0:
			j := i + 1
			for j < len(s) && wordByte(s[j]) {
				j++
			}
			name := strings.ToLower(s[i:j])
			var rest string
			rest, i = restOfLine(s, j)
			stmts = append(stmts, []Token{{Kind: Meta, Text: name, Body: rest}})
		case ch == '\'':
			bs := d == MySQL
			if n := len(cur); n > 0 && i > 0 && (s[i-1] == 'E' || s[i-1] == 'e') && cur[n-1].Kind == Word && cur[n-1].Text == "E" {
				bs = true
				cur = cur[:n-1]
			}
			var lit string
			lit, i = quoted(s, i, '\'', bs)
			cur = append(cur, Token{Kind: String, Text: lit})
		case ch == '"':
			var lit string
			lit, i = quoted(s, i, '"', d == MySQL)
			kind := Ident
			if d == MySQL {
				kind = String
			}
			cur = append(cur, Token{Kind: kind, Text: lit})
		case ch == '`' && d != Postgres:
			var lit string
			lit, i = quoted(s, i, '`', false)
			cur = append(cur, Token{Kind: Ident, Text: lit})
		case ch == '[' && d == SQLite:
			// An identifier not closed runs to the end of the text.
			j := strings.IndexByte(s[i:], ']')
			if j < 0 {
				j = len(s) - i
			}
			cur = append(cur, Token{Kind: Ident, Text: s[i+1 : i+j]})
			i += j + 1
		case ch == '$' && d == Postgres && i+1 < len(s) && (s[i+1] == '$' || s[i+1] >= 'A' && (s[i+1] < '0' || s[i+1] > '9') && wordByte(s[i+1])):
			j := i + 1
			for j < len(s) && s[j] != '$' && wordByte(s[j]) {
				j++
			}
			if j >= len(s) || s[j] != '$' {
				cur = append(cur, Token{Kind: Word, Text: strings.ToUpper(s[i:j])})
				i = j
				continue
			}
			tag := s[i : j+1]
			end := strings.Index(s[j+1:], tag)
			if end < 0 {
				cur = append(cur, Token{Kind: Dollar, Body: s[j+1:]})
				i = len(s)
			} else {
				cur = append(cur, Token{Kind: Dollar, Body: s[j+1 : j+1+end]})
				i = j + 1 + end + len(tag)
			}
		case wordByte(ch):
			j := i
			for j < len(s) && wordByte(s[j]) {
				j++
			}
			cur = append(cur, Token{Kind: Word, Text: strings.ToUpper(s[i:j])})
			i = j
		default:
			cur = append(cur, Token{Kind: Punct, Text: s[i : i+1]})
			i++
		}
	}
	flush()
	return stmts
}
