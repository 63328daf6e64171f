//go:build !linux

package prompt

// discardTypeahead does nothing where guardsh does not know how to flush
// a terminal's input.
func discardTypeahead(fd int) {}
