package config

import (
	"slices"
	"strings"
	"testing"

	"guardsh/guard"
)

// A locked policy: a user's config may add and raise, never disable, lower
// or loosen.
func TestMergeLocked(t *testing.T) {
	for _, tc := range []struct {
		name     string
		policy   string
		user     string
		conflict string // "" for none
		check    func(m guard.Config) bool
	}{
		{"disable under lock", "lock = true", `disable = ["rm_rf"]`, `disable = ["rm_rf"] is ignored: the policy is locked`,
			func(m guard.Config) bool { return !slices.Contains(m.Disable, "rm_rf") }},
		{"disable without lock", "", `disable = ["rm_rf"]`, "",
			func(m guard.Config) bool { return slices.Contains(m.Disable, "rm_rf") }},
		{"lower under lock", "lock = true", "[levels]\nchmod = \"safe\"", `[levels] chmod = "safe" is ignored: the policy is locked`,
			func(m guard.Config) bool { _, ok := m.Levels["chmod"]; return !ok }},
		{"lower without lock", "", "[levels]\nchmod = \"safe\"", "",
			func(m guard.Config) bool { return m.Levels["chmod"] == guard.Safe }},
		{"raise under lock", "lock = true", "[levels]\nchmod = \"high\"", "",
			func(m guard.Config) bool { return m.Levels["chmod"] == guard.High }},
		{"looser block level under lock", "lock = true\nblock_level = \"high\"", `block_level = "blocked"`, `block_level = "blocked" is ignored`,
			func(m guard.Config) bool { return *m.BlockLevel == guard.High }},
		{"stricter block level under lock", "lock = true\nblock_level = \"high\"", `block_level = "medium"`, "",
			func(m guard.Config) bool { return *m.BlockLevel == guard.Medium }},
		{"own pattern under lock", "lock = true", "[[pattern]]\nname = \"mine\"\npattern = \"x\"\nlevel = \"high\"\n[levels]\nmine = \"medium\"", "",
			func(m guard.Config) bool { return len(m.Patterns) == 1 && m.Levels["mine"] == guard.Medium }},
		{"trusted eval under lock", "lock = true", `trusted_eval = ["direnv hook"]`, `trusted_eval is ignored: the policy is locked`,
			func(m guard.Config) bool { return len(m.TrustedEval) == 0 }},
		{"trusted eval without lock", "", `trusted_eval = ["direnv hook"]`, "",
			func(m guard.Config) bool { return slices.Equal(m.TrustedEval, []string{"direnv hook"}) }},
		{"lock is kept", "lock = true", "", "", func(m guard.Config) bool { return m.Lock }},
		{"too_long disabled by a user", "", `disable = ["too_long"]`, `disable = ["too_long"] is ignored: too_long says what guardsh could not check`,
			func(m guard.Config) bool { return !slices.Contains(m.Disable, "too_long") }},
		{"too_long lowered by a user", "", "[levels]\ntoo_long = \"safe\"", `[levels] too_long = "safe" is ignored: too_long says what guardsh could not check`,
			func(m guard.Config) bool { _, ok := m.Levels["too_long"]; return !ok }},
		{"too_long raised by a user", "", "[levels]\ntoo_long = \"blocked\"", "",
			func(m guard.Config) bool { return m.Levels["too_long"] == guard.Blocked }},
		{"audit required by the policy", `audit = "required"`, `audit = "optional"`, `audit = "optional" is ignored`,
			func(m guard.Config) bool { return m.Audit == "required" }},
		{"audit required by the user", `audit = "optional"`, `audit = "required"`, "",
			func(m guard.Config) bool { return m.Audit == "required" }},
		{"audit unset", "", "", "", func(m guard.Config) bool { return m.Audit == "" }},
		{"executor bash by the user", "", `executor = "bash"`, "", func(m guard.Config) bool { return m.Executor == "bash" }},
		{"executor bash by the policy", `executor = "bash"`, `executor = "interpreter"`, `executor = "interpreter" is ignored`,
			func(m guard.Config) bool { return m.Executor == "bash" }},
		{"executor default of the policy", `executor = "interpreter"`, `executor = "bash"`, "",
			func(m guard.Config) bool { return m.Executor == "bash" }},
		{"supervise required by the policy", `supervise = "required"`, "", "", func(m guard.Config) bool { return m.Supervise == "required" }},
		{"supervise set by the user", "", `supervise = "required"`, `only the policy sets it`, func(m guard.Config) bool { return m.Supervise == "" }},
		{"too_long disabled by the policy", `disable = ["too_long"]`, "", "",
			func(m guard.Config) bool { return slices.Contains(m.Disable, "too_long") }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			policy := mustParse(t, tc.policy, "policy.toml")
			user := mustParse(t, tc.user, "c.toml", policy.PatternNames()...)
			m, conflicts := Merge(policy, user)
			switch {
			case tc.conflict == "" && len(conflicts) > 0:
				t.Errorf("conflicts %q, want none", conflicts)
			case tc.conflict != "" && (len(conflicts) != 1 || !strings.Contains(conflicts[0], tc.conflict)):
				t.Errorf("conflicts %q, want %q", conflicts, tc.conflict)
			}
			if !tc.check(m) {
				t.Errorf("merged %v", m)
			}
			if _, err := guard.New(m.Options()...); err != nil {
				t.Errorf("merged options: %v", err)
			}
		})
	}
}

func TestParseExecutor(t *testing.T) {
	c := mustParse(t, "executor = \"bash\"\nsupervise = \"required\"\n", "p.toml")
	if c.Executor != "bash" || c.Supervise != "required" {
		t.Errorf("parsed %v", c)
	}
	if _, err := Parse([]byte(`executor = "zsh"`), "p.toml"); err == nil || !strings.Contains(err.Error(), `p.toml:1: executor: unknown value "zsh"; use "interpreter" or "bash"`) {
		t.Errorf("bad executor: %v", err)
	}
	if _, err := Parse([]byte(`supervise = "yes"`), "p.toml"); err == nil || !strings.Contains(err.Error(), `supervise: unknown value "yes"`) {
		t.Errorf("bad supervise: %v", err)
	}
}

func TestParseAuditLock(t *testing.T) {
	c := mustParse(t, "audit = \"required\"\nlock = true\n", "p.toml")
	if c.Audit != "required" || !c.Lock {
		t.Errorf("%v", c)
	}
	if _, err := Parse([]byte(`audit = "maybe"`), "p.toml"); err == nil || !strings.Contains(err.Error(), `p.toml:1: audit: unknown value "maybe"; use "required" or "optional"`) {
		t.Errorf("bad audit: %v", err)
	}
	if _, err := Parse([]byte(`lock = "yes"`), "p.toml"); err == nil {
		t.Error("lock = \"yes\" parsed")
	}
}
