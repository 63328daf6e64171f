package shell

// existed is guard.State.Exists for the commands and redirects the
// interpreter runs: p is there and the line did not make it, so it was
// there before the line. Rule destroy_key reads it (a private key the
// line makes, as ssh-keygen does a new one, is not one lost), the rest
// of the guard as the static check does.
func (r *Runner) existed(p string) bool {
	return Exists(p) && !r.own.has(p)
}
