package hook

// Claude Code's PreToolUse hook (https://code.claude.com/docs/en/hooks):
// the event has hook_event_name "PreToolUse", tool_name, tool_input (for
// the Bash tool: command, and description, timeout, run_in_background)
// and cwd; the answer is hookSpecificOutput with hookEventName,
// permissionDecision (allow, ask, deny), permissionDecisionReason (shown
// to the person with ask, to the model with deny) and updatedInput, the
// tool input to run instead (with allow, or with ask to show it).
var claudeCode = adapter{
	name:    "Claude Code",
	canAsk:  true,
	parse:   parsePreToolUse("Bash"),
	write:   writePreToolUse,
	rewrite: RewriteTrackingDir,
}

// parsePreToolUse reads the PreToolUse event Claude Code and Codex send;
// shellTool is the name of their shell tool.
func parsePreToolUse(shellTool string) func([]byte) (call, error) {
	return func(event []byte) (call, error) {
		return readShellEvent(event, "PreToolUse", shellTool)
	}
}

// readShellEvent reads what the events of Claude Code's shape (Claude
// Code, Codex, Gemini CLI) share: the event's and the tool's names, the
// working directory and, for the agent's shell tool, the tool input and its
// command. A call about another tool has shell false.
func readShellEvent(event []byte, eventName, shellTool string) (call, error) {
	m, err := object(event)
	if err != nil {
		return call{}, err
	}
	if err := needEvent(m, "hook_event_name", eventName); err != nil {
		return call{}, err
	}
	tool, err := needString(m, "tool_name", "tool name")
	if err != nil {
		return call{}, err
	}
	dir, err := needDir(m, "cwd")
	if err != nil {
		return call{}, err
	}
	if tool != shellTool {
		return call{dir: dir}, nil
	}
	in, err := toolInput(m, "tool_input")
	if err != nil {
		return call{}, err
	}
	cmd, err := needString(in, "command", "command")
	if err != nil {
		return call{}, err
	}
	return call{shell: true, command: cmd, dir: dir, input: in}, nil
}

// writePreToolUse writes the hookSpecificOutput answer of Claude Code and
// Codex.
func writePreToolUse(a answer) []byte {
	if a.decision == None {
		return noDecision
	}
	out := map[string]any{
		"hookEventName":            "PreToolUse",
		"permissionDecision":       string(a.decision),
		"permissionDecisionReason": a.reason,
	}
	if a.decision != Deny && a.input != nil {
		out["updatedInput"] = withCommand(a.input, a.rewritten)
	}
	return encode(map[string]any{"hookSpecificOutput": out})
}
