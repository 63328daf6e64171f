package shell

import "guardsh/guard"

// existed is guard.State.Exists for the commands and redirects the
// interpreter runs: p is there and the line did not make it, so it was
// there before the line. Rule destroy_key reads it (a private key the
// line makes, as ssh-keygen does a new one, is not one lost); for the
// other paths it answers true, as a nil Exists does, so that the run-time
// check reads them as before and looks nothing up.
func (r *Runner) existed(p string) bool {
	if !guard.KeyExistenceMatters(p) {
		return true
	}
	return Exists(p) && !r.own.has(p)
}
