package rules

import (
	"path"
	"strings"

	"guardsh/internal/argv"
)

// Rule destroy_key, of the file family: a private key that exists
// (State.Exists, as Command.Exists) overwritten, emptied, deleted,
// shredded or moved away, which loses it unless a copy is kept
// elsewhere. The keys are those the leak rules know by their place or
// name (PrivateKey). Making a key that is not there yet (ssh-keygen
// writing a new one, `echo "$KEY" > ~/.ssh/id_rsa` in a fresh CI job)
// loses nothing, and appending to one (`>>`) leaves what it holds.

// RuleDestroyKey is the rule's name.
const RuleDestroyKey = "destroy_key"

// keyRule is the rule's row in the file family (FileRules).
var keyRule = Rule{Name: RuleDestroyKey, Level: High, Description: "overwrites, empties, deletes, shreds or moves away a private key that exists (~/.ssh/id_* but not .pub, ~/.ssh/identity, /etc/ssh's host keys, GnuPG's secring.gpg and private-keys-v1.d), by a redirect, cp, mv, install, tee, dd of=, sed -i, truncate, rm, unlink, shred, an output option (curl -o, openssl -out), or ssh-keygen -f making a new key over it (-p and -c rewrite it too), or makes a hard link of it (ln, link, cp -l: a write through the second name spoils it): a lost private key cannot be made again. A key that is not there yet, made new, is not flagged", Example: "rm ~/.ssh/id_ed25519"}

// KeyPathExists reports a path (absolute, cleaned) whose existence
// destroy_key asks about: a private key (PrivateKey), or GnuPG's
// directory of keys. For any other path it decides nothing.
func KeyPathExists(p string) bool {
	return PrivateKey(p) != "" || path.Base(p) == "private-keys-v1.d" && strings.Contains(p, "/.gnupg/")
}

// keyExisting says which private key abs is when it exists before the
// line, "" otherwise.
func keyExisting(c *Command, abs string) string {
	what := PrivateKey(abs)
	if what == "" || c.Exists != nil && !c.Exists(abs) {
		return ""
	}
	return what
}

// keyReason is destroy_key's reason: how names who does what ("rm
// deletes"), abs the key.
func keyReason(c *Command, how, abs, what string) string {
	if what == whatGnuPGKeys {
		return how + " " + fileShowHome(abs, c) + ", " + what + " that exist: they are lost unless a copy of them is kept elsewhere"
	}
	return how + " " + fileShowHome(abs, c) + ", " + what + " that exists: the key is lost unless a copy of it is kept elsewhere"
}

// keyWrite adds destroy_key for a write that replaces what abs holds
// (fileWrite's how: "cp overwrites", "truncate empties"); an append
// ("a redirect appends to", "tee appends to") leaves the key as it was.
func keyWrite(c *Command, hs []fsNamedHit, abs, how string) []fsNamedHit {
	if strings.Contains(how, " appends") {
		return hs
	}
	if what := keyExisting(c, abs); what != "" && !keyKept(c) {
		hs = fsAdd(hs, RuleDestroyKey, keyReason(c, how, abs, what))
	}
	return hs
}

// keyKept reports cp, mv or install told to keep what is there: not to
// overwrite it (-n, --no-clobber, --update=none) or to keep a backup of
// it (-b, --backup).
func keyKept(c *Command) bool {
	switch c.Name() {
	case "cp", "mv", "install":
	default:
		return false
	}
	for _, w := range c.Args[1:] {
		switch v := w.Value; {
		case v == "--":
			return false
		case v == "--no-clobber" || v == "--update=none" || v == "--backup" || strings.HasPrefix(v, "--backup="):
			return true
		case len(v) > 1 && v[0] == '-' && v[1] != '-' && strings.ContainsAny(v[1:], "nb"):
			// A word of short options with -n or -b (before a valued one's
			// value: -S SUFFIX and -t DIR take the next word or the rest).
			if i := strings.IndexAny(v[1:], "tSmog"); i < 0 || strings.IndexAny(v[1:], "nb") < i {
				return true
			}
		}
	}
	return false
}

// keySSHNames are the names of the keys ssh-keygen makes in ~/.ssh, in
// a fixed order (leakKeyNames is a map).
var keySSHNames = []string{"id_rsa", "id_ed25519", "id_ecdsa", "id_dsa", "id_ecdsa_sk", "id_ed25519_sk", "id_xmss", "identity"}

// keyIn returns the key files a directory may hold by name: the ssh
// keys of an .ssh directory, GnuPG's secring.gpg and its directory of
// keys (which counts as one: its files' names are hashes).
func keyIn(dir string) []string {
	var ks []string
	switch path.Base(dir) {
	case ".ssh":
		for _, n := range keySSHNames {
			ks = append(ks, dir+"/"+n)
		}
	case ".gnupg":
		ks = append(ks, dir+"/secring.gpg", dir+"/private-keys-v1.d")
	}
	return ks
}

// keyNamed returns the first existing private key word w names, and what
// it is: the file itself, a match of its wildcard among the names keys
// have, or (tree: rm -r, mv) a key in the directory it names. GnuPG's
// directory of keys stands for the keys in it.
func keyNamed(c *Command, w Word, tree bool) (abs, what string) {
	p := fsResolve(c, w)
	if p.Abs == "" {
		return "", ""
	}
	exists := func(k string) string {
		if path.Base(k) == "private-keys-v1.d" {
			if PrivateKey(k+"/x") == "" || c.Exists != nil && !c.Exists(k) {
				return ""
			}
			return whatGnuPGKeys
		}
		return keyExisting(c, k)
	}
	if p.glob {
		dir, pat := path.Dir(p.Abs), path.Base(p.Abs)
		if FsHasMeta(dir) {
			return "", ""
		}
		if path.Base(dir) == "private-keys-v1.d" {
			// Any name in it is a key (their names are hashes).
			return dir, exists(dir)
		}
		for _, k := range keyIn(dir) {
			if ok, err := path.Match(pat, path.Base(k)); ok && err == nil {
				if what := exists(k); what != "" {
					return k, what
				}
			}
		}
		return "", ""
	}
	if what := exists(p.Abs); what != "" {
		return p.Abs, what
	}
	if tree {
		for _, k := range keyIn(p.Abs) {
			if what := exists(k); what != "" {
				return k, what
			}
		}
	}
	return "", ""
}

// keyRemoveHits adds destroy_key for rm, unlink and shred of an existing
// key (rm -r: of a directory holding one).
func keyRemoveHits(c *Command, hs []fsNamedHit, name string, a *Opts) []fsNamedHit {
	how, tree := name+" deletes", name == "rm" && a.Has("r", "R", "recursive")
	if tree {
		how = "rm -r deletes"
	}
	if name == "shred" {
		how = "shred overwrites"
		if a.Has("u", "remove") {
			how = "shred -u overwrites and deletes"
		}
	}
	for _, w := range a.Operands {
		if abs, what := keyNamed(c, w, tree); what != "" {
			return fsAdd(hs, RuleDestroyKey, keyReason(c, how, abs, what))
		}
	}
	return hs
}

// keyMoveHits adds destroy_key for mv taking an existing key (or a
// directory holding one) away from where ssh or gpg looks for it.
func keyMoveHits(c *Command, hs []fsNamedHit, srcs []Word) []fsNamedHit {
	for _, w := range srcs {
		if abs, what := keyNamed(c, w, true); what != "" {
			return fsAdd(hs, RuleDestroyKey, "mv moves "+fileShowHome(abs, c)+", "+what+" that exists, away from where ssh or gpg looks for it (across filesystems mv copies it, then deletes it)")
		}
	}
	return hs
}

// keygenHits adds destroy_key for ssh-keygen writing the private key -f
// names when it exists: making a new key there (after ssh-keygen's own
// "Overwrite (y/n)?", which its input or -y in a line answers), or
// rewriting it with a new passphrase (-p) or comment (-c). Without -f,
// ssh-keygen asks for the file; the call that writes it is checked.
func keygenHits(c *Command, hs []fsNamedHit) []fsNamedHit {
	a := ReadOpts(c.Args[1:], &argv.SSHKeygen)
	f, ok := a.Arg("f")
	if !ok || a.Info {
		return hs
	}
	has := func(modes string) bool {
		for _, o := range a.Opts {
			if len(o.Name) == 1 && strings.Contains(modes, o.Name) {
				return true
			}
		}
		return false
	}
	how, flag, rewrite := "ssh-keygen makes a new key in place of", "", ""
	switch {
	case has(argv.SSHKeygenBeforeRewrite):
		return hs
	case a.Has("p"):
		flag, rewrite = "p", "a new passphrase"
	case a.Has("c"):
		flag, rewrite = "c", "a new comment"
	case has(argv.SSHKeygenReadModes):
		return hs
	}
	p := fsResolve(c, f)
	if p.Abs == "" || p.glob {
		return hs
	}
	what := keyExisting(c, p.Abs)
	switch {
	case what == "":
	case rewrite != "":
		hs = fsAdd(hs, RuleDestroyKey, "ssh-keygen -"+flag+" rewrites "+fileShowHome(p.Abs, c)+", "+what+" that exists, in place ("+rewrite+
			"): the key is lost if it goes wrong, and the call that writes it cannot be told from one that replaces it")
	default:
		hs = fsAdd(hs, RuleDestroyKey, keyReason(c, how, p.Abs, what))
	}
	return hs
}

// keyLinkSpec is ln's option grammar as keyLinkHits reads it.
var keyLinkSpec = argv.Spec{Valued: "St", LongValued: []string{"suffix", "target-directory"}, LongStop: []string{"help", "version"}}

// keyLinkHits adds destroy_key for ln or link (and cp -l: fileCopyHits)
// making a hard link of an existing key: a second name no rule knows as the key's, through which
// a write (`: > /tmp/k`) empties it. A symbolic link (ln -s) leads an
// open to the key itself, which is checked there.
func keyLinkHits(c *Command, hs []fsNamedHit) []fsNamedHit {
	srcs := c.Args[1:]
	if c.Name() == "ln" {
		a := ReadOpts(srcs, &keyLinkSpec)
		if a.Info || a.Has("s", "symbolic") {
			return hs
		}
		srcs = a.Operands
		if _, ok := a.Arg("t", "target-directory"); !ok && len(srcs) > 1 {
			srcs = srcs[:len(srcs)-1]
		}
	} else if len(srcs) > 1 {
		srcs = srcs[:1]
	}
	return keyLinkSrcs(c, hs, srcs, false)
}

// keyLinkSrcs adds destroy_key for hard links made of the existing keys
// srcs name (tree: of those in the directories they name, cp -rl).
func keyLinkSrcs(c *Command, hs []fsNamedHit, srcs []Word, tree bool) []fsNamedHit {
	for _, w := range srcs {
		if abs, what := keyNamed(c, w, tree); what != "" && what != whatGnuPGKeys {
			return fsAdd(hs, RuleDestroyKey, c.Name()+" makes a hard link of "+fileShowHome(abs, c)+", "+what+
				" that exists: a write through the new name, which no rule knows as the key's, spoils the key")
		}
	}
	return hs
}
