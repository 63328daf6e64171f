package guard

// sudo, su, doas and eval: running a line as another user or as code.

import (
	"slices"
)

// ---- sudo, eval ----

func sysSudo(c *Command) []Hit {
	args := c.Args
	switch c.Name() {
	case "sudo", "sudoedit":
		if len(args) == 2 && args[1].Value == "-h" {
			return nil
		}
		r := xoptParse(args[1:], &xoptSpec{shortArg: "CDgpRrTtUu", longArg: []string{"close-from", "chdir", "group", "host", "prompt", "chroot", "role", "command-timeout", "type", "other-user", "user"}, posix: true})
		if r.help {
			return nil
		}
		if len(r.args) == 0 && c.Name() == "sudo" && !r.has('e', "edit") && !r.has('s', "shell") && !r.has('i', "login") {
			// -l, -v, -k, -K and friends only list or manage credentials.
			return nil
		}
		if r.has('e', "edit") || c.Name() == "sudoedit" {
			return hit("edits files with root privileges")
		}
		return sysAsUser(r.last('u', "user"))
	case "doas":
		r := xoptParse(args[1:], &xoptSpec{shortArg: "Cu", posix: true})
		if len(r.args) == 0 && !r.has('s', "") {
			return nil
		}
		if _, ok := r.last('C', ""); ok {
			return nil // checks the config only
		}
		return sysAsUser(r.last('u', ""))
	case "pkexec":
		r := xoptParse(args[1:], &xoptSpec{longArg: []string{"user"}, posix: true})
		if r.help {
			return nil
		}
		return sysAsUser(r.last(0, "user"))
	case "run0":
		r := xoptParse(args[1:], &xoptSpec{shortArg: "uDg", longArg: []string{"user", "group", "chdir", "setenv", "unit", "property", "description", "slice", "nice", "background", "machine"}, posix: true})
		if r.help {
			return nil
		}
		return sysAsUser(r.last('u', "user"))
	case "su":
		r := xoptParse(args[1:], &xoptSpec{shortArg: "cCgGsw", longArg: []string{"command", "session-command", "group", "supp-group", "shell", "whitelist-environment"}})
		if r.help {
			return nil
		}
		if len(r.args) > 0 && r.args[0].Value != "-" && r.args[0].Value != "root" {
			return sysAsUser(r.args[0], true)
		}
		if len(r.args) > 1 && r.args[0].Value == "-" && r.args[1].Value != "root" {
			return sysAsUser(r.args[1], true)
		}
		return hit("runs with root privileges")
	}
	return nil
}

func sysAsUser(u Word, ok bool) []Hit {
	if !ok || u.Value == "root" || u.Value == "0" || u.Value == "#0" {
		return hit("runs with root privileges")
	}
	return hit("runs as user " + u.Value)
}

func sysEval(c *Command) []Hit {
	if !slices.Contains(sysEvalProgs, c.Name()) || len(c.Args) < 2 || c.evalTrusted {
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
