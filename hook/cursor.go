package hook

// Cursor's beforeShellExecution hook (https://cursor.com/docs/agent/hooks):
// the event has hook_event_name "beforeShellExecution", command and cwd
// at its top level; the answer is permission (allow, deny, ask),
// user_message (for the person) and agent_message (for the model). Cursor
// takes no rewritten command: it gets the static check only.
var cursor = adapter{
	name:   "Cursor",
	canAsk: true,
	parse:  parseCursor,
	write:  writeCursor,
}

func parseCursor(event []byte) (call, error) {
	m, err := object(event)
	if err != nil {
		return call{}, err
	}
	if err := needEvent(m, "hook_event_name", "beforeShellExecution"); err != nil {
		return call{}, err
	}
	dir, err := needDir(m, "cwd")
	if err != nil {
		return call{}, err
	}
	cmd, err := needString(m, "command", "command")
	if err != nil {
		return call{}, err
	}
	return call{shell: true, command: cmd, dir: dir}, nil
}

func writeCursor(a answer) []byte {
	if a.decision == None {
		return noDecision
	}
	return encode(map[string]any{
		"permission":    string(a.decision),
		"user_message":  a.reason,
		"agent_message": a.reason,
	})
}
