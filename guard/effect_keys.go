package guard

import (
	"fmt"
	"path"
	"slices"

	"guardsh/guard/internal/rules"
)

// keyOpened adds rule destroy_key to v for an open for writing of a
// private key that exists (st.Exists): a program writing into it, in
// place or at its end, spoils it, and the call does not show which. The
// other calls that lose a key (an emptying open, truncate, unlink, a
// rename away or onto it) are classified as the commands that make them
// (`> KEY`, rm, mv), which the rule reads; a change of mode or owner
// loses nothing.
func (g *Guard) keyOpened(v *Verdict, p string, st State) {
	g.keyCall(v, p, st, "opens %s for writing, %s that exists: what it writes there spoils the key")
}

// keyLinked adds rule destroy_key to v for a hard link made of a private
// key that exists: the link is a second name for the key, which no rule
// knows as one, and a write through it (`: > /tmp/k` after `ln
// ~/.ssh/id_rsa /tmp/k`) empties the key where its open cannot tell.
func (g *Guard) keyLinked(v *Verdict, p string, st State) {
	g.keyCall(v, p, st, "makes a hard link of %s, %s that exists: a write through the new name, which no rule knows as the key's, spoils the key")
}

// keyCall adds destroy_key for a call on p when p is a private key that
// exists; how says what the call does, with %s for the key and %s for
// what it is.
func (g *Guard) keyCall(v *Verdict, p string, st State, how string) {
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
	g.engine.Emit(v, rules.RuleDestroyKey, "a program the line started "+fmt.Sprintf(how, p, what)+
		", which is lost unless a copy of it is kept elsewhere", v.Command)
}

// KeyExistenceMatters reports a path (absolute, cleaned) whose existence
// before the line (State.Exists) rule destroy_key asks about: a private
// key the leak rules know by its place or name, or GnuPG's directory of
// keys. A run-time State.Exists that is costly to ask (an lstat at every
// write-open) may answer true, as a nil one does, for every other path.
func KeyExistenceMatters(p string) bool { return rules.KeyPathExists(p) }
