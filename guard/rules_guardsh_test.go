package guard

import (
	"testing"

	"guardsh/guard/internal/rules"
)

// TestGuardshWrapper: the code guardsh -c runs is classified as itself,
// and a guardsh started with an approval of its own is high.
func TestGuardshWrapper(t *testing.T) {
	g, err := New()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		line string
		want Level
		rule string
	}{
		{"guardsh -c 'git status'", Safe, ""},
		{"/usr/local/bin/guardsh --approved safe -c 'git status'", Safe, ""},
		{"guardsh --approved info_leak --cwd-fd 3 -c 'cd src && ls'", Safe, ""},
		{"guardsh -c 'rm -rf /'", Blocked, "rm_rf_root"},
		{"guardsh -l -c 'rm -rf ./build'", High, "rm_rf"},
		{"guardsh --config /tmp/c.toml -c 'git push --force'", Medium, "git_push_force"},
		{"guardsh --approved high -c 'ls'", High, rules.RuleGuardshApprove},
		{"guardsh --approved=medium -c 'ls'", High, rules.RuleGuardshApprove},
		{"guardsh --approved nonsense -c 'ls'", High, rules.RuleGuardshApprove},
		{"guardsh -y -c 'ls'", High, rules.RuleGuardshApprove},
		{"guardsh --yes -c 'ls'", High, rules.RuleGuardshApprove},
		{"guardsh -ly -c 'ls'", High, rules.RuleGuardshApprove},
		{"guardsh $1 -c 'ls'", High, rules.RuleGuardshApprove},
		{"cat x | guardsh", High, "pipe_to_shell"},
		{"echo ls | guardsh -s", High, "pipe_to_shell"}, // as `echo ls | bash -s`
		{"guardsh --uninstall-hook claude-code", High, rules.RuleGuardshApprove},
		{"guardsh --install-hook codex --hook-allow high", High, rules.RuleGuardshApprove},
		{"echo 'rm -rf /' | guardsh", Blocked, "rm_rf_root"},
		// Modes that run nothing.
		{"guardsh --check 'rm -rf /'", Safe, ""},
		{"guardsh --check -y 'rm -rf /'", Safe, ""},
		{"guardsh --dry-run -c 'rm -rf /'", Safe, ""},
		{"guardsh --rules", Safe, ""},
		{"guardsh --doctor", Safe, ""},
		{"guardsh --log --since 1h --level high", Safe, ""},
		{"guardsh --hook claude-code", Safe, ""},
		{"echo guardsh -y", Safe, ""},
	}
	for _, tt := range tests {
		v := g.Classify(tt.line, State{Dir: "/home/u", Var: MapVars(map[string]string{"HOME": "/home/u"})})
		if v.Level != tt.want {
			t.Errorf("%q: %v %v, want %v", tt.line, v.Level, v.Findings, tt.want)
			continue
		}
		if tt.rule != "" {
			found := false
			for _, f := range v.Findings {
				found = found || f.Rule == tt.rule
			}
			if !found {
				t.Errorf("%q: %v, want %s", tt.line, v.Findings, tt.rule)
			}
		}
	}
	// At run time the argv is checked the same way.
	if v := g.CheckArgv([]string{"guardsh", "--approved", "high", "-c", "ls"}, State{}); v.Level != High {
		t.Errorf("run time: %v", v.Findings)
	}
}
