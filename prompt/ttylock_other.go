//go:build !linux

package prompt

import "os"

// LockTerminal takes no lock where the terminal's device cannot be found:
// questions are asked as they come (see the Linux version).
func LockTerminal(tty *os.File, dir string, cancel <-chan struct{}, waiting func()) (unlock func(), err error) {
	return func() {}, nil
}
