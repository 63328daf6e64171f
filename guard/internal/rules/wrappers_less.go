package rules

// less running shell commands: `+!cmd` on its command line or in $LESS,
// and the LESSOPEN and LESSCLOSE input filters.

import (
	"strings"
)

// LessShellCommand returns the shell command a less `+cmd` (or `++cmd`)
// option runs: the rest after a `!` command, or after `|` and its mark.
// A search (`+/pattern`, `+?pattern`), a filter (`+&pattern`) or an
// examine (`+:e file`) takes the rest as its text. In the command, less
// puts the file's name for `%` and the previous file's for `#`.
func LessShellCommand(opt string) (string, bool) {
	s := strings.TrimPrefix(strings.TrimPrefix(opt, "+"), "+")
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '/', '?', '&', ':', '-', 's', 'v':
			// The rest is text: a pattern, a file name, an option.
			return "", false
		case '!':
			return lessPercent(s[i+1:]), true
		case '|':
			if i+1 >= len(s) {
				return "", false
			}
			return lessPercent(s[i+2:]), true
		}
	}
	return "", false
}

// LessEnvCommands returns the shell commands a LESS value runs: less takes
// options from it as from its command line, before them, and a `+cmd`
// there (LESS='+G', LESS='-R +!cmd') runs to the end of the value or to a
// `$`. A `-+` resets an option instead.
func LessEnvCommands(v string) []string {
	var cmds []string
	for i := 0; i < len(v); i++ {
		if v[i] != '+' || i > 0 && v[i-1] == '-' {
			continue
		}
		opt, _, _ := strings.Cut(v[i:], "$")
		if cmd, ok := LessShellCommand(opt); ok {
			cmds = append(cmds, cmd)
		}
		i += len(opt)
	}
	return cmds
}

// lessPercent stands an unknown file name for less's % and # in a shell
// command.
func lessPercent(cmd string) string {
	return strings.NewReplacer("%", Unknown, "#", Unknown).Replace(cmd)
}

// lessFilterCode returns the command of a LESSOPEN or LESSCLOSE value:
// without the `|`, `||` or `-` that say how less reads its output, the
// file names (%s) unknown.
func lessFilterCode(w Word) Word {
	v := strings.TrimLeft(w.Value, "|-")
	w.Value = strings.ReplaceAll(v, "%s", Unknown)
	w.Known = !strings.Contains(w.Value, Unknown)
	return w
}

// lessLogFiles returns the files less copies its input to: -o FILE and -O
// FILE (also attached), --log-file and --LOG-FILE (with = or the next word),
// up to --.
func lessLogFiles(args []Word) []Word {
	var ws []Word
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case v == "--":
			return ws
		case v == "-o" || v == "-O" || v == "--log-file" || v == "--LOG-FILE":
			if i+1 < len(args) {
				ws = append(ws, args[i+1])
				i++
			}
		case strings.HasPrefix(v, "--log-file=") || strings.HasPrefix(v, "--LOG-FILE="):
			_, f, _ := strings.Cut(v, "=")
			ws = append(ws, fsPart(args[i], f))
		case len(v) > 2 && (strings.HasPrefix(v, "-o") || strings.HasPrefix(v, "-O")):
			ws = append(ws, fsPart(args[i], v[2:]))
		}
	}
	return ws
}
