package rules

import (
	"guardsh/guard/plan"
)

// Names of the structural rules, which the walker emits itself.
const (
	RuleParseError  = "parse_error"
	RuleTooDeep     = "too_deep"
	RuleTooLong     = plan.RuleTooLong
	RuleForkBomb    = "fork_bomb"
	RulePipeToShell = "pipe_to_shell"
	RuleUnknownCmd  = "unknown_command"
	ruleShellCode   = "shell_code"
)

func structuralRules() []Builtin {
	return []Builtin{
		{Rule: Rule{Name: RuleParseError, Level: Blocked, Description: "the line does not parse as bash, so what it would do is unknown", Example: "echo 'unclosed"}},
		{Rule: Rule{Name: RuleTooDeep, Level: High, Description: "the line nests commands or wrappers deeper than guardsh follows", Example: "bash -c \"bash -c \\\"...\\\"\""}},
		{Rule: Rule{Name: RuleTooLong, Level: High, Description: "the line is longer than guardsh classifies", Example: ""}},
		{Rule: Rule{Name: RuleForkBomb, Level: Blocked, Description: "a function that calls itself twice in the background: a fork bomb", Example: ":(){ :|:& };:"}},
		{Rule: Rule{Name: RulePipeToShell, Level: High, Description: "feeds text that is not known in advance to a shell, which runs it as code", Example: "some-tool | sh"}},
		{Rule: Rule{Name: RuleBadCode, Level: Medium, Description: "hands a shell (bash -c, eval, ssh, a here-document) code that does not parse, so what it would do is unknown", Example: "bash -c 'echo \"unclosed'"}},
		{Rule: Rule{Name: RuleDynamicCode, Level: Medium, Description: "hands a shell (bash -c, eval, ssh, su -c) code that is only known at run time; the run-time check sees it before it runs", Example: "bash -c \"$CMD\""}},
		{Rule: Rule{Name: RuleInternal, Level: High, Description: "guardsh failed while classifying the line (a bug): it is treated as high, never as safe", Example: ""}},
		{Rule: Rule{Name: RuleUnknownCmd, Level: Medium, Description: "runs a command whose name is only known at run time", Example: "$(get-cmd) --force"}},
		{Rule: Rule{Name: RuleUnknownOption, Level: Medium, Description: "gives a wrapper or a shell an option guardsh's grammar of it does not know; every reading of the words after it is classified and the highest counts", Example: "sudo --frobnicate rm -rf ./build"}},
		{Rule: Rule{Name: RuleGuardshNested, Level: Medium, Description: "starts a guardsh inside guardsh with its own approval, config or environment (-y, --auto, --config, XDG_CONFIG_HOME=): the inner guardsh is held to the outer one's rules, and its line is classified as the line it runs", Example: "guardsh -y -c 'make clean'"}},
	}
}

// More structural rules.
const (
	RuleInternal    = "internal_error"
	RuleBadCode     = "unparsable_code"
	RuleDynamicCode = "dynamic_code"
	// RuleUnknownOption: an option a wrapper's or shell's grammar does not
	// know; every reading was classified.
	RuleUnknownOption = "unknown_option"
	// RuleGuardshNested: a guardsh started inside guardsh with something
	// that could loosen the outer one; main makes the inner one inherit.
	RuleGuardshNested = "guardsh_nested"
)
