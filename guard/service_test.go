package guard

import (
	"testing"

	"guardsh/guard/internal/rules"
)

func TestServiceCheckCommand(t *testing.T) {
	extra := []Pattern{
		MustPattern("deploy_prod", `deploy\s+--prod`, High, "deploys to production"),
		MustPattern("restart", `restart-app`, Medium, "restarts the app"),
		MustPattern("shout", `LOUD`, InfoLeak, "shouts"),
	}
	var asked []string
	decide := func(w Warning) bool {
		asked = append(asked, w.Rule())
		return w.Level <= InfoLeak
	}
	s, err := NewService(High, extra, decide)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		cmd     string
		allowed bool
		rule    string
		asked   bool
	}{
		{"ls", true, "", false},
		{"deploy --prod", false, "deploy_prod", false},
		{"restart-app", false, "restart", true},
		{"echo LOUD", true, "shout", true},
		{"echo LOUD; deploy --prod", false, "deploy_prod", false},
		{"echo 'unclosed", false, rules.RuleParseError, false},
	}
	for _, tt := range tests {
		asked = nil
		ok, w := s.CheckCommand(tt.cmd)
		if ok != tt.allowed {
			t.Errorf("CheckCommand(%q) allowed = %v, want %v", tt.cmd, ok, tt.allowed)
		}
		if (w == nil) != (tt.rule == "") || w != nil && w.Rule() != tt.rule {
			t.Errorf("CheckCommand(%q) warning = %v, want rule %q", tt.cmd, w, tt.rule)
		}
		if (len(asked) > 0) != tt.asked {
			t.Errorf("CheckCommand(%q) asked the decision: %v", tt.cmd, asked)
		}
		if s.IsSafe(tt.cmd) != (tt.rule == "") {
			t.Errorf("IsSafe(%q) = %v", tt.cmd, s.IsSafe(tt.cmd))
		}
	}
}

func TestServiceWithoutDecision(t *testing.T) {
	s, err := NewService(Medium, []Pattern{MustPattern("leak", "show-secret", InfoLeak, "shows a secret"),
		MustPattern("restart", "restart-app", Medium, "restarts")}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if ok, w := s.CheckCommand("show-secret"); !ok || w == nil || w.Level != InfoLeak {
		t.Errorf("below the block level: %v %v", ok, w)
	}
	if ok, _ := s.CheckCommand("restart-app"); ok {
		t.Error("at the block level: allowed")
	}
	if s.BlockLevel() != Medium || s.Detector().Guard().BlockLevel() != Medium {
		t.Error("block level not passed on")
	}
}

func TestNewServiceErrors(t *testing.T) {
	if _, err := NewService(Level(9), nil, nil); err == nil {
		t.Error("invalid block level: no error")
	}
	if _, err := NewService(High, []Pattern{{Name: "x", Regex: "("}}, nil); err == nil {
		t.Error("bad extra pattern: no error")
	}
	if _, err := NewService(High, nil, nil, WithDisabled("nope")); err == nil {
		t.Error("bad option: no error")
	}
}
