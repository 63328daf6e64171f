package shell

import (
	"bytes"
	"fmt"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// wantSeq is seq 1 n's output on a terminal: one number a line, CR LF.
func wantSeq(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		b.WriteString(strconv.Itoa(i))
		b.WriteString("\r\n")
	}
	return b.String()
}

// expectText waits until the output after the last match contains text,
// and returns that output up to and including it. Unlike expect it does
// not run a regular expression over a large output again at every read.
func (s *itShell) expectText(text string) string {
	s.t.Helper()
	return s.await(fmt.Sprintf("%q", text), func(out []byte) (int, int) {
		if i := bytes.Index(out, []byte(text)); i >= 0 {
			return 0, i + len(text)
		}
		return -1, -1
	})
}

// A line's large output reaches the screen complete and in order, and the
// next prompt comes after all of it, line after line.
func TestInteractiveLargeOutput(t *testing.T) {
	if _, err := exec.LookPath("seq"); err != nil {
		t.Skip("no seq")
	}
	home, env := itSandbox(t)
	s := startShell(t, home, env, "GUARDSH_IT_ASK=risky")
	s.prompt("")
	for _, n := range []int{60000, 3, 25000} {
		s.line("seq 1 " + strconv.Itoa(n) + "; echo END")
		s.expect(`\r\n1\r\n`)
		out := s.expectText("END\r\n")
		if got, want := "1\r\n"+out, wantSeq(n)+"END\r\n"; got != want {
			i := 0
			for i < len(got) && i < len(want) && got[i] == want[i] {
				i++
			}
			t.Fatalf("seq 1 %d: output differs at byte %d of %d: got %q, want %q", n, i, len(want), got[max(0, i-20):min(len(got), i+20)], want[max(0, i-20):min(len(want), i+20)])
		}
		// Nothing but the prompt (and the editor's clearing of its line)
		// after the output.
		s.expect(`^(?:\x1b\[[0-9;]*[A-Za-z]|\r)*gs\[\][^\n]*?[$#] \x1b\[J`)
	}
}

// A line's output is not cut by redraws of the prompt, in auto mode too
// (where it starts at once after Enter, while the line editor's reader
// may not yet have seen the Enter).
func TestInteractiveOutputNoRedraws(t *testing.T) {
	home, env := itSandbox(t)
	s := startShell(t, home, env, "GUARDSH_IT_ASK=risky", "GUARDSH_IT_AUTOSAFE=/bin/ls")
	s.prompt("")
	s.send("\x1b[Z") // Shift+Tab: auto mode
	s.expect(`\[auto\]`)
	s.line("/bin/ls -1 /proc/self/fd")
	s.expect(`\(auto\)\r\n`)
	s.expect(`gs\[\]\[auto\]`)
	if out := s.output(); !strings.Contains(out, "\r\n0\r\n1\r\n2\r\n3\r\n") {
		t.Fatalf("the output was cut: %q", out[strings.LastIndex(out, "(auto)"):])
	}
}
