package prompt

import (
	"fmt"

	"golang.org/x/term"
)

// MakeRaw puts the terminal f in raw mode and returns the function that
// restores it, to be deferred at once:
//
//	restore, err := prompt.MakeRaw(tty)
//	if err != nil { ... }
//	defer restore()
//
// Calling restore more than once is harmless.
func MakeRaw(f interface{ Fd() uintptr }) (restore func(), err error) {
	fd := int(f.Fd())
	old, err := term.MakeRaw(fd)
	if err != nil {
		return func() {}, fmt.Errorf("raw mode: %w", err)
	}
	done := false
	return func() {
		if !done {
			done = true
			term.Restore(fd, old)
		}
	}, nil
}

// termWidth returns the width of the first of vs that is a terminal, or
// 80.
func termWidth(vs ...any) int {
	for _, v := range vs {
		if f, ok := v.(fder); ok && IsTerminal(v) {
			if w, _, err := term.GetSize(int(f.Fd())); err == nil && w > 0 {
				return w
			}
		}
	}
	return 80
}
