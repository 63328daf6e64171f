package hook

import "path/filepath"

// Gemini CLI's BeforeTool hook (https://geminicli.com/docs/hooks/reference):
// the event has hook_event_name "BeforeTool", tool_name, tool_input (for
// run_shell_command: command, description, dir_path or, in older
// versions, directory, relative to cwd) and cwd; the answer is decision
// (allow, deny, ask: HookDecision in packages/core/src/hooks/types.ts),
// reason (sent to the model on deny) and hookSpecificOutput.tool_input,
// which is merged into the tool's arguments.
var geminiCLI = adapter{
	name:    "Gemini CLI",
	canAsk:  true,
	parse:   parseGemini,
	write:   writeGemini,
	rewrite: Rewrite,
}

// parseGemini reads Gemini CLI's BeforeTool event; the command runs in
// its tool input's dir_path (directory in older versions), relative to cwd.
func parseGemini(event []byte) (call, error) {
	c, err := readShellEvent(event, "BeforeTool", "run_shell_command")
	if err != nil || !c.shell {
		return c, err
	}
	for _, key := range []string{"dir_path", "directory"} {
		sub, ok, err := field(c.input, key)
		if err != nil {
			return call{}, err
		}
		if ok && sub != "" {
			if !filepath.IsAbs(sub) {
				sub = filepath.Join(c.dir, sub)
			}
			c.dir = filepath.Clean(sub)
			break
		}
	}
	// The rewrite answers with a tool input of its own.
	c.input = map[string]any{}
	return c, nil
}

func writeGemini(a answer) []byte {
	if a.decision == None {
		return noDecision
	}
	out := map[string]any{"decision": string(a.decision), "reason": a.reason}
	if a.decision != Deny && a.input != nil {
		out["hookSpecificOutput"] = map[string]any{
			"hookEventName": "BeforeTool",
			"tool_input":    map[string]any{"command": a.rewritten},
		}
	}
	return encode(out)
}
