package hook

// Codex's PreToolUse hook (https://developers.openai.com/codex/hooks, and
// the schema codex-rs/hooks/schema/generated/pre-tool-use.command.*.json):
// the event has Claude Code's shape (hook_event_name "PreToolUse",
// tool_name "Bash", tool_input.command, cwd). Codex takes only deny with a
// non-empty permissionDecisionReason, or allow with updatedInput; ask is
// refused as unsupported, so ask-level lines are denied (Options.Allow
// raises what runs without a person).
var codex = adapter{
	name:    "Codex",
	canAsk:  false,
	parse:   parsePreToolUse("Bash"),
	write:   writePreToolUse,
	rewrite: Rewrite,
}
