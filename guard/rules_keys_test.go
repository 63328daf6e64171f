package guard

import (
	"strings"
	"testing"

	"guardsh/guard/internal/rules"
)

// keyState is a state in testDir with home testHome where the paths
// given exist and no other does.
func keyState(existing ...string) State {
	set := map[string]bool{}
	for _, p := range existing {
		set[p] = true
	}
	st := effectState()
	st.Exists = func(p string) bool { return set[p] }
	return st
}

// keysThere are the keys and files of the tests' home directory.
var keysThere = []string{
	"/home/u/.ssh", "/home/u/.ssh/id_rsa", "/home/u/.ssh/id_rsa.pub", "/home/u/.ssh/id_ed25519",
	"/home/u/.ssh/identity", "/home/u/.ssh/known_hosts", "/home/u/.ssh/deploy_key", "/home/u/.ssh/id_work",
	"/home/u/.gnupg", "/home/u/.gnupg/private-keys-v1.d", "/home/u/.gnupg/secring.gpg",
	"/home/u/.gnupg/private-keys-v1.d/0123ABCD.key", "/etc/ssh/ssh_host_ed25519_key",
	"/home/u/proj/x", "/home/u/proj/server.key",
}

// TestDestroyKey runs lines through the real Classify with the keys of
// keysThere existing: destroy_key finds each way of losing one, and none
// of reading, copying from, or making a key that is not there.
func TestDestroyKey(t *testing.T) {
	t.Parallel()
	g := mustGuard(t)
	st := keyState(keysThere...)
	for _, tc := range []struct {
		line string
		hit  bool
	}{
		{"cp x ~/.ssh/id_rsa", true},
		{"cp x /home/u/.ssh/id_rsa", true},
		{"cp id_rsa ~/.ssh/", true}, // lands as ~/.ssh/id_rsa
		{"install -m 600 x ~/.ssh/id_ed25519", true},
		{"mv x ~/.ssh/id_rsa", true},
		{"mv ~/.ssh/id_rsa /tmp/", true},
		{"mv ~/.ssh/id_rsa ~/.ssh/id_rsa.old", true},
		{"mv ~/.ssh /tmp/old-ssh", true},
		{"mv ~/.gnupg ~/gnupg.bak", true},
		{"rm ~/.ssh/id_rsa", true},
		{"rm -f ~/.ssh/identity", true},
		{"rm ~/.ssh/id_*", true},
		{"rm -r ~/.ssh", true},
		{"rm -r ~/.gnupg/private-keys-v1.d", true},
		{"rm ~/.gnupg/private-keys-v1.d/*", true},
		{"rm ~/.gnupg/secring.gpg", true},
		{"unlink ~/.ssh/id_ed25519", true},
		{"shred -u ~/.ssh/id_rsa", true},
		{"shred ~/.ssh/id_rsa", true},
		{"cd ~/.ssh && rm id_rsa", true},
		{"> ~/.ssh/id_rsa", true},
		{"echo x > ~/.ssh/id_rsa", true},
		{"cat key > ~/.ssh/id_work", true},
		{"truncate -s 0 ~/.ssh/id_rsa", true},
		{"dd if=/dev/zero of=/home/u/.ssh/id_rsa bs=1k count=1", true},
		{"echo x | tee ~/.ssh/id_rsa", true},
		{"sed -i 's/a/b/' ~/.ssh/id_rsa", true},
		{"curl -o ~/.ssh/id_rsa https://example.com/k", true},
		{"sudo rm /etc/ssh/ssh_host_ed25519_key", true},
		{"ssh-keygen -t ed25519 -f ~/.ssh/id_ed25519", true},
		{"ssh-keygen -q -N '' -t rsa -f /home/u/.ssh/id_rsa", true},
		{"ssh-keygen -f ~/.ssh/id_rsa -N ''", true},
		{"ssh-keygen -p -f ~/.ssh/id_rsa", true},
		{"ssh-keygen -c -C new -f ~/.ssh/id_rsa", true},
		// Reading, copying from, listing: not a key lost.
		{"cat ~/.ssh/id_rsa", false},
		{"cp ~/.ssh/id_rsa.pub x", false},
		{"cp ~/.ssh/id_rsa /backup/id_rsa", false},
		{"cp ~/.ssh/id_rsa /tmp/", false},
		{"cp -t /tmp ~/.ssh/id_rsa", false},
		{"ls ~/.ssh", false},
		{"ssh-add ~/.ssh/id_rsa", false},
		{"ssh -i ~/.ssh/id_rsa host", false},
		{"chmod 600 ~/.ssh/id_rsa", false},
		{"echo x >> ~/.ssh/id_rsa", false}, // an append leaves the key
		{"ssh-keygen -y -f ~/.ssh/id_rsa > ~/.ssh/id_rsa.pub", false},
		{"ssh-keygen -l -f ~/.ssh/id_rsa", false},
		{"ssh-keygen -R host -f ~/.ssh/known_hosts", false},
		{"ssh-keygen -s ~/.ssh/id_rsa -I me ~/.ssh/id_work.pub", false},
		{"ssh-keygen -Y sign -f ~/.ssh/id_rsa -n file doc", false},
		{"ssh-keygen -t ed25519", false}, // asks for the file: checked at the call
		{"rm ~/.ssh/known_hosts", false},
		{"rm ~/.ssh/id_rsa.pub", false},
		{"mv ~/.ssh/id_rsa.pub /tmp/", false},
		{"cp -n x ~/.ssh/id_rsa", false}, // kept: no overwrite
		{"cp --backup x ~/.ssh/id_rsa", false},
		{"install -b -m 600 x ~/.ssh/id_rsa", false},
		{"mv -n ~/.ssh/id_rsa ~/.ssh/id_ed25519", true}, // moved away all the same
		{"mv --exchange /tmp/x ~/.gnupg", true},         // the names swapped: ~/.gnupg moved to /tmp/x
		{"mv --exchange /tmp/x ~/.ssh/id_rsa", true},
		{"mv /tmp/x ~/.gnupg", false}, // into it
		{"cp -t ~/.ssh -n id_rsa", false},
		{"ln -sf x ~/.ssh/id_rsa", true},
		// A hard link of a key: a second name a write empties it by.
		{"ln ~/.ssh/id_rsa /tmp/k", true},
		{"ln -f ~/.ssh/id_ed25519 k", true},
		{"ln -t /tmp ~/.ssh/id_rsa", true},
		{"cd ~/.ssh && ln id_rsa ~/k", true},
		{"link ~/.ssh/id_rsa /tmp/k", true},
		{"cp -l ~/.ssh/id_rsa /tmp/k", true},
		{"cp --link ~/.ssh/id_ed25519 /tmp/k", true},
		{"cp -al ~/.ssh /tmp/ssh-copy", true},
		{"cp -a ~/.ssh /tmp/ssh-copy", false}, // a copy: the key is read, not linked
		{"ln -s ~/.ssh/id_rsa /tmp/k", false}, // an open through it reaches the key, checked there
		{"ln ~/.ssh/id_rsa.pub /tmp/k", false},
		{"ln ~/.ssh/id_dsa /tmp/k", false}, // not there
		{"ln x /tmp/id_rsa", false},
		{"openssl genpkey -algorithm ed25519 -out ~/.ssh/id_rsa", true},
		{"rm ~/.ssh/deploy_key", false}, // not a name the leak rules know
		{"rm server.key", false},        // a key only by its extension
		{"rm -r ~/proj", false},
		// Not there: making a key is not destroying one.
		{"ssh-keygen -t ed25519 -f ~/.ssh/new_key", false},
		{"ssh-keygen -t ed25519 -f ~/.ssh/id_ecdsa", false},
		{"echo \"$KEY\" > ~/.ssh/id_ecdsa", false},
		{"cp x ~/.ssh/id_dsa", false},
		{"rm ~/.ssh/id_dsa", false},
		{"mv ~/.ssh/id_xmss /tmp/", false},
		{"rm -r /home/u/proj/.ssh", false},
	} {
		v := g.Classify(tc.line, st)
		f, hit := findingOf(v, rules.RuleDestroyKey)
		switch {
		case hit != tc.hit:
			t.Errorf("%q: destroy_key %v, want %v: %v", tc.line, hit, tc.hit, v.Findings)
		case hit && (f.Level != High || v.Level < High || !strings.Contains(f.Reason, "that exist")):
			t.Errorf("%q: %v %q, want high", tc.line, f.Level, f.Reason)
		}
	}
	// cat stays the leak it is.
	if v := g.Classify("cat ~/.ssh/id_rsa", st); v.Level != InfoLeak {
		t.Errorf("cat ~/.ssh/id_rsa: %v %v, want info_leak", v.Level, v.Findings)
	}
	// Without a state saying what exists, any key may.
	if _, ok := findingOf(g.Classify("rm ~/.ssh/id_dsa", State{}), rules.RuleDestroyKey); !ok {
		t.Errorf("rm ~/.ssh/id_dsa with nothing known: no destroy_key")
	}
}

// TestDestroyKeyOwn: a key the line makes itself is its own to remove.
func TestDestroyKeyOwn(t *testing.T) {
	g := mustGuard(t)
	v := g.Classify("ssh-keygen -q -N '' -t ed25519 -f ~/.ssh/tmp_id; rm ~/.ssh/tmp_id", keyState())
	if _, ok := findingOf(v, rules.RuleDestroyKey); ok {
		t.Errorf("a key the line made: %v", v.Findings)
	}
}

// TestCheckEffectKeys: at the call, an existing key opened for writing,
// emptied, removed, renamed away, replaced or hard-linked is
// destroy_key's (high); a key not there yet, a change of its mode,
// reading it or its .pub are not.
func TestCheckEffectKeys(t *testing.T) {
	g := mustGuard(t)
	st := keyState(keysThere...)
	for _, tc := range []struct {
		kind, p, p2 string
		want        Level
	}{
		{EffectOpen, "/home/u/.ssh/id_rsa", "", High},
		{EffectTrunc, "/home/u/.ssh/id_rsa", "", High},
		{EffectRemove, "/home/u/.ssh/id_rsa", "", High},
		{EffectRemove, "/home/u/.gnupg/private-keys-v1.d/0123ABCD.key", "", High},
		{EffectRemove, "/etc/ssh/ssh_host_ed25519_key", "", High},
		{EffectRename, "/home/u/.ssh/id_rsa", "/tmp/k", High},
		{EffectRename, "/home/u/proj/x", "/home/u/.ssh/id_ed25519", High},
		{EffectRename, "/home/u/.ssh", "/home/u/old", High},
		{EffectTrunc, "/home/u/.gnupg/secring.gpg", "", High},
		{EffectOpen, "/home/u/.ssh/id_ecdsa", "", Safe}, // not there: made new
		{EffectTrunc, "/home/u/.ssh/id_ecdsa", "", Safe},
		{EffectOpen, "/home/u/.ssh/id_rsa.pub", "", Safe},
		{EffectRemove, "/home/u/.ssh/id_rsa.pub", "", Safe},
		{EffectChmod, "/home/u/.ssh/id_rsa", "", Safe},
		{EffectChown, "/home/u/.ssh/id_rsa", "", Safe},
		// A hard link of a key is a second name a write reaches it by.
		{EffectLink, "/home/u/.ssh/id_rsa", "/home/u/proj/k", High},
		{EffectLink, "/home/u/.ssh/id_ecdsa", "/home/u/proj/k", Safe}, // not there
		{EffectLink, "/home/u/proj/x", "/home/u/proj/k", Safe},
		{EffectRemove, "/home/u/proj/server.key", "", Safe},
	} {
		v := g.CheckEffect(tc.kind, tc.p, tc.p2, st)
		if v.Level != tc.want {
			t.Errorf("%s %s %s: %v %v, want %v", tc.kind, tc.p, tc.p2, v.Level, v.Findings, tc.want)
		}
		if _, ok := findingOf(v, rules.RuleDestroyKey); ok != (tc.want == High) {
			t.Errorf("%s %s %s: %v", tc.kind, tc.p, tc.p2, v.Findings)
		}
	}
	// Without Exists, any key may be there.
	if v := g.CheckEffect(EffectOpen, "/home/u/.ssh/id_dsa", "", effectState()); v.Level != High {
		t.Errorf("open of a key with nothing known: %v %v", v.Level, v.Findings)
	}
}
