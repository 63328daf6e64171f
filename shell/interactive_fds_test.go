package shell

import (
	"os"
	"regexp"
	"strconv"
	"testing"

	"golang.org/x/sys/unix"
)

// closeInherited marks every descriptor above 2 close-on-exec: what the
// test's own parent leaked to it is not guardsh's, and would show in the
// programs the shell runs.
func closeInherited() {
	ents, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return
	}
	for _, e := range ents {
		if fd, err := strconv.Atoi(e.Name()); err == nil && fd > 2 {
			unix.CloseOnExec(fd)
		}
	}
}

// A program the interactive shell runs, asked or in auto mode, has only
// its standard streams open (and the descriptor ls opens to list the
// directory): neither the control channel nor the pty master nor anything
// else of guardsh's.
func TestInteractiveNoDescriptorLeaks(t *testing.T) {
	home, env := itSandbox(t)
	s := startShell(t, home, env, "GUARDSH_IT_ASK=risky", "GUARDSH_IT_AUTOSAFE=/bin/ls")
	s.prompt("")
	s.line("/bin/ls -m /proc/self/fd")
	s.expectLine("0, 1, 2, 3")
	s.prompt("")
	// Through the interpreter's other path too: a pipeline.
	s.line("/bin/ls -m /proc/self/fd | cat")
	s.expectLine("0, 1, 2, 3")
	s.prompt("")
	s.send("\x1b[Z") // Shift+Tab: auto mode
	s.expect(`\[auto\]`)
	s.line("/bin/ls -m /proc/self/fd")
	s.expect(`\(auto\)`)
	s.expectLine("0, 1, 2, 3")
	s.expect(`gs\[\]\[auto\]`)
}

// expectLine waits for a line of output: text on a line of its own, which
// the line editor may have just cleared the line before (`ESC [ 2 K`);
// the command line typed with it, where a space comes before it, does not
// count.
func (s *itShell) expectLine(text string) {
	s.t.Helper()
	s.expect(`[^ ]` + regexp.QuoteMeta(text) + `\r\n`)
}
