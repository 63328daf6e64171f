package shell

import (
	"os"
	"regexp"
	"testing"
)

// TestBashExecutorProtocolFunctions: a function named as a builtin the
// report code calls (read, printf) is the line's code, never run outside
// a line: it would run after every line, between the mark and the
// report, unclassified.
//
// Known to fail (review of 2026-12-02, finding 3): set
// GUARDSH_KNOWN_FAILURES=1 to run it until the report code is fixed.
func TestBashExecutorProtocolFunctions(t *testing.T) {
	if os.Getenv("GUARDSH_KNOWN_FAILURES") == "" {
		t.Skip("known failure: a function named read or printf runs from the report code (GUARDSH_KNOWN_FAILURES=1 runs it)")
	}
	for _, name := range []string{"read", "printf"} {
		t.Run(name, func(t *testing.T) {
			s := startBashShell(t)
			s.line(name + `() { echo "ran-unasked-$$" >/dev/tty; builtin ` + name + ` "$@"; }`)
			s.prompt("")
			s.line("echo next-line")
			s.expect(`\r\nnext-line\r\n`)
			s.prompt("")
			if out := s.output(); regexp.MustCompile(`ran-unasked-[0-9]`).MatchString(out) {
				t.Errorf("a function %s ran after the line, unclassified:\n%q", name, out)
			}
		})
	}
}
