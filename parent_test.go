package main

import (
	"strings"
	"testing"

	"guardsh/guard"
)

func TestParentRoundTrip(t *testing.T) {
	high, medium := guard.High, guard.Medium
	for _, tc := range []struct {
		name     string
		s        settings
		yes      bool
		approved guard.Level
		want     guard.Level
	}{
		{"no rules, safe line", settings{}, false, guard.Safe, guard.Safe},
		{"with -y: all -y approves", settings{}, true, guard.Safe, guard.High},
		{"with -y under a limit", settings{parent: &parentSettings{approved: guard.Medium}}, true, guard.Safe, guard.Medium},
		{"a person approved high", settings{parent: &parentSettings{approved: guard.Medium}}, false, guard.High, guard.High},
		{"rules", settings{cfg: guard.Config{BlockLevel: &high, Lock: true, Disable: []string{"rm"}, Levels: map[string]guard.Level{"chmod": medium}}}, false, guard.Medium, guard.Medium},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := tc.s.childVar(tc.yes)(tc.approved)
			if strings.HasSuffix(v, " ") || strings.ContainsAny(v, "\n\x00") {
				t.Errorf("value %q: a space at the end, a newline or NUL", v)
			}
			p, err := decodeParent(v)
			if err != nil {
				t.Fatalf("decodeParent(%q): %v", v, err)
			}
			if p.approved != tc.want {
				t.Errorf("approved %v, want %v", p.approved, tc.want)
			}
			if got, want := p.cfg.String(), tc.s.cfg.String(); strings.TrimPrefix(got, "config "+parentFile+":") != strings.TrimPrefix(want, "config :") {
				t.Errorf("rules %q, want %q", got, want)
			}
		})
	}
}

func TestDecodeParentFailsClosed(t *testing.T) {
	good := settings{}.childVar(false)(guard.Medium)
	for _, v := range []string{
		"", "garbage", "guardsh1 high", "guardsh2 high " + strings.Fields(good)[2],
		"guardsh1 nope " + strings.Fields(good)[2], "guardsh1 high !!!",
		"guardsh1 high ZGlzYWJsZSA9IFsibm9fc3VjaF9ydWxlIl0K", // disable = ["no_such_rule"]
	} {
		if _, err := decodeParent(v); err == nil {
			t.Errorf("decodeParent(%q) = nil error", v)
		}
	}
	// An approved level above high means high: blocked is never approved.
	p, err := decodeParent(strings.Replace(good, " medium ", " blocked ", 1))
	if err != nil || p.approved != guard.High {
		t.Errorf("blocked approval: %v %v", p.approved, err)
	}
}
