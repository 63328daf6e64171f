package guard

import (
	"strings"
	"testing"

	"guardsh/guard/internal/rules"
)

// selfCmd builds a command from space-separated literal words; a word
// ending in "*" is a glob. ">F" and ">>F" become write redirects.
func selfCmd(s string) *Command {
	c := &Command{Dir: "/home/u/work", Home: "/home/u", Protected: []string{
		"/home/u/.config/guardsh/config.toml",
		"/etc/guardsh/policy.toml",
		"/home/u/.local/state/guardsh/history",
		"/home/u/.local/state/guardsh/audit.jsonl",
		"/usr/local/bin/guardsh",
	}}
	for _, f := range strings.Fields(s) {
		switch {
		case strings.HasPrefix(f, ">>"):
			c.Redirects = append(c.Redirects, Redirect{Op: ">>", Target: Lit(f[2:]), Write: true})
		case strings.HasPrefix(f, ">"):
			c.Redirects = append(c.Redirects, Redirect{Op: ">", Target: Lit(f[1:]), Write: true, Truncate: true})
		case strings.HasPrefix(f, "<"):
			c.Redirects = append(c.Redirects, Redirect{Op: "<", Target: Lit(f[1:])})
		default:
			w := Lit(f)
			w.Glob = strings.ContainsAny(f, "*?[")
			c.Args = append(c.Args, w)
		}
	}
	return c
}

func TestCheckSelf(t *testing.T) {
	tests := []struct {
		line string
		hit  bool
	}{
		// Writes of a protected file.
		{"echo x >/home/u/.config/guardsh/config.toml", true},
		{"echo x >~/.config/guardsh/config.toml", true},
		{"echo x >>/home/u/.local/state/guardsh/history", true},
		{"cat >/etc/guardsh/policy.toml", true},
		{"echo x >../.config/guardsh/config.toml", true},
		{"echo x >/etc/guardsh/../guardsh/policy.toml", true},
		{"tee /home/u/.local/state/guardsh/audit.jsonl", true},
		{"tee -a /home/u/.local/state/guardsh/audit.jsonl", true},
		{"cp evil.toml /home/u/.config/guardsh/config.toml", true},
		{"cp config.toml /home/u/.config/guardsh/", true},
		{"cp -t /home/u/.config/guardsh config.toml", true},
		{"mv /tmp/x /usr/local/bin/guardsh", true},
		{"mv /home/u/.config/guardsh /tmp/old", true},
		{"mv /home/u/.config/guardsh/config.toml /tmp", true},
		{"install -m 755 /tmp/sh /usr/local/bin/guardsh", true},
		{"ln -sf /dev/null /home/u/.local/state/guardsh/history", true},
		{"rm /home/u/.config/guardsh/config.toml", true},
		{"rm -f ~/.config/guardsh/config.toml", true},
		{"rm -rf /home/u/.config/guardsh", true},
		{"rm -r /home/u/.local/state", true},
		{"rm /home/u/.config/guardsh/*", true},
		{"rm -rf /home/u/.config/*", true},
		{"rmdir /home/u/.config/guardsh", true},
		{"unlink /etc/guardsh/policy.toml", true},
		{"truncate -s 0 /home/u/.local/state/guardsh/history", true},
		{"shred -u /home/u/.local/state/guardsh/audit.jsonl", true},
		{"sed -i s/high/safe/ /etc/guardsh/policy.toml", true},
		{"sed --in-place=.bak s/x/y/ /home/u/.config/guardsh/config.toml", true},
		{"sed -n w/etc/guardsh/policy.toml f", true},
		{"sed s/a/b/w/home/u/.config/guardsh/config.toml f", true},
		{"perl -pi -e s/x/y/ /home/u/.config/guardsh/config.toml", true},
		{"dd if=/dev/zero of=/usr/local/bin/guardsh", true},
		{"chmod 777 /etc/guardsh/policy.toml", true},
		{"chmod -R 777 /etc/guardsh", true},
		{"chown -R nobody /home/u/.config", true},
		{"touch /etc/guardsh/policy.toml", true},
		// Anything written into guardsh's own directories (the policy
		// directory's mode is item 13's attack).
		{"cp other.toml /home/u/.config/guardsh/", true},
		{"chmod 755 /etc/guardsh", true},
		{"echo x >/home/u/.config/guardsh/config.toml.new", true},
		{"chsh", true},
		{"chsh -s /bin/bash", true},
		{"chsh -l", false},
		{"chsh --list-shells", false},
		{"usermod -s /bin/bash u", true},
		{"usermod --shell=/bin/bash u", true},

		// Reads, and writes elsewhere.
		{"cat /home/u/.config/guardsh/config.toml", false},
		{"cat </etc/guardsh/policy.toml", false},
		{"sed s/x/y/ /etc/guardsh/policy.toml", false},
		{"sed r/etc/guardsh/policy.toml f", false},
		{"cp /home/u/.config/guardsh/config.toml /tmp/backup.toml", false},
		{"cp foo /usr/local/bin/", false},
		{"rm /home/u/.config/other.toml", false},
		{"rm /home/u/.config", false},
		{"tee /tmp/log", false},
		{"dd if=/usr/local/bin/guardsh of=/tmp/copy", false},
		{"usermod -aG docker u", false},
		{"ls -la /home/u/.config/guardsh", false},
		{"grep -i rm /home/u/.local/state/guardsh/history", false},
	}
	g := mustGuard(t, WithProtected(selfCmd("").Protected...))
	st := testState()
	st.Dir = "/home/u/work"
	for _, tt := range tests {
		got := rules.CheckSelf(selfCmd(tt.line))
		if (len(got) > 0) != tt.hit {
			t.Errorf("%q: hits %v, want hit=%v", tt.line, got, tt.hit)
		}
		// The same row through the real Classify.
		if v := g.Classify(tt.line, st); verdictHas(v, rules.RuleSelf) != tt.hit {
			t.Errorf("Classify(%q): %v, want guardsh_self=%v", tt.line, v.Findings, tt.hit)
		}
	}
}

func TestSelfRuleListed(t *testing.T) {
	g, err := New()
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range g.Rules() {
		if r.Name == rules.RuleSelf {
			if r.Level != High || r.Origin != "built-in" {
				t.Errorf("rule %+v", r)
			}
			return
		}
	}
	t.Fatalf("rule %s not listed", rules.RuleSelf)
}

func TestCheckSelfUnknownDir(t *testing.T) {
	c := selfCmd("rm config.toml")
	c.Dir = ""
	if got := rules.CheckSelf(c); len(got) != 0 {
		t.Errorf("relative path with unknown dir: %v", got)
	}
	c = selfCmd("rm ../.config/guardsh/config.toml")
	if got := rules.CheckSelf(c); len(got) != 1 {
		t.Errorf("relative path: %v", got)
	}
	if !strings.Contains(rules.CheckSelf(c)[0].Reason, "/home/u/.config/guardsh/config.toml") {
		t.Errorf("reason does not name the file: %q", rules.CheckSelf(c)[0].Reason)
	}
}
