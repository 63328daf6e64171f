package shell

// shellVars returns every variable of the shell that is set, as the
// run-time check sees it (an array as its first element), and the
// positional parameters: what the front end needs to classify the next
// line as the executor would.
func (r *Runner) shellVars() (map[string]string, []string) {
	if !r.ran {
		m := make(map[string]string, len(r.envMap))
		for k, v := range r.envMap {
			m[k] = v
		}
		return m, append([]string{}, r.params...)
	}
	m := make(map[string]string, len(r.interp.Vars))
	for name, vr := range r.interp.Vars {
		if vr.IsSet() {
			m[name] = vr.String()
		}
	}
	return m, append([]string{}, r.interp.Params...)
}
