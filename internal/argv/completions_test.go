package argv

import (
	"slices"
	"strings"
	"testing"
)

func TestCompletionTables(t *testing.T) {
	if !slices.Contains(Subcommands("git"), "status") {
		t.Error("git's subcommands lack status")
	}
	for _, p := range []string{"ls", "rm", ""} {
		if Subcommands(p) != nil {
			t.Errorf("%q has subcommands", p)
		}
	}
	for _, c := range []struct {
		prog, sub, opt string
		ok             bool
	}{
		{"git", "status", "--short", true},
		{"git", "", "--no-pager", true},
		{"git", "commit", "--message=", true},
		{"ls", "", "--all", true},
		{"grep", "", "--ignore-case", true},
		{"nosuch", "", "", false},
		{"git", "nosuch", "", true},
	} {
		opts, ok := CompletionOptions(c.prog, c.sub)
		if ok != c.ok || c.opt != "" && !slices.Contains(opts, c.opt) {
			t.Errorf("CompletionOptions(%q, %q) = %v, %v; want %q in it, %v", c.prog, c.sub, opts, ok, c.opt, c.ok)
		}
	}
	// Every subcommand with options is one of the subcommands; every
	// option is one, once.
	for sub, opts := range gitOptions() {
		if sub != "" && !slices.Contains(gitSubcommands, sub) {
			t.Errorf("git %s has options but is not a subcommand", sub)
		}
		checkOptions(t, "git "+sub, opts)
	}
	for prog, opts := range programOptions() {
		checkOptions(t, prog, opts)
	}
}

func checkOptions(t *testing.T, what string, opts []string) {
	t.Helper()
	seen := map[string]bool{}
	for _, o := range opts {
		if !strings.HasPrefix(o, "-") || strings.ContainsAny(o, " \t") || seen[o] {
			t.Errorf("%s: option %q", what, o)
		}
		seen[o] = true
	}
}

// GitGlobal finds git's subcommand past git's own options, as the rules
// and completion read it.
func TestGitGlobalSubcommand(t *testing.T) {
	for _, c := range []struct {
		args string
		sub  string
	}{
		{"status", "status"},
		{"-C dir status", "status"},
		{"-Cdir log", "log"},
		{"-c user.name=x commit", "commit"},
		{"--git-dir x push", "push"},
		{"--git-dir=x push", "push"},
		{"--no-pager --bare diff", "diff"},
		{"-C", ""},
		{"--version", ""},
		{"", ""},
	} {
		args := strings.Fields(c.args)
		s := Getopt(&GitGlobal, args, func(w string) string { return w })
		sub := ""
		if !s.Stopped && len(s.Operands) > 0 {
			sub = args[s.Operands[0]]
		}
		if sub != c.sub {
			t.Errorf("git %s: subcommand %q, want %q", c.args, sub, c.sub)
		}
	}
}
