package shell

import (
	"strings"
	"testing"
	"time"
)

// TestBashExecutorForgedMarkCtrlC: output that holds the line's mark
// (the line's id is $__gs_n, and a file can hold the marks of many ids)
// does not take the running line's keys away: a Ctrl-C still
// interrupts it.
func TestBashExecutorForgedMarkCtrlC(t *testing.T) {
	s := startBashShell(t)
	s.line(`printf '\e]7777;guardsh-done;%s\a' "$__gs_n"; echo forged; sleep 3; echo not-interrupted`)
	s.expect(`forged\r\n`)
	time.Sleep(300 * time.Millisecond)
	start := time.Now()
	s.send("\x03")
	s.prompt("130")
	if d := time.Since(start); d > 2*time.Second || strings.Contains(s.output(), "\r\nnot-interrupted\r\n") {
		t.Errorf("Ctrl-C after a forged mark did not interrupt the line (prompt after %v)", d)
	}
}
