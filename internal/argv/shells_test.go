package argv

import (
	"slices"
	"strings"
	"testing"
)

// codes returns, for each reading of a shell's words, its code strings
// (joined with "|"), "script:NAME", "stdin" or "norun".
func codes(name string, args []string) (out []string, unknown bool) {
	calls, _ := ParseShell(name, args, nil)
	for _, c := range calls {
		var s []string
		for _, cd := range c.Codes {
			s = append(s, args[cd.Index][cd.Offset:])
		}
		switch {
		case c.NoRun:
			out = append(out, "norun")
		case len(s) > 0:
			out = append(out, strings.Join(s, "|"))
		case c.Script >= 0:
			out = append(out, "script:"+args[c.Script])
		case c.Stdin:
			out = append(out, "stdin")
		default:
			out = append(out, "none")
		}
		unknown = unknown || len(c.Unknown) > 0
	}
	slices.Sort(out)
	return out, unknown
}

func TestParseShell(t *testing.T) {
	for _, c := range []struct {
		shell   string
		args    []string
		want    []string
		unknown bool
	}{
		{"bash", []string{"-C", "-c", "CODE"}, []string{"CODE"}, false},
		{"bash", []string{"-c", "-e", "CODE", "n", "a"}, []string{"CODE"}, false},
		{"bash", []string{"-o", "pipefail", "-c", "CODE"}, []string{"CODE"}, false},
		{"bash", []string{"-eo", "pipefail", "-c", "CODE"}, []string{"CODE"}, false},
		{"bash", []string{"-oe", "pipefail", "-c", "CODE"}, []string{"CODE"}, false},
		{"bash", []string{"+O", "extglob", "-c", "CODE"}, []string{"CODE"}, false},
		{"bash", []string{"--rcfile", "f", "-c", "CODE"}, []string{"CODE"}, false},
		{"bash", []string{"--norc", "-lc", "CODE"}, []string{"CODE"}, false},
		{"bash", []string{"-Cc", "CODE"}, []string{"CODE"}, false},
		{"bash", []string{"-c", "--", "CODE"}, []string{"CODE"}, false},
		{"bash", []string{"--", "script", "-c"}, []string{"script:script"}, false},
		{"bash", []string{"-x", "script", "a"}, []string{"script:script"}, false},
		{"bash", []string{}, []string{"stdin"}, false},
		{"bash", []string{"-s", "a", "b"}, []string{"stdin"}, false},
		{"bash", []string{"--version"}, []string{"norun"}, false},
		{"bash", []string{"-Z", "-c", "CODE"}, []string{"CODE", "script:CODE"}, true},
		{"bash", []string{"--frob", "-c", "CODE"}, []string{"CODE", "script:CODE"}, true},
		{"sh", []string{"-C", "-c", "CODE"}, []string{"CODE"}, false},
		{"dash", []string{"-o", "noclobber", "-c", "CODE"}, []string{"CODE"}, false},
		{"zsh", []string{"--emulate", "sh", "-c", "CODE"}, []string{"CODE"}, false},
		{"zsh", []string{"-o", "shwordsplit", "-c", "CODE"}, []string{"CODE"}, false},
		{"zsh", []string{"-b", "-c"}, []string{"script:-c"}, false},
		{"zsh", []string{"--no-rcs", "-c", "CODE"}, []string{"CODE"}, false},
		{"mksh", []string{"-T", "-", "-c", "CODE"}, []string{"CODE"}, false},
		{"ksh", []string{"-o", "pipefail", "-c", "CODE"}, []string{"CODE"}, false},
		{"yash", []string{"--rcfile", "f", "-c", "CODE"}, []string{"CODE"}, false},
		{"fish", []string{"-C", "INIT", "-c", "CODE", "arg"}, []string{"INIT|CODE"}, false},
		{"fish", []string{"--init-command=INIT", "--command=CODE"}, []string{"INIT|CODE"}, false},
		{"fish", []string{"-cCODE"}, []string{"CODE"}, false},
		{"fish", []string{"-d", "all", "script.fish"}, []string{"script:script.fish"}, false},
		{"csh", []string{"-fc", "CODE", "a"}, []string{"CODE"}, false},
		{"tcsh", []string{"-c", "CODE"}, []string{"CODE"}, false},
		{"guardsh", []string{"-y", "-c", "CODE"}, []string{"CODE"}, false},
		{"guardsh", []string{"--config", "f", "-c", "CODE"}, []string{"CODE"}, false},
		{"guardsh", []string{"--check", "CODE"}, []string{"norun"}, false},
		{"guardsh", []string{"--dry-run", "-c", "CODE"}, []string{"norun"}, false},
	} {
		got, unk := codes(c.shell, c.args)
		if !slices.Equal(got, c.want) || unk != c.unknown {
			t.Errorf("%s %q: %q unknown %v, want %q unknown %v", c.shell, c.args, got, unk, c.want, c.unknown)
		}
	}
}

// TestShellParams checks where $0 and the positional parameters are.
func TestShellParams(t *testing.T) {
	calls, _ := ParseShell("bash", []string{"-c", "CODE", "zero", "one"}, nil)
	if len(calls) != 1 || calls[0].Name0 != 2 || calls[0].Params != 3 {
		t.Errorf("%+v", calls)
	}
	calls, _ = ParseShell("bash", []string{"script", "one"}, nil)
	if len(calls) != 1 || calls[0].Script != 0 || calls[0].Params != 1 {
		t.Errorf("%+v", calls)
	}
}

func TestIsShell(t *testing.T) {
	for _, n := range []string{"sh", "/bin/bash", "zsh", "fish", "tcsh", "guardsh", "rbash", "mksh", "yash"} {
		if !IsShell(n) {
			t.Errorf("IsShell(%q) = false", n)
		}
	}
	for _, n := range []string{"ls", "python3", "bashful"} {
		if IsShell(n) {
			t.Errorf("IsShell(%q) = true", n)
		}
	}
	if IsPOSIXShell("fish") || !IsPOSIXShell("dash") {
		t.Error("IsPOSIXShell")
	}
	if _, ok := ParseShell("ls", nil, nil); ok {
		t.Error("ParseShell(ls) ok")
	}
}

// TestShellReadingsBounded checks that many unknown options do not make
// the readings explode.
func TestShellReadingsBounded(t *testing.T) {
	args := strings.Fields(strings.Repeat("--a -Z ", 30) + "-c CODE")
	calls, _ := ParseShell("bash", args, nil)
	if len(calls) > 2*maxReadings {
		t.Errorf("%d readings", len(calls))
	}
}
