package rules

// Changing users and login shells.

import (
	"slices"

	"guardsh/internal/argv"
)

// ---- users ----

func sysUserChange(c *Command) []Hit {
	name := c.Name()
	if !slices.Contains(sysUserProgs, name) {
		return nil
	}
	r := ReadOpts(c.Args[1:], &argv.Spec{LongStop: []string{"help", "version"}, Exact: true})
	if r.Info || len(c.Args) == 2 && name != "chfn" && (c.Args[1].Value == "-h" || c.Args[1].Value == "-V") {
		return nil
	}
	switch name {
	case "passwd":
		if r.Has("S", "status") {
			return nil
		}
	case "chage":
		if r.Has("l", "list") {
			return nil
		}
	case "visudo":
		if r.Has("c", "check") {
			return nil
		}
	}
	return hit(name + " changes users, groups or passwords" + sysPkgWhat(r.Operands))
}

func SysChsh(c *Command) []Hit {
	if !slices.Contains(sysChshProgs, c.Name()) {
		return nil
	}
	r := ReadOpts(c.Args[1:], &argv.Spec{Valued: "sR", LongValued: []string{"shell", "root"}, LongStop: []string{"help", "version"}, Exact: true})
	if r.Info || r.Has("l", "list-shells") {
		return nil
	}
	if s, ok := r.Last("s", "shell"); ok {
		return hit("changes the login shell to " + s.Value)
	}
	return hit("changes a login shell")
}
