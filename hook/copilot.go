package hook

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// GitHub Copilot CLI's preToolUse hook (docs.github.com, "GitHub Copilot
// CLI hooks reference"): the camelCase event has timestamp, cwd, toolName
// ("bash" for shell commands) and toolArgs (the arguments, an object or a
// JSON string of one, with command); the answer is permissionDecision
// (allow, deny, ask), permissionDecisionReason and modifiedArgs, the
// arguments to use instead. The event carries no event name.
var copilotCLI = adapter{
	name:    "GitHub Copilot CLI",
	canAsk:  true,
	parse:   parseCopilot,
	write:   writeCopilot,
	rewrite: Rewrite,
}

func parseCopilot(event []byte) (call, error) {
	m, err := object(event)
	if err != nil {
		return call{}, err
	}
	if _, ok := m["hook_event_name"]; ok {
		return call{}, errors.New("this is the VS Code form of the event (PreToolUse): configure the hook as preToolUse")
	}
	tool, err := needString(m, "toolName", "tool name")
	if err != nil {
		return call{}, err
	}
	dir, err := needDir(m, "cwd")
	if err != nil {
		return call{}, err
	}
	if tool != "bash" {
		return call{dir: dir}, nil
	}
	args := m["toolArgs"]
	if s, ok := args.(string); ok {
		var v any
		dec := json.NewDecoder(strings.NewReader(s))
		dec.UseNumber()
		if err := dec.Decode(&v); err != nil {
			return call{}, fmt.Errorf("the event's toolArgs is not JSON: %w", err)
		}
		args = v
	}
	in, ok := args.(map[string]any)
	if !ok {
		return call{}, errors.New("the event has no tool arguments (\"toolArgs\")")
	}
	cmd, err := needString(in, "command", "command")
	if err != nil {
		return call{}, err
	}
	return call{shell: true, command: cmd, dir: dir, input: in}, nil
}

func writeCopilot(a answer) []byte {
	if a.decision == None {
		return noDecision
	}
	out := map[string]any{
		"permissionDecision":       string(a.decision),
		"permissionDecisionReason": a.reason,
	}
	if a.decision != Deny && a.input != nil {
		out["modifiedArgs"] = withCommand(a.input, a.rewritten)
	}
	return encode(out)
}
