package rules

// What a wrapper runs (inner) and the helpers that read wrappers' and
// rules' words alike: the rules name inner commands, the walker
// classifies them.

import (
	"strings"

	"guardsh/internal/argv"
)

// UnknownVar names the variable that stands for the unknown parts of code
// in a string; it always expands to Unknown.
const UnknownVar = "__guardsh_unknown__"

// Inner is what a wrapper runs: a command (args) or code in a string.
type Inner struct {
	Label string
	Args  []Word
	Code  *Word
	// params are the positional parameters code gets (bash -c CODE NAME ARGS).
	Params      []Word
	ParamsKnown bool
	// stdin reports that the inner command reads the wrapper's stdin.
	Stdin bool
	// unknown is an option of the wrapper its grammar does not know; the
	// Inner is one of the readings of the words after it.
	Unknown string
	// truncated reports that not every reading was made: too many unknown
	// options.
	Truncated bool
	// nested says what a nested guardsh is started with that could loosen
	// the outer one's rules (-y, --config FILE, XDG_CONFIG_HOME=).
	Nested string
}

// JoinWords joins words with spaces, as eval does.
func JoinWords(ws []Word) Word {
	out := Word{Known: true}
	vs := make([]string, len(ws))
	for i, wd := range ws {
		vs[i] = wd.Value
		if !wd.Known {
			out.Known = false
		}
		out.Vars = append(out.Vars, wd.Vars...)
	}
	out.Value = strings.Join(vs, " ")
	return out
}

// WordValues returns the values of words and a function reporting which
// are known, as internal/argv takes them.
func WordValues(ws []Word) ([]string, func(int) bool) {
	vs := make([]string, len(ws))
	for i, w := range ws {
		vs[i] = w.Value
	}
	return vs, func(i int) bool { return ws[i].Known }
}

// Readings parses a wrapper's words with its grammar.
func Readings(sp *argv.Spec, args []Word) []argv.Reading {
	vs, known := WordValues(args)
	return sp.Parse(vs, known)
}

// FirstUnknown returns the first option a reading did not understand:
// the ones after it are words it read as options on that reading only.
func FirstUnknown(u []string) string {
	if len(u) == 0 {
		return ""
	}
	return u[0]
}

// IsStdinPath reports a script operand that names standard input.
func IsStdinPath(w Word) bool {
	switch w.Value {
	case "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0", "-":
		return w.Known
	}
	return false
}

// GitCodeVars are git settings whose value git runs as a shell command.
var GitCodeVars = map[string]bool{"core.pager": true, "core.editor": true, "core.sshcommand": true, "core.fsmonitor": true,
	"sequence.editor": true, "diff.external": true, "core.askpass": true, "credential.helper": true, "gpg.program": true}
