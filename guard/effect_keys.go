package guard

import (
	"path"
	"slices"

	"guardsh/guard/internal/rules"
)

// keyOpened adds rule destroy_key to v for an open for writing of a
// private key that exists (st.Exists): a program writing into it, in
// place or at its end, spoils it, and the call does not show which. The
// other calls that lose a key (an emptying open, truncate, unlink, a
// rename away or onto it) are classified as the commands that make them
// (`> KEY`, rm, mv), which the rule reads; a change of mode or owner, or
// a hard link, loses nothing.
func (g *Guard) keyOpened(v *Verdict, p string, st State) {
	if !path.IsAbs(p) {
		if st.Dir == "" {
			return
		}
		p = path.Join(st.Dir, p)
	}
	p = path.Clean(p)
	what := rules.PrivateKey(p)
	if what == "" || st.Exists != nil && !st.Exists(p) {
		return
	}
	if slices.ContainsFunc(v.Findings, func(f Finding) bool { return f.Rule == rules.RuleDestroyKey }) {
		return
	}
	g.engine.Emit(v, rules.RuleDestroyKey, "a program the line started opens "+p+" for writing, "+what+
		" that exists: what it writes there spoils the key, which is lost unless a copy of it is kept elsewhere", v.Command)
}

// KeyExistenceMatters reports a path (absolute, cleaned) whose existence
// before the line (State.Exists) rule destroy_key asks about: a private
// key the leak rules know by its place or name, or GnuPG's directory of
// keys. A run-time State.Exists that is costly to ask (an lstat at every
// write-open) may answer true, as a nil one does, for every other path.
func KeyExistenceMatters(p string) bool { return rules.KeyPathExists(p) }
