package shell

import (
	"strings"
	"testing"
)

// Ctrl-R finds an earlier line; Enter runs it.
func TestInteractiveSearch(t *testing.T) {
	home, env := itSandbox(t)
	s := startShell(t, home, env, "GUARDSH_IT_ASK=risky")
	s.prompt("")
	s.line("echo alpha-one")
	s.expectLine("alpha-one")
	s.prompt("")
	s.line("echo beta-two")
	s.expectLine("beta-two")
	s.prompt("")
	s.send("\x12ALPHA")
	s.expect(`bck-i-search: ALPHA`)
	s.send("\r")
	s.expectLine("alpha-one")
	s.prompt("")
}

// A line wider than the terminal wraps, and is edited and run whole.
func TestInteractiveLongLine(t *testing.T) {
	home, env := itSandbox(t)
	s := startShell(t, home, env, "GUARDSH_IT_ASK=risky")
	s.prompt("")
	long := strings.Repeat("w", 150)
	s.send("echo " + long + "-end")
	s.expect(`-end`)
	// To the start, into the middle of the first word, an insert.
	s.send("\x01\x1bf\x1bfX\r")
	s.expectLine(long + "X-end")
	s.prompt("")
}

// Wide characters are inserted and deleted as one character each.
func TestInteractiveWideCharacters(t *testing.T) {
	home, env := itSandbox(t)
	s := startShell(t, home, env, "GUARDSH_IT_ASK=risky")
	s.prompt("")
	s.send("echo 日本語x\x7f\x02\x7f\r")
	s.expectLine("日語")
	s.prompt("")
}

// Output that arrives while a line is typed goes above it, and the line
// typed so far is drawn again after it.
func TestInteractiveOutputWhileTyping(t *testing.T) {
	home, env := itSandbox(t)
	s := startShell(t, home, env, "GUARDSH_IT_ASK=risky")
	s.prompt("")
	s.line("(sleep 0.3; echo late-out) &")
	s.prompt("")
	s.send("echo par")
	// (Its newline may come in a write of its own: then the piece is
	// ended with the mark of a partial line.)
	s.expect(`late-out`)
	s.expect(`echo par`)
	s.send("t\r")
	s.expectLine("part")
	s.prompt("")
}

// Tab lists candidates that share nothing more; Tab again puts the first
// in, Enter keeps it without running the line.
func TestInteractiveCompleteList(t *testing.T) {
	home, env := itSandbox(t)
	s := startShell(t, home, env, "GUARDSH_IT_ASK=risky")
	s.prompt("")
	s.send("git sta\t")
	s.expect(`stash +status`)
	s.send("\t\r")
	s.expect(`git stash `)
	s.send("\x15echo done\r")
	s.expectLine("done")
	s.prompt("")
}
