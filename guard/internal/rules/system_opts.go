package rules

// Words shown in reasons.

import (
	"strings"
)

// xoptShow returns a word's value for a reason, "…" standing for parts
// that are unknown.
func xoptShow(w Word) string {
	if w.Known {
		return w.Value
	}
	return strings.ReplaceAll(w.Value, Unknown, "…")
}

// xoptList joins words for a reason: "a, b, c, ...".
func xoptList(ws []Word) string {
	var b strings.Builder
	n := 0
	for _, w := range ws {
		if w.Value == "" {
			continue
		}
		if n > 0 {
			b.WriteString(", ")
		}
		if n == 4 {
			b.WriteString("...")
			break
		}
		b.WriteString(xoptShow(w))
		n++
	}
	return b.String()
}
