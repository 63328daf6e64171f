package rules

// sudo, su, doas and eval: running a line as another user or as code.

import (
	"slices"
	"strings"

	"guardsh/internal/argv"
)

// ---- sudo, eval ----

func SysSudo(c *Command) []Hit {
	args := c.Args
	switch c.Name() {
	case "sudo", "sudoedit":
		if len(args) == 2 && args[1].Value == "-h" {
			return nil
		}
		// Every reading of sudo's words (internal/argv's grammar, the one
		// the unwrapper reads): the highest counts.
		var hits []Hit
		for _, r := range Readings(argv.Wrapper("sudo"), args[1:]) {
			if r.Has("", "help") || r.Has("", "version") || r.Has("V", "") {
				continue
			}
			edit := r.Has("e", "edit") || c.Name() == "sudoedit"
			if r.Cmd >= len(args)-1 && c.Name() == "sudo" && !edit && !r.Has("s", "shell") && !r.Has("i", "login") {
				// -l, -v, -k, -K and friends only list or manage credentials.
				continue
			}
			if edit {
				hits = append(hits, hit("edits files with root privileges")...)
				continue
			}
			hits = append(hits, sysAsUser(lastValue(r, "u", "user"))...)
		}
		return hits
	case "doas":
		var hits []Hit
		for _, r := range Readings(argv.Wrapper("doas"), args[1:]) {
			if r.Cmd >= len(args)-1 && !r.Has("s", "") || r.Has("C", "") {
				continue // -C checks the config only
			}
			hits = append(hits, sysAsUser(lastValue(r, "u", ""))...)
		}
		return hits
	case "pkexec", "run0":
		var hits []Hit
		for _, r := range Readings(argv.Wrapper(c.Name()), args[1:]) {
			if r.Stopped {
				continue
			}
			hits = append(hits, sysAsUser(lastValue(r, "u", "user"))...)
		}
		return hits
	case "su":
		r := ReadOpts(args[1:], &argv.Spec{Valued: "cCgGsw", LongValued: []string{"command", "session-command", "group", "supp-group", "shell", "whitelist-environment"}, LongStop: []string{"help", "version"}, Exact: true})
		if r.Info {
			return nil
		}
		if len(r.Operands) > 0 && r.Operands[0].Value != "-" && r.Operands[0].Value != "root" {
			return sysAsUser(r.Operands[0], true)
		}
		if len(r.Operands) > 1 && r.Operands[0].Value == "-" && r.Operands[1].Value != "root" {
			return sysAsUser(r.Operands[1], true)
		}
		return hit("runs with root privileges")
	}
	return nil
}

// lastValue returns the last value of an option of a reading as a word.
func lastValue(r argv.Reading, short, long string) (Word, bool) {
	o, ok := r.Last(short, long)
	if !ok || !o.HasValue {
		return Word{}, false
	}
	return Word{Value: o.Value, Known: !strings.Contains(o.Value, Unknown)}, true
}

func sysAsUser(u Word, ok bool) []Hit {
	if !ok || u.Value == "root" || u.Value == "0" || u.Value == "#0" {
		return hit("runs with root privileges")
	}
	return hit("runs as user " + u.Value)
}

func sysEval(c *Command) []Hit {
	if !slices.Contains(sysEvalProgs, c.Name()) || len(c.Args) < 2 || c.EvalTrusted {
		return nil
	}
	for _, a := range c.Args[1:] {
		if !a.Known {
			return hit("runs its arguments as shell code")
		}
	}
	// A literal string: its code is classified as the line it is.
	return nil
}
