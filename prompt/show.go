package prompt

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"guardsh/internal/lineedit"
)

// Show returns s as guardsh displays it on one line: every character that
// is not printable (control characters such as ESC or a newline, invalid
// UTF-8, bidirectional overrides, zero-width and non-breaking spaces) is
// replaced by a visible escape such as \x1b, \n or \u202e, so that what a
// person reads is what the line holds. Tabs are kept.
func Show(s string) string {
	if !needsEscape(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		cell, n := showCell(s[i:])
		b.WriteString(cell)
		i += n
	}
	return b.String()
}

func needsEscape(s string) bool {
	for _, r := range s {
		if r == utf8.RuneError || !printable(r) {
			return true
		}
	}
	return false
}

// printable reports whether r is shown as itself.
func printable(r rune) bool { return r == '\t' || r == ' ' || unicode.IsPrint(r) }

// showCell returns how the first character of s is displayed and how many
// bytes of s it takes.
func showCell(s string) (string, int) {
	r, n := utf8.DecodeRuneInString(s)
	switch {
	case r == utf8.RuneError && n <= 1:
		return fmt.Sprintf(`\x%02x`, s[0]), 1
	case printable(r):
		return s[:n], n
	case r == '\n':
		return `\n`, n
	case r == '\r':
		return `\r`, n
	case r < 0x80:
		return fmt.Sprintf(`\x%02x`, r), n
	case r <= 0xffff:
		return fmt.Sprintf(`\u%04x`, r), n
	}
	return fmt.Sprintf(`\U%08x`, r), n
}

// cellWidth is the number of terminal columns a shown cell takes.
func cellWidth(cell string) int {
	if cell == "\t" {
		return 1 // markers copy the tab, so the columns line up
	}
	w := 0
	for _, r := range cell {
		w += runeWidth(r)
	}
	return w
}

// runeWidth is the number of columns a printable rune takes, as the line
// editor counts it.
func runeWidth(r rune) int { return lineedit.RuneWidth(r) }
