package main

import (
	"guardsh/guard"
	"guardsh/shell"
)

// existed is guard.State.Exists for the calls of the supervised tree: p
// is there and the tree did not make it, so it was there before the line.
// Rule destroy_key reads it: a private key that is not there yet, or that
// the line made itself (ssh-keygen writing a new one), loses nothing when
// it is written; one that was there is lost. Only the paths destroy_key
// asks about are looked up; any other may exist, as without Exists, so
// the rest of the check reads them as before and no write-open, unlink
// or exec pays an lstat more (3 to 4 us of BenchmarkDecide's openat and
// unlinkat when every path was looked up).
func (d *decider) existed(p string) bool {
	if !guard.KeyExistenceMatters(p) {
		return true
	}
	return shell.Exists(p) && !d.own.has(p)
}
