package guard

import "guardsh/guard/plan"

// Names of the structural rules, which the walker emits itself.
const (
	ruleParseError  = "parse_error"
	ruleTooDeep     = "too_deep"
	ruleTooLong     = plan.RuleTooLong
	ruleForkBomb    = "fork_bomb"
	rulePipeToShell = "pipe_to_shell"
	ruleUnknownCmd  = "unknown_command"
	ruleShellCode   = "shell_code"
)

func structuralRules() []builtin {
	return []builtin{
		{Rule: Rule{Name: ruleParseError, Level: Blocked, Description: "the line does not parse as bash, so what it would do is unknown", Example: "echo 'unclosed"}},
		{Rule: Rule{Name: ruleTooDeep, Level: High, Description: "the line nests commands or wrappers deeper than guardsh follows", Example: "bash -c \"bash -c \\\"...\\\"\""}},
		{Rule: Rule{Name: ruleTooLong, Level: High, Description: "the line is longer than guardsh classifies", Example: ""}},
		{Rule: Rule{Name: ruleForkBomb, Level: Blocked, Description: "a function that calls itself twice in the background: a fork bomb", Example: ":(){ :|:& };:"}},
		{Rule: Rule{Name: rulePipeToShell, Level: High, Description: "feeds text that is not known in advance to a shell, which runs it as code", Example: "some-tool | sh"}},
		{Rule: Rule{Name: ruleBadCode, Level: Medium, Description: "hands a shell (bash -c, eval, ssh, a here-document) code that does not parse, so what it would do is unknown", Example: "bash -c 'echo \"unclosed'"}},
		{Rule: Rule{Name: ruleDynamicCode, Level: Medium, Description: "hands a shell (bash -c, eval, ssh, su -c) code that is only known at run time; the run-time check sees it before it runs", Example: "bash -c \"$CMD\""}},
		{Rule: Rule{Name: ruleInternal, Level: High, Description: "guardsh failed while classifying the line (a bug): it is treated as high, never as safe", Example: ""}},
		{Rule: Rule{Name: ruleUnknownCmd, Level: Medium, Description: "runs a command whose name is only known at run time", Example: "$(get-cmd) --force"}},
		{Rule: Rule{Name: ruleUnknownOption, Level: Medium, Description: "gives a wrapper or a shell an option guardsh's grammar of it does not know; every reading of the words after it is classified and the highest counts", Example: "sudo --frobnicate rm -rf ./build"}},
		{Rule: Rule{Name: ruleGuardshNested, Level: Medium, Description: "starts a guardsh inside guardsh with its own approval, config or environment (-y, --auto, --config, XDG_CONFIG_HOME=): the inner guardsh is held to the outer one's rules, and its line is classified as the line it runs", Example: "guardsh -y -c 'make clean'"}},
	}
}

// More structural rules.
const (
	ruleInternal    = "internal_error"
	ruleBadCode     = "unparsable_code"
	ruleDynamicCode = "dynamic_code"
	// ruleUnknownOption: an option a wrapper's or shell's grammar does not
	// know; every reading was classified.
	ruleUnknownOption = "unknown_option"
	// ruleGuardshNested: a guardsh started inside guardsh with something
	// that could loosen the outer one; main makes the inner one inherit.
	ruleGuardshNested = "guardsh_nested"
)
