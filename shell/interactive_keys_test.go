package shell

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// !! and !$ expand before the line is checked, and the expanded line is
// shown, as bash shows it; Alt-. inserts the last word of the previous
// line.
func TestInteractiveHistoryExpansion(t *testing.T) {
	home, env := itSandbox(t)
	s := startShell(t, home, env, "GUARDSH_IT_ASK=risky")
	s.prompt("")
	s.line("echo one two")
	s.expectLine("one two")
	s.prompt("")
	s.line("echo !$ again")
	s.expect(`\r\necho two again\r\ntwo again\r\n`)
	s.prompt("")
	s.line("!!")
	s.expect(`\r\necho two again\r\ntwo again\r\n`)
	s.prompt("")
	// What !! brings is checked as any line.
	s.line("fake-medium x")
	s.expect(`\[y/N/e\] `)
	s.send("n")
	s.prompt("126")
	s.line("echo '!!' && !!")
	s.expect(`\r\necho '!!' && fake-medium x\r\n`)
	s.expect(`\[y/N/e\] `)
	s.send("n")
	s.prompt("126")
	s.line("!nosuch")
	s.expect(`guardsh: !nosuch: event not found`)
	s.prompt("126") // $? stays, as in bash
	s.line("echo last-word-here")
	s.expectLine("last-word-here")
	s.prompt("")
	s.send("echo got-\x1b.\r")
	s.expectLine("got-last-word-here")
	s.prompt("")
}

// Ctrl-X Ctrl-E hands the line to $VISUAL; what the editor leaves is the
// line shown, checked and run.
func TestInteractiveEditInEditor(t *testing.T) {
	home, env := itSandbox(t)
	editor := filepath.Join(home, "bin", "fake-editor")
	script := "#!/bin/sh\n{ printf 'got: '; cat \"$1\"; } > \"$HOME/editor.log\"\nprintf 'echo from-editor\\nfake-medium z\\n' > \"$1\"\n"
	if err := os.WriteFile(editor, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	s := startShell(t, home, env, "GUARDSH_IT_ASK=risky", "VISUAL=fake-editor")
	s.prompt("")
	s.send("echo before\x18\x05")
	s.expect(`\r\necho from-editor\r\nfake-medium z\r\n`)
	s.expect(`\[y/N/e\] `)
	s.send("y")
	s.expect(`\r\nfrom-editor\r\nFAKE-MEDIUM RAN z\r\n`)
	s.prompt("")
	if b, _ := os.ReadFile(filepath.Join(home, "editor.log")); string(b) != "got: echo before\n" {
		t.Fatalf("the editor got %q", b)
	}
	if strings.Contains(s.output(), "\nbefore\r\n") {
		t.Fatal("the line before the edit ran")
	}
}

// A statement of several lines comes back with Up as one entry, once.
func TestInteractiveMultiLineRecall(t *testing.T) {
	home, env := itSandbox(t)
	s := startShell(t, home, env, "GUARDSH_IT_ASK=risky")
	s.prompt("")
	s.line("echo first")
	s.expectLine("first")
	s.prompt("")
	s.line("echo 'a")
	s.expect(`\r> \x1b\[J`)
	s.line("b'")
	s.expect(`a\r\nb\r\n`)
	s.prompt("")
	s.send("\x1b[A") // Up: the whole statement, on one line
	s.expect(`gs\[\][^\n]*?[$#] echo 'a↵b'`)
	s.send("\r")
	s.expect(`a\r\nb\r\n`)
	s.prompt("")
	s.send("\x1b[A\x1b[A\r") // Up twice: the line before it
	s.expectLine("first")
	s.prompt("")
}

// Tab completes git's subcommands and options, and variables after $.
func TestInteractiveCompleteArgs(t *testing.T) {
	home, env := itSandbox(t)
	s := startShell(t, home, env, "GUARDSH_IT_ASK=risky")
	s.prompt("")
	s.send("git statu\t")
	s.expect(`git status `)
	s.send("--shor\t")
	s.expect(`git status --short `)
	s.send("\x15") // Ctrl-U
	s.send("echo $HOM\t")
	s.expect(`echo \$HOME`)
	s.send("\r")
	s.expectLine(home)
	s.prompt("")
}
