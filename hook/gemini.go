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

func parseGemini(event []byte) (call, error) {
	m, err := object(event)
	if err != nil {
		return call{}, err
	}
	if err := needEvent(m, "hook_event_name", "BeforeTool"); err != nil {
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
	if tool != "run_shell_command" {
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
	for _, key := range []string{"dir_path", "directory"} {
		sub, ok, err := field(in, key)
		if err != nil {
			return call{}, err
		}
		if ok && sub != "" {
			if !filepath.IsAbs(sub) {
				sub = filepath.Join(dir, sub)
			}
			dir = filepath.Clean(sub)
			break
		}
	}
	return call{shell: true, command: cmd, dir: dir, input: map[string]any{}}, nil
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
