package rules

import (
	"testing"
)

// TestLessShellCommand checks the reading of a less +cmd option.
func TestLessShellCommand(t *testing.T) {
	for _, tt := range []struct {
		opt, cmd string
		ok       bool
	}{
		{"+!ls", "ls", true},
		{"++!ls", "ls", true},
		{"+!", "", true},
		{"+Gg!id", "id", true},
		{"+|am ls", "m ls", true},
		{"+|a", "", true},
		{"+|", "", false},
		{"+/x!y", "", false},
		{"+?x", "", false},
		{"+&x", "", false},
		{"+:n", "", false},
		{"+-S", "", false},
		{"+s out", "", false},
		{"+v", "", false},
		{"+G", "", false},
		{"+", "", false},
		{"+!rm %", "rm " + Unknown, true},
	} {
		cmd, ok := LessShellCommand(tt.opt)
		if cmd != tt.cmd || ok != tt.ok {
			t.Errorf("lessShellCommand(%q) = %q, %v; want %q, %v", tt.opt, cmd, ok, tt.cmd, tt.ok)
		}
	}
}
