package prompt

import (
	"testing"

	"guardsh/guard"
)

func TestRefusal(t *testing.T) {
	tests := []struct {
		v    guard.Verdict
		hint string
		want string
	}{
		{mk("rm -rf ./build", f("rm_rf", guard.High, "recursively deletes ./build", "rm -rf ./build")), HintNoTerminal,
			"guardsh: refused (high, rm_rf): rm -rf ./build: recursively deletes ./build; answer at a terminal or pass -y"},
		{mk("sudo rm -rf /",
			f("rm_rf_root", guard.Blocked, "recursively deletes the filesystem root", "rm -rf /"),
			f("sudo", guard.Medium, "runs with root privileges", "sudo rm -rf /")), HintBlocked,
			"guardsh: refused (blocked, rm_rf_root): rm -rf /: recursively deletes the filesystem root; blocked lines never run"},
		{mk("eval x", f("eval", guard.Medium, "runs a string as code", "")), "",
			"guardsh: refused (medium, eval): eval x: runs a string as code"},
		{mk("rm 'a\nb'", f("rm", guard.Medium, "deletes a\nb", "rm 'a\nb'")), "declined",
			`guardsh: refused (medium, rm): rm 'a\nb': deletes a\nb; declined`},
		{guard.Verdict{Command: "x", Level: guard.High}, HintNoTerminal,
			"guardsh: refused (high): x; answer at a terminal or pass -y"},
	}
	for _, tc := range tests {
		if got := Refusal(tc.v, tc.hint); got != tc.want {
			t.Errorf("got  %q\nwant %q", got, tc.want)
		}
	}
}

func TestHintFor(t *testing.T) {
	if got := HintFor(verdict(guard.Blocked)); got != HintBlocked {
		t.Errorf("blocked: %q", got)
	}
	if got := HintFor(verdict(guard.High)); got != HintNoTerminal {
		t.Errorf("high: %q", got)
	}
	v := verdict(guard.High)
	v.Blocked = true // over the block level
	if got := HintFor(v); got != HintBlocked {
		t.Errorf("high over the block level: %q", got)
	}
}
