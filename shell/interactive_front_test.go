package shell

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// Output without a final newline stays on the screen: it is ended with
// a reverse-video % and a newline before the next prompt, which the
// editor draws (erasing its own line) on a line of its own. Fifty times,
// for the race between the output and the prompt.
func TestInteractivePartialLine(t *testing.T) {
	home, env := itSandbox(t)
	s := startShell(t, home, env, "GUARDSH_IT_ASK=risky")
	s.prompt("")
	for i := 0; i < 50; i++ {
		s.line(fmt.Sprintf("printf abc%d", i))
		// Nothing between the text and the newline that ends it: no
		// redraw cut in.
		s.expect(fmt.Sprintf(`\r\nabc%d%s\r\n`, i, regexp.QuoteMeta(partialMark)))
		s.prompt("")
	}
	// A line that ends with a newline gets no mark.
	s.line("echo whole")
	s.expect(`\r\nwhole\r\n`)
	s.prompt("")
	if strings.Contains(s.output(), "whole\r\n"+partialMark) {
		t.Fatal("a whole line got the mark")
	}
	// Output of a background job that comes while the editor reads is
	// ended too, before the editor redraws its prompt after it.
	// (It comes between lines whenever it comes.)
	s.line("(sleep 0.2; printf late) &")
	s.prompt("")
	s.expect(`late` + regexp.QuoteMeta(partialMark) + `\r+\n`)
}

// $? after a refused or declined line is 126 in the shell, not only in
// the prompt.
func TestInteractiveRefusedStatus(t *testing.T) {
	home, env := itSandbox(t)
	s := startShell(t, home, env, "GUARDSH_IT_ASK=risky")
	s.prompt("")
	s.line("fake-medium x")
	s.expect(`\[y/N/e\] `)
	s.send("n")
	s.prompt("126")
	s.line("echo status=$?")
	s.expectLine("status=126")
	s.prompt("")
	s.line("fake-blocked y")
	s.expect(`\[e/N\] `)
	s.send("n")
	s.prompt("126")
	s.line("false")
	s.prompt("1")
	s.line("echo status=$?")
	s.expectLine("status=1")
	s.prompt("")
}

// A background job keeps running after its line, and the shell says when
// it ended before the next prompt, as bash does.
func TestInteractiveJobs(t *testing.T) {
	home, env := itSandbox(t)
	s := startShell(t, home, env, "GUARDSH_IT_ASK=risky")
	s.prompt("")
	s.line("mkfifo f; (read -r _ < f; echo job-ran) &")
	s.prompt("")
	s.line("echo go > f; wait; echo waited")
	s.expectLine("job-ran")
	s.expect(`waited\r\n`)
	s.expect(`\[1\]\+  Done                    \(read -r _ <f; echo job-ran\)\r\n`)
	s.prompt("")
	// The notice comes before the next prompt, whether false ends before
	// wait starts or while it waits.
	s.line("false & wait")
	s.expect(`\[1\]\+  Exit 1                  false\r\n`)
	s.prompt("")
}
