package main

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"guardsh/guard"
)

// A line that changes user runs outside the supervisor (bashexec.go,
// bashinteractive.go), where nothing checks what its programs do. So
// every program it starts there, up to the one that changes user (`nice`
// and `sudo` in `nice sudo make install`), must be a file no user can
// have written, as a policy file must be (policy.go's trusted: root's,
// writable by root only, in directories likewise all the way up). A program named sudo that a user could write (`./sudo`,
// `PATH=~/bin sudo`, a sudo put in a directory of the user's own PATH by an
// earlier line) is what it looks like only by name.

// untrustedOutside is the first program the line v would start outside
// the supervisor that a user could have written, and why; "" when there
// is none. path is the PATH the line's bash starts with, dir its
// directory.
func untrustedOutside(v guard.Verdict, path, dir string) (name, why string) {
	users := guard.UserChangePrograms()
	for i, c := range v.Plan {
		prog := c.Arg(0).Value
		switch {
		case prog == "exec" || prog == "command":
			// bash's own. (Assignments before a command are written as
			// env in the plan: that env is looked up too, which fails
			// closed.)
		case i > 0 && strings.Contains(prog, "/") && !filepath.IsAbs(prog):
			return prog, "a wrapper runs it by a relative name"
		default:
			file := prog
			if !strings.Contains(prog, "/") {
				file = findOnPath(prog, path, dir)
			} else if !filepath.IsAbs(prog) {
				file = filepath.Join(dir, prog)
			}
			if file == "" {
				return prog, "it is not found on the shell's PATH"
			}
			if trusted(file) != nil {
				return prog, fmt.Sprintf("it is %s, which a user could have written", file)
			}
		}
		if slices.Contains(users, c.Name()) {
			return "", ""
		}
		if c.Name() == "env" {
			// env looks its program up on the PATH it sets.
			for _, a := range c.Args[1:] {
				k, val, ok := strings.Cut(a.Value, "=")
				if strings.HasPrefix(a.Value, "-") {
					return prog, "env runs it with options that change how its program is found"
				}
				if !ok || strings.ContainsAny(k, "/") {
					break
				}
				if k == "PATH" {
					path = val
				}
			}
		}
	}
	return "", ""
}

// withUntrusted is v with the finding that the line, which runs outside
// the supervisor, would start there name, a program a user could have
// written (why): blocked, as what it does is checked by nobody.
func withUntrusted(v guard.Verdict, name, why string) guard.Verdict {
	v.Level, v.Blocked = guard.Blocked, true
	v.Findings = append(v.Findings, guard.Finding{Rule: "outside_untrusted", Level: guard.Blocked, Text: name,
		Reason: fmt.Sprintf("the line runs outside the supervisor, where nothing checks what %s does, and %s is no system program: %s", name, name, why)})
	return v
}
