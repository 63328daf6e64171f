package walk

import (
	"path"
	"strings"

	"guardsh/guard/internal/rules"
)

// What a file the line sources defines (State.Source): a shell snapshot
// or an rc file sourced before the command that follows, as Claude Code
// does (`source SNAPSHOT 2>/dev/null || true && ... && eval 'CMD'`). Its
// text is walked where the line sources it, in the same shell: the
// functions it defines (plainly or through a decoded eval) and its
// aliases are known to what follows, an eval's code among them.

// sourcedFile returns the inner of `source FILE [ARGS]` (args are the
// words after source) whose text the shell gave (State.Source): FILE a
// known path with a slash (without one bash searches PATH first, which
// the check does not follow), resolved against the command's directory,
// sourced in the shell that runs the rest of the line. A file is read
// once for a line: a second source of it, or one from within itself,
// adds nothing the first did not.
func (w *walker) sourcedFile(c *Command, args []Word) (rules.Inner, bool) {
	st := w.root.st
	if st.Source == nil || len(args) == 0 || !inThisShell(c.Via) {
		return rules.Inner{}, false
	}
	f := args[0]
	if !f.Known || !strings.Contains(f.Value, "/") {
		return rules.Inner{}, false
	}
	p := f.Value
	if !path.IsAbs(p) {
		if c.Dir == "" || !path.IsAbs(c.Dir) {
			return rules.Inner{}, false
		}
		p = path.Join(c.Dir, p)
	}
	p = path.Clean(p)
	key := "source " + p
	if w.active[key] {
		return rules.Inner{}, false
	}
	text, ok := st.Source(p)
	if !ok {
		return rules.Inner{}, false
	}
	if w.active == nil {
		w.funcs, w.active = map[string]funcDef{}, map[string]bool{}
	}
	w.active[key] = true
	in := rules.Inner{Label: "source", Code: &Word{Value: text, Known: true}}
	if len(args) > 1 {
		// `. FILE ARGS`: the file's positional parameters.
		in.Params, in.ParamsKnown = append([]Word(nil), args[1:]...), true
	}
	return in, true
}

// noteAliases records the aliases an alias command defines, in the shell
// that runs the rest of the line: `alias NAME=VALUE ...` with known
// words (`alias -- NAME=VALUE` as a snapshot writes it). They are known
// from there on in the walk, whether or not bash expands them there
// (shellAlias classifies the call as written too).
func (w *walker) noteAliases(args []Word, via []string) {
	if !inThisShell(via) {
		return
	}
	for _, a := range args {
		if !a.Known || a.Value == "--" || a.Value == "-p" {
			continue
		}
		name, value, ok := strings.Cut(a.Value, "=")
		// A word starting with - is one of alias's options (alias -p), not
		// NAME=VALUE.
		if !ok || name == "" || strings.HasPrefix(name, "-") || strings.ContainsAny(name, " \t\n/$`\\'\"") {
			continue
		}
		if w.aliases == nil {
			w.aliases = map[string]string{}
		}
		w.aliases[name] = value
	}
}

// sourced carries into s what the walk of a file sourced in its shell
// (in, a clone of s) left: the variables it set and its directory, as the
// file sets them for the commands that follow.
func (s *scope) sourced(in *scope) {
	for k, v := range in.vars {
		if old, ok := s.vars[k]; !ok || old != v {
			s.set(k, v)
		}
	}
	s.dir = in.dir
}
