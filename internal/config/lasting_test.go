package config

import (
	"testing"

	"guardsh/guard"
)

func TestAllowLastingAnswers(t *testing.T) {
	parse := func(src string) guard.Config {
		t.Helper()
		c, err := Parse([]byte(src), "f.toml")
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	state := func(c guard.Config) string {
		switch {
		case c.AllowLastingAnswers == nil:
			return "unset"
		case *c.AllowLastingAnswers:
			return "true"
		}
		return "false"
	}
	tests := []struct {
		policy, user, want string
		conflict           bool
	}{
		{"", "", "unset", false},
		{"", "allow_lasting_answers = false", "false", false},
		{"", "allow_lasting_answers = true", "true", false},
		{"allow_lasting_answers = false", "", "false", false},
		{"allow_lasting_answers = false", "allow_lasting_answers = true", "false", true},
		{"allow_lasting_answers = false", "allow_lasting_answers = false", "false", false},
		{"allow_lasting_answers = true", "allow_lasting_answers = false", "false", false},
	}
	for _, tt := range tests {
		m, conflicts := Merge(parse(tt.policy), parse(tt.user))
		if got := state(m); got != tt.want || (len(conflicts) > 0) != tt.conflict {
			t.Errorf("policy %q user %q: %s %q, want %s (conflict %v)", tt.policy, tt.user, got, conflicts, tt.want, tt.conflict)
		}
		back := parse(string(Encode(m)))
		if state(back) != state(m) {
			t.Errorf("Encode lost allow_lasting_answers: %s", Encode(m))
		}
	}
	if _, err := Parse([]byte(`allow_lasting_answers = "no"`), "f.toml"); err == nil {
		t.Error("a string was taken for allow_lasting_answers")
	}
}
