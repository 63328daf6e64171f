package shell

import "strings"

// SlashCommands are guardsh's own commands at the start of a line, with
// what each does. They never reach the interpreter.
var SlashCommands = []struct{ Name, Help string }{
	{"/auto", "toggle auto mode: read-only lines run without a question (Shift+Tab too)"},
	{"/dry-run", "toggle dry-run: show each line's preview, run nothing"},
	{"/explain", "/explain CMD: show the preview of CMD, run nothing"},
	{"/rules", "list the rules in force"},
	{"/forget-sudo", "run sudo -k: sudo asks for the password again next time"},
	{"/approvals", "list the answers that last (a and r at a question), numbered"},
	{"/forget", "/forget N: remove answer that lasts number N"},
	{"/help", "this list, and the keys"},
}

// ParseSlash reports whether line is a slash command: its first word is
// exactly one of SlashCommands' names. It returns the name and the rest of
// the line, trimmed. "/usr/bin/ls" and "/autox" are not slash commands.
func ParseSlash(line string) (name, arg string, ok bool) {
	s := strings.TrimLeft(line, " \t")
	if !strings.HasPrefix(s, "/") {
		return "", "", false
	}
	word, rest := s, ""
	if i := strings.IndexAny(s, " \t\n"); i >= 0 {
		word, rest = s[:i], s[i+1:]
	}
	for _, c := range SlashCommands {
		if c.Name == word {
			return word, strings.TrimSpace(rest), true
		}
	}
	return "", "", false
}
