package guard

import (
	"slices"
	"strings"
)

// guardsh's own command line, as its main package parses it: the long
// options that take a value (--name VALUE or --name=VALUE), and the modes
// in which it runs nothing.
var (
	guardshLongArg = []string{"config", "approved", "cwd-fd", "hook", "install-hook", "uninstall-hook", "hook-allow", "since", "level"}
	guardshNoRun   = []string{"check", "dry-run", "rules", "version", "help", "hook", "install-hook", "uninstall-hook", "doctor", "log"}
)

// guardshLine is what a guardsh command line says: the code it runs with
// -c, its long options, and whether it answers yes (-y).
type guardshLine struct {
	code    *Word
	long    map[string]string // name -> value ("" for a flag)
	yes     bool
	unknown bool // an option it does not know, or a word not known statically
	// rest is how many words follow the options (the code, a script file
	// and its arguments); stdin reports -s.
	rest  int
	stdin bool
}

// parseGuardsh reads guardsh's options: they come first, the first word
// that is not one ends them, as in bash.
func parseGuardsh(args []Word) guardshLine {
	l := guardshLine{long: map[string]string{}}
	hasC := false
	i := 0
	for i < len(args) {
		a := args[i]
		if !a.Known {
			l.unknown = true
			break
		}
		v := a.Value
		if v == "--" || v == "-" {
			i++
			break
		}
		if !strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "+") || v == "+" {
			break
		}
		i++
		if name, ok := strings.CutPrefix(v, "--"); ok {
			name, val, hasVal := strings.Cut(name, "=")
			if !hasVal && slices.Contains(guardshLongArg, name) && i < len(args) {
				val = args[i].Value
				if !args[i].Known {
					l.unknown = true
				}
				i++
			}
			if name == "yes" {
				l.yes = true
			}
			l.long[name] = val
			continue
		}
		for _, f := range v[1:] {
			switch f {
			case 'c':
				hasC = true
			case 'y':
				l.yes = v[0] == '-'
			case 's':
				l.stdin = v[0] == '-'
			case 'o':
				i++
			}
		}
	}
	if hasC && i < len(args) {
		code := args[i]
		l.code = &code
	}
	l.rest = len(args) - i
	return l
}

// runsNothing reports a guardsh command line that only classifies,
// reports or edits settings.
func (l guardshLine) runsNothing() bool {
	for _, n := range guardshNoRun {
		if _, ok := l.long[n]; ok {
			return true
		}
	}
	return false
}

// guardshInner is the code guardsh runs: CODE of `guardsh [OPTIONS] -c
// CODE`, or its standard input when it reads commands there, as a shell's.
func (w *walker) guardshInner(c *Command, args []Word) []inner {
	l := parseGuardsh(args)
	switch {
	case l.runsNothing():
		return nil
	case l.code != nil:
		return []inner{{label: "guardsh -c", code: l.code}}
	case l.rest > 0 && !l.stdin:
		return nil // `guardsh script.sh`: the run-time check reads the script
	case c.Stdin != nil:
		stdin := *c.Stdin
		return []inner{{label: "guardsh <<", code: &stdin}}
	case c.StdinPiped:
		w.g.emit(w.v, rulePipeToShell, "feeds text that is only known at run time to guardsh, which runs it as code", c.Text)
	}
	return nil
}
