package shell

import (
	"fmt"
	"strings"
)

// ExpandHistory does bash's history expansion of the designators people
// type most, with prev the previous history entry:
//
//	!!   the previous line       !$   its last word
//	!^   its first argument      !*   all its arguments
//
// as bash does with histverify off: the expanded line is what is shown,
// checked and run. A ! inside single quotes, after a backslash, before a
// blank, = or (, or after $, { or [ (`$!`, `${!name}`, `[!a-z]`) stays as
// it is. It reports whether anything was expanded; an event it cannot
// expand (!foo, or !! with no previous line) is an error, and nothing runs.
func ExpandHistory(line, prev string) (string, bool, error) {
	if !strings.Contains(line, "!") {
		return line, false, nil
	}
	var b strings.Builder
	inSingle, inDouble, changed := false, false, false
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c == '\\' && !inSingle && i+1 < len(line):
			b.WriteByte(c)
			i++
			b.WriteByte(line[i])
			continue
		case c == '\'' && !inDouble:
			inSingle = !inSingle
		case c == '"' && !inSingle:
			inDouble = !inDouble
		}
		if c != '!' || inSingle || i+1 >= len(line) {
			b.WriteByte(c)
			continue
		}
		next := line[i+1]
		if strings.IndexByte(" \t\n=(\"", next) >= 0 || i > 0 && strings.IndexByte("${[", line[i-1]) >= 0 {
			b.WriteByte(c)
			continue
		}
		words := historyWords(prev)
		var sub string
		switch next {
		case '!':
			sub = prev
		case '$':
			if len(words) > 0 {
				sub = words[len(words)-1]
			}
		case '^':
			if len(words) > 1 {
				sub = words[1]
			}
		case '*':
			if len(words) > 1 {
				sub = strings.Join(words[1:], " ")
			}
		default:
			end := i + 1
			for end < len(line) && !strings.ContainsRune(" \t\n;&|<>()", rune(line[end])) {
				end++
			}
			return line, false, fmt.Errorf("%s: event not found", line[i:end])
		}
		if prev == "" {
			return line, false, fmt.Errorf("!%c: event not found", next)
		}
		b.WriteString(sub)
		i++
		changed = true
	}
	return b.String(), changed, nil
}

// historyWords splits a history entry into its words as bash's history
// does: at blanks outside quotes, quotes kept; the operators ; & | < >
// are words of their own.
func historyWords(s string) []string {
	var words []string
	var cur strings.Builder
	var quote byte
	flush := func() {
		if cur.Len() > 0 {
			words = append(words, cur.String())
			cur.Reset()
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			cur.WriteByte(c)
			if c == quote {
				quote = 0
			} else if c == '\\' && quote == '"' && i+1 < len(s) {
				i++
				cur.WriteByte(s[i])
			}
		case c == '\\' && i+1 < len(s):
			cur.WriteByte(c)
			i++
			cur.WriteByte(s[i])
		case c == '\'' || c == '"':
			quote = c
			cur.WriteByte(c)
		case c == ' ' || c == '\t' || c == '\n':
			flush()
		case strings.IndexByte(";&|<>", c) >= 0:
			flush()
			j := i + 1
			for j < len(s) && s[j] == c {
				j++
			}
			words = append(words, s[i:j])
			i = j - 1
		default:
			cur.WriteByte(c)
		}
	}
	flush()
	return words
}

// lastWord is what Alt-. inserts: the last word of the previous line.
func lastWord(prev string) string {
	w := historyWords(prev)
	if len(w) == 0 {
		return ""
	}
	return w[len(w)-1]
}
