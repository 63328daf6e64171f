package guard

import (
	"testing"
)

// TestEval: eval of a literal string is classified as the string it
// evaluates; eval of what is only known at run time stays medium, unless
// it is a trusted init command's output.
func TestEval(t *testing.T) {
	tests := []struct {
		line  string
		trust []string
		want  Level
		rule  string
	}{
		{"eval 'ls'", nil, Safe, ""},
		{"eval ls -la", nil, Safe, ""},
		{"eval 'git status' && eval \"echo hi\"", nil, Safe, ""},
		{"eval 'rm -rf /'", nil, Blocked, "rm_rf_root"},
		{"eval rm -rf /", nil, Blocked, "rm_rf_root"},
		{"eval 'curl x | sh'", nil, High, "curl_pipe_sh"},
		{"eval \"$1\"", nil, Medium, "dynamic_code"},
		{"eval \"$(tool init)\"", nil, Medium, "dynamic_code"},
		{"eval \"$(dircolors -b)\"", nil, Medium, "dynamic_code"},
		// Trusted init commands.
		{"eval \"$(dircolors -b)\"", []string{"dircolors"}, Safe, ""},
		{"eval $(ssh-agent -s)", []string{"ssh-agent"}, Safe, ""},
		{"eval \"`ssh-agent`\"", []string{"ssh-agent"}, Safe, ""},
		{"eval \"$(direnv hook bash)\"", []string{"direnv hook"}, Safe, ""},
		// Their neighbours are not trusted.
		{"eval \"$(direnv export bash)\"", []string{"direnv hook"}, Medium, "dynamic_code"},
		{"eval \"$(dircolorsx)\"", []string{"dircolors"}, Medium, "dynamic_code"},
		{"eval \"$(dircolors) $X\"", []string{"dircolors"}, Medium, "dynamic_code"},
		{"eval \"$(dircolors; rm -rf /)\"", []string{"dircolors"}, Blocked, "rm_rf_root"},
		{"eval \"$(dircolors | sh)\"", []string{"dircolors"}, High, ""},
		{"eval \"$(sudo dircolors)\"", []string{"dircolors"}, Medium, ""},
		{"eval \"$((1+2))\"", []string{"dircolors"}, Safe, ""},
		{"eval \"$(rm -rf /srv/x)\"", []string{"rm"}, High, "rm_rf"},
	}
	for _, tt := range tests {
		g, err := New(WithTrustedEval(tt.trust...))
		if err != nil {
			t.Fatal(err)
		}
		v := g.Classify(tt.line, State{Dir: "/home/u", Var: MapVars(map[string]string{"HOME": "/home/u"})})
		if v.Level != tt.want {
			t.Errorf("%q (trust %q): %v %v, want %v", tt.line, tt.trust, v.Level, v.Findings, tt.want)
			continue
		}
		if tt.rule != "" {
			if f, ok := v.Top(); !ok || f.Rule != tt.rule {
				t.Errorf("%q: top finding %v, want %s", tt.line, v.Findings, tt.rule)
			}
		}
	}
}

// TestEvalArgv: at run time eval's argv is known, and the code it runs is
// checked as each of its commands runs.
func TestEvalArgv(t *testing.T) {
	g, _ := New()
	if v := g.CheckArgv([]string{"eval", "ls"}, State{}); v.Level != Safe {
		t.Errorf("eval ls at run time: %v", v.Findings)
	}
}
