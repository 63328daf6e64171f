package walk

import (
	"slices"
	"strings"
)

// trustsEval reports whether c is `eval "$(CMD)"` of a trusted command.
func (g *Engine) trustsEval(c *Command) bool {
	if len(g.TrustedEval) == 0 || len(c.Args) != 2 {
		return false
	}
	rest, ok := strings.CutPrefix(c.Text, "eval")
	if !ok {
		return false
	}
	inner, ok := substitutedCommand(strings.TrimSpace(rest))
	if !ok {
		return false
	}
	ws := strings.Fields(inner)
	if len(ws) == 0 || !PlainWords(ws) {
		return false
	}
	for _, t := range g.TrustedEval {
		if len(ws) >= len(t) && slices.Equal(ws[:len(t)], t) {
			return true
		}
	}
	return false
}

// substitutedCommand returns X of "$(X)", $(X), "`X`" or `X`.
func substitutedCommand(w string) (string, bool) {
	if len(w) >= 2 && w[0] == '"' && w[len(w)-1] == '"' {
		w = w[1 : len(w)-1]
	}
	switch {
	case strings.HasPrefix(w, "$(") && strings.HasSuffix(w, ")") && !strings.HasPrefix(w, "$(("):
		return w[2 : len(w)-1], true
	case len(w) >= 2 && w[0] == '`' && w[len(w)-1] == '`':
		return w[1 : len(w)-1], true
	}
	return "", false
}

// PlainWords reports words made only of characters no shell treats
// specially.
func PlainWords(ws []string) bool {
	for _, w := range ws {
		if strings.Trim(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./=:@%+,") != "" {
			return false
		}
	}
	return true
}
