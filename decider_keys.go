package main

import "guardsh/shell"

// existed is guard.State.Exists for the calls of the supervised tree: p
// is there and the tree did not make it, so it was there before the line.
// Rule destroy_key reads it: a private key that is not there yet, or that
// the line made itself (ssh-keygen writing a new one), loses nothing when
// it is written; one that was there is lost. The rest of the guard reads
// it as the static check does (a path the line makes that was not there
// is the line's own).
func (d *decider) existed(p string) bool {
	return shell.Exists(p) && !d.own.has(p)
}
