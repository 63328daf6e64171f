package guard

import "fmt"

// ruleGuardshApprove is the rule about a command that runs guardsh with
// an approval of its own or changes its hooks.
const ruleGuardshApprove = "guardsh_approve"

// guardshRules returns the rule that keeps a command from approving
// itself through a guardsh it starts (-y, --approved above info_leak,
// --hook-allow), or from removing or loosening guardsh's hook in a coding
// agent's settings. The code guardsh -c runs is classified as itself
// besides (guardsh is a shell wrapper).
func guardshRules() []builtin {
	return []builtin{
		{Rule: Rule{Name: ruleGuardshApprove, Level: High,
			Description: "runs guardsh with an approval of its own (-y, --approved medium or high, --hook-allow) or installs or removes guardsh's hook in an agent's settings: a command must not approve itself or change its own check",
			Example:     "guardsh --approved high -c 'x=rm; $x -rf ./build'"},
			check: checkGuardshApprove, progs: []string{"guardsh"}},
	}
}

func checkGuardshApprove(c *Command) []Hit {
	if c.Name() != "guardsh" || len(c.Args) < 2 {
		return nil
	}
	l := parseGuardsh(c.Args[1:])
	var hits []Hit
	for _, n := range []string{"install-hook", "uninstall-hook"} {
		if v, ok := l.long[n]; ok {
			hits = append(hits, Hit{Reason: fmt.Sprintf("changes guardsh's hook in %s's settings", v)})
		}
	}
	if _, ok := l.long["hook-allow"]; ok {
		hits = append(hits, Hit{Reason: "lets an agent's hook allow more without asking"})
	}
	if l.runsNothing() {
		return hits
	}
	if l.yes {
		hits = append(hits, Hit{Reason: "runs guardsh answering yes to every question"})
	}
	if v, ok := l.long["approved"]; ok {
		if lv, err := ParseLevel(v); err != nil || lv > InfoLeak {
			hits = append(hits, Hit{Reason: fmt.Sprintf("runs guardsh with the line approved at %s, which nobody approved", v)})
		}
	}
	if l.unknown {
		hits = append(hits, Hit{Reason: "runs guardsh with options only known at run time, which could approve anything"})
	}
	return hits
}
