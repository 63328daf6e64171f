package main

import (
	"strings"
	"testing"

	"guardsh/internal/argv"
)

// TestFlagsGrammar: guardsh's flag parser and the grammar internal/argv
// reads a nested guardsh's command line with know the same long options.
func TestFlagsGrammar(t *testing.T) {
	for _, name := range argv.GuardshLongOptions() {
		_, valued := argv.GuardshLongOption(name)
		args := []string{"guardsh", "--" + name}
		if valued {
			args = append(args, "3")
		}
		if _, err := parseFlags(args); err != nil && strings.Contains(err.Error(), "unknown option") {
			t.Errorf("internal/argv knows --%s, parseFlags does not: %v", name, err)
		}
	}
	for _, bad := range []string{"--no-such-option", "--configx", "--yes-please"} {
		if _, err := parseFlags([]string{"guardsh", bad}); err == nil || !strings.Contains(err.Error(), "unknown option") {
			t.Errorf("parseFlags(%s) = %v, want unknown option", bad, err)
		}
	}
}
