package sqlscan

// Reading a statement's parts: keywords, object names, the WHERE clause.

import (
	"strings"
)

// IsWord reports whether t[i] is the keyword w (upper-case).
func IsWord(t []Token, i int, w string) bool {
	return i >= 0 && i < len(t) && t[i].Kind == Word && t[i].Text == w
}

// Name reads an object name starting at t[i], skipping IF [NOT] EXISTS,
// ONLY and the like: "public.users", or "" when none. Bare words are
// lower-cased; quoted identifiers stay as written.
func Name(t []Token, i int) string {
	for i < len(t) && t[i].Kind == Word {
		switch t[i].Text {
		case "IF", "NOT", "EXISTS", "ONLY", "TABLE", "FROM", "LOW_PRIORITY", "QUICK", "IGNORE", "CONCURRENTLY":
			i++
			continue
		}
		break
	}
	var b strings.Builder
	for i < len(t) {
		switch t[i].Kind {
		case 'w', 'i':
			if b.Len() > 0 && !strings.HasSuffix(b.String(), ".") {
				return b.String()
			}
			if t[i].Kind == Word {
				b.WriteString(strings.ToLower(t[i].Text))
			} else {
				b.WriteString(t[i].Text)
			}
		case Punct:
			if t[i].Text != "." {
				return b.String()
			}
			b.WriteByte('.')
		default:
			return b.String()
		}
		i++
	}
	return b.String()
}

// Where finds the WHERE of the statement part starting at t[i], at the
// same parenthesis depth; it returns its index or -1.
func Where(t []Token, i int) int {
	depth := 0
	for ; i < len(t); i++ {
		if t[i].Kind == Punct {
			switch t[i].Text {
			case "(":
				depth++
			case ")":
				depth--
				if depth < 0 {
					return -1
				}
			}
			continue
		}
		if depth == 0 && IsWord(t, i, "WHERE") {
			return i
		}
	}
	return -1
}

// AlwaysTrue reports a WHERE condition, the WHERE at t[w], that matches
// every row: WHERE 1=1, WHERE TRUE, WHERE 1.
func AlwaysTrue(t []Token, w int) bool {
	rest := t[w+1:]
	end := len(rest)
	for k, tk := range rest {
		if tk.Kind == Word && (tk.Text == "AND" || tk.Text == "LIMIT" || tk.Text == "RETURNING" || tk.Text == "ORDER") {
			end = k
			break
		}
	}
	rest = rest[:end]
	switch {
	case len(rest) == 1 && rest[0].Kind == Word && (rest[0].Text == "TRUE" || rest[0].Text == "1"):
		return true
	case len(rest) == 3 && rest[1].Kind == Punct && rest[1].Text == "=" && rest[0].Kind == rest[2].Kind && rest[0].Text == rest[2].Text && rest[0].Kind != Ident && rest[0].Text != "":
		return true
	}
	return false
}
