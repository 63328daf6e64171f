package rules

import (
	"fmt"

	"guardsh/internal/argv"
)

// RuleGuardshApprove is the rule about a command that runs guardsh with
// an approval of its own or changes its hooks.
const RuleGuardshApprove = "guardsh_approve"

// guardshRules returns the rule that keeps a command from approving
// itself through a guardsh it starts (-y, --approved above info_leak,
// --hook-allow), or from removing or loosening guardsh's hook in a coding
// agent's settings. The code guardsh -c runs is classified as itself
// besides (guardsh is a shell, in internal/argv).
func guardshRules() []Builtin {
	return []Builtin{
		{Rule: Rule{Name: RuleGuardshApprove, Level: High,
			Description: "runs guardsh with an approval of its own (-y, --approved medium or high, --hook-allow) or installs or removes guardsh's hook in an agent's settings: a command must not approve itself or change its own check",
			Example:     "guardsh --approved high -c 'x=rm; $x -rf ./build'"},
			Check: checkGuardshApprove, Progs: []string{"guardsh"}},
	}
}

// checkGuardshApprove reads guardsh's command line with its grammar in
// internal/argv, every reading of it, and reports what any reading
// approves.
func checkGuardshApprove(c *Command) []Hit {
	if c.Name() != "guardsh" || len(c.Args) < 2 {
		return nil
	}
	words := make([]string, len(c.Args)-1)
	for i, a := range c.Args[1:] {
		words[i] = a.Value
	}
	calls, _ := argv.ParseShell("guardsh", words, func(i int) bool { return c.Args[i+1].Known })
	var hits []Hit
	seen := map[string]bool{}
	add := func(reason string) {
		if !seen[reason] {
			seen[reason] = true
			hits = append(hits, Hit{Reason: reason})
		}
	}
	for _, call := range calls {
		for _, n := range []string{"install-hook", "uninstall-hook"} {
			if v, ok := call.LongValue(n); ok {
				add(fmt.Sprintf("changes guardsh's hook in %s's settings", v))
			}
		}
		if _, ok := call.LongValue("hook-allow"); ok {
			add("lets an agent's hook allow more without asking")
		}
		if call.NoRun && len(call.Codes) == 0 {
			continue
		}
		if call.HasOpt("y", "--yes") {
			add("runs guardsh answering yes to every question")
		}
		if v, ok := call.LongValue("approved"); ok {
			if lv, err := ParseLevel(v); err != nil || lv > InfoLeak {
				add(fmt.Sprintf("runs guardsh with the line approved at %s, which nobody approved", v))
			}
		}
		if len(calls) > 1 || len(call.Unknown) > 0 {
			add("runs guardsh with options only known at run time, which could approve anything")
		}
	}
	return hits
}
