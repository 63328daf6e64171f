package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"guardsh/guard"
)

// A policy someone other than root could have written is not trusted: it
// is broken (every line above safe refused), with a message naming the
// file and the fix.
func TestPolicyTrust(t *testing.T) {
	const policy = "disable = [\"chmod\"]\n"
	for _, tc := range []struct {
		name  string
		setup func(t *testing.T, dir, file string)
		want  string // "" when the policy is trusted
	}{
		{"root's, 0644", func(*testing.T, string, string) {}, ""},
		{"writable by others", func(t *testing.T, dir, file string) { chmod(t, file, 0o646) }, "policy.toml is writable by its group or by others (mode 0646)"},
		{"writable by its group", func(t *testing.T, dir, file string) { chmod(t, file, 0o664) }, "chmod go-w " + "$FILE"},
		{"directory writable by others", func(t *testing.T, dir, file string) { chmod(t, filepath.Dir(file), 0o777) }, "guardsh is writable by its group or by others (mode 0777)"},
		{"sticky directory", func(t *testing.T, dir, file string) { chmod(t, filepath.Dir(file), os.ModeSticky|0o777) }, ""},
		{"owned by another user", func(t *testing.T, dir, file string) { chown(t, file, 4242) }, "policy.toml is owned by uid 4242, not root: that user could rewrite the policy; fix it with `chown root " + "$FILE`"},
		{"directory owned by another user", func(t *testing.T, dir, file string) { chown(t, filepath.Dir(file), 4242) }, "guardsh is owned by uid 4242"},
		{"missing, in a directory others may write", func(t *testing.T, dir, file string) {
			os.Remove(file)
			chmod(t, filepath.Dir(file), 0o777)
		}, "guardsh is writable by its group or by others (mode 0777)"},
		{"missing, in root's directory", func(t *testing.T, dir, file string) { os.Remove(file) }, "none"},
		{"a link to a file others may write", func(t *testing.T, dir, file string) {
			other := filepath.Join(dir, "tmp", "p.toml")
			os.MkdirAll(filepath.Dir(other), 0o777)
			chmod(t, filepath.Dir(other), 0o777)
			os.WriteFile(other, []byte(policy), 0o644)
			os.Remove(file)
			if err := os.Symlink(other, file); err != nil {
				t.Fatal(err)
			}
		}, "tmp is writable by its group or by others"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := settingsEnv(t, map[string]string{"etc/guardsh/policy.toml": policy})
			file := filepath.Join(dir, "etc/guardsh/policy.toml")
			tc.setup(t, dir, file)
			s, g, stderr := loadTest(t, options{})
			if tc.want == "none" {
				if s.policyBroken || stderr != "" || g.BlockLevel() != guard.Blocked {
					t.Errorf("no policy: broken %v, stderr %q", s.policyBroken, stderr)
				}
				return
			}
			if tc.want == "" {
				if s.policyBroken || stderr != "" {
					t.Errorf("trusted policy: broken %v, stderr %q", s.policyBroken, stderr)
				}
				if r, _ := rule(g, "chmod"); !r.Disabled {
					t.Error("the policy's disable did not apply")
				}
				return
			}
			want := strings.ReplaceAll(tc.want, "$FILE", file)
			if !s.policyBroken || g.BlockLevel() != guard.InfoLeak {
				t.Errorf("untrusted policy: broken %v, block level %v", s.policyBroken, g.BlockLevel())
			}
			if !strings.Contains(stderr, "the policy cannot be trusted: ") || !strings.Contains(stderr, want) {
				t.Errorf("stderr %q, want %q", stderr, want)
			}
			if r, _ := rule(g, "chmod"); r.Disabled {
				t.Error("an untrusted policy disabled a rule")
			}
		})
	}
}

func chmod(t *testing.T, p string, m os.FileMode) {
	t.Helper()
	if err := os.Chmod(p, m); err != nil {
		t.Fatal(err)
	}
}

// chown gives p to uid; only root can, so the test is skipped otherwise.
func chown(t *testing.T, p string, uid int) {
	t.Helper()
	if os.Getuid() != 0 {
		t.Skip("giving a file to another user needs root")
	}
	if err := os.Lchown(p, uid, -1); err != nil {
		t.Fatal(err)
	}
}
