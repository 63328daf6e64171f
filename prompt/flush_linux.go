package prompt

import "golang.org/x/sys/unix"

// discardTypeahead drops the input the terminal fd holds that nobody has
// read yet: keys typed before a question was shown do not answer it.
func discardTypeahead(fd int) {
	unix.IoctlSetInt(fd, unix.TCFLSH, unix.TCIFLUSH)
}
