package prompt

import (
	"errors"

	"golang.org/x/term"
)

// ErrLockCancelled is returned by LockTerminal when cancel is closed before
// the lock is taken.
var ErrLockCancelled = errors.New("waiting for the terminal cancelled")

// SaveMode records the terminal mode of tty and returns the function that
// puts it back; calling it more than once is harmless. When the mode
// cannot be read, restore does nothing.
func SaveMode(tty interface{ Fd() uintptr }) (restore func()) {
	fd := int(tty.Fd())
	saved, err := term.GetState(fd)
	if err != nil {
		return func() {}
	}
	return func() { term.Restore(fd, saved) }
}
