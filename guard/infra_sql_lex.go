package guard

// A small SQL tokenizer: statements, quoting and comments by dialect.

import (
	"strings"
)

// ---- a small SQL tokenizer ----

// sqlDialect selects the quoting rules of the SQL tokenizer.
type sqlDialect int

const (
	sqlPostgres sqlDialect = iota
	sqlMySQL
	sqlSQLite
)

// sqlKind is the rule a SQL finding belongs to.
type sqlKind int

const (
	sqlKindDrop sqlKind = iota + 1
	sqlKindDelete
	sqlKindModify
	sqlKindShell
)

// sqlFinding is one dangerous SQL statement.
type sqlFinding struct {
	kind   sqlKind
	reason string
}

// sqlTok is one SQL token.
type sqlTok struct {
	// kind is 'w' for a word (s upper-cased), 'i' for a quoted identifier,
	// 's' for a string literal, '$' for a dollar-quoted body, 'p' for
	// punctuation, '\\' for a client meta-command (psql \x, sqlite3 .x)
	// with the rest of its line in body.
	kind byte
	s    string
	body string
}

func sqlWordByte(ch byte) bool {
	return ch == '_' || ch == '$' || ch >= '0' && ch <= '9' || ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= 0x80
}

// sqlQuoted scans a quoted literal starting at s[i] (the quote) and returns
// its content and the index after it. A doubled quote stands for one;
// backslash escapes when bs.
func sqlQuoted(s string, i int, q byte, bs bool) (string, int) {
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

// sqlRestOfLine returns s[i:] up to the end of the line and the index of
// the newline (or len(s)).
func sqlRestOfLine(s string, i int) (string, int) {
	j := strings.IndexByte(s[i:], '\n')
	if j < 0 {
		return s[i:], len(s)
	}
	return s[i : i+j], i + j
}

// sqlStatements splits SQL text into statements of tokens, skipping
// comments and keeping string literals and quoted identifiers apart from
// keywords.
func sqlStatements(s string, d sqlDialect) [][]sqlTok {
	var stmts [][]sqlTok
	var cur []sqlTok
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
		case ch == '-' && i+1 < len(s) && s[i+1] == '-', ch == '#' && d == sqlMySQL:
			_, i = sqlRestOfLine(s, i)
		case ch == '/' && i+1 < len(s) && s[i+1] == '*':
			depth := 0
			for i < len(s) {
				if strings.HasPrefix(s[i:], "/*") {
					depth++
					i += 2
				} else if strings.HasPrefix(s[i:], "*/") {
					depth--
					i += 2
					if depth == 0 || d != sqlPostgres {
						break
					}
				} else {
					i++
				}
			}
		case ch == ';':
			flush()
			i++
		case ch == '\\' && d != sqlSQLite:
			j := i + 1
			for j < len(s) && (sqlWordByte(s[j]) || s[j] == '!') && s[j] != '$' {
				j++
			}
			name := strings.ToLower(s[i:j])
			var rest string
			rest, i = sqlRestOfLine(s, j)
			if name == "\\g" || name == "\\gx" || name == "\\G" {
				flush()
				continue
			}
			flush()
			stmts = append(stmts, []sqlTok{{kind: '\\', s: name, body: rest}})
		case ch == '.' && d == sqlSQLite && wasLineStart && len(cur) == 0:
			j := i + 1
			for j < len(s) && sqlWordByte(s[j]) {
				j++
			}
			name := strings.ToLower(s[i:j])
			var rest string
			rest, i = sqlRestOfLine(s, j)
			stmts = append(stmts, []sqlTok{{kind: '\\', s: name, body: rest}})
		case ch == '\'':
			bs := d == sqlMySQL
			if n := len(cur); n > 0 && i > 0 && (s[i-1] == 'E' || s[i-1] == 'e') && cur[n-1].kind == 'w' && cur[n-1].s == "E" {
				bs = true
				cur = cur[:n-1]
			}
			var lit string
			lit, i = sqlQuoted(s, i, '\'', bs)
			cur = append(cur, sqlTok{kind: 's', s: lit})
		case ch == '"':
			var lit string
			lit, i = sqlQuoted(s, i, '"', d == sqlMySQL)
			kind := byte('i')
			if d == sqlMySQL {
				kind = 's'
			}
			cur = append(cur, sqlTok{kind: kind, s: lit})
		case ch == '`' && d != sqlPostgres:
			var lit string
			lit, i = sqlQuoted(s, i, '`', false)
			cur = append(cur, sqlTok{kind: 'i', s: lit})
		case ch == '[' && d == sqlSQLite:
			j := strings.IndexByte(s[i:], ']')
			if j < 0 {
				j = len(s) - i - 1
			}
			cur = append(cur, sqlTok{kind: 'i', s: s[i+1 : i+j]})
			i += j + 1
		case ch == '$' && d == sqlPostgres && i+1 < len(s) && (s[i+1] == '$' || s[i+1] >= 'A' && (s[i+1] < '0' || s[i+1] > '9') && sqlWordByte(s[i+1])):
			j := i + 1
			for j < len(s) && s[j] != '$' && sqlWordByte(s[j]) {
				j++
			}
			if j >= len(s) || s[j] != '$' {
				cur = append(cur, sqlTok{kind: 'w', s: strings.ToUpper(s[i:j])})
				i = j
				continue
			}
			tag := s[i : j+1]
			end := strings.Index(s[j+1:], tag)
			if end < 0 {
				cur = append(cur, sqlTok{kind: '$', body: s[j+1:]})
				i = len(s)
			} else {
				cur = append(cur, sqlTok{kind: '$', body: s[j+1 : j+1+end]})
				i = j + 1 + end + len(tag)
			}
		case sqlWordByte(ch):
			j := i
			for j < len(s) && sqlWordByte(s[j]) {
				j++
			}
			cur = append(cur, sqlTok{kind: 'w', s: strings.ToUpper(s[i:j])})
			i = j
		default:
			cur = append(cur, sqlTok{kind: 'p', s: s[i : i+1]})
			i++
		}
	}
	flush()
	return stmts
}
