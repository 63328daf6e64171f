package shell

import "guardsh/internal/regfile"

// MaxSourced bounds the file a line sources whose text the static check
// reads (guard.State.Source): a shell snapshot or an rc file is far
// smaller; past it the file is code only known at run time, as it was.
const MaxSourced = 1 << 20

// SourceText returns the text of the regular file at path, read whole
// (at most MaxSourced bytes, without waiting on a FIFO, a device or a hung
// mount: internal/regfile), for the static check of a line that sources
// it (guard.State.Source); false when it cannot be. The file can change
// between this read and the shell's: what runs is checked again at run
// time (the interpreter's checks, the supervisor's).
func SourceText(path string) (string, bool) {
	b, err := regfile.Read(path, MaxSourced)
	if err != nil {
		return "", false
	}
	return string(b), true
}
