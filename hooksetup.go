package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"guardsh/hook"
)

// agentSetup says where an agent reads its hooks and what guardsh's entry
// looks like there.
type agentSetup struct {
	// user is the user's settings file under home, "" when the agent has
	// none; project the project's, under the project directory.
	user    func(home string) string
	project func(dir string) string
	// event is the key under "hooks" guardsh's entry goes in.
	event string
	// entry is guardsh's entry for the hook command.
	entry func(command string) json.RawMessage
	// grouped reports entries of the form {"matcher":..., "hooks":[...]};
	// otherwise each entry is a hook itself.
	grouped bool
	// commandKey is the hook's field holding its command.
	commandKey string
	// version is the top-level "version" the file must carry, 0 for none.
	version int
	// others name the agent's other files in the settings file's
	// directory, at both levels, that add hooks or turn them off (Claude
	// Code's settings.local.json with "disableAllHooks", Codex's
	// config.toml with "[features] hooks = false"); dirHooks reports an
	// agent that reads every file of that directory (.github/hooks/*.json);
	// userDir, when set, is a user's directory of hook files of an agent
	// guardsh installs in the project only. Rule agent_hooks protects them
	// with the settings files (agentHookFiles).
	others   []string
	dirHooks bool
	userDir  func(home string) string
}

// agentSetups are the agents guardsh installs its hook for, by the names
// --hook takes. The files and shapes are those of each agent's hook
// documentation (docs/agents.md names them).
var agentSetups = map[string]agentSetup{
	"claude-code": {
		user:    func(home string) string { return filepath.Join(home, ".claude", "settings.json") },
		project: func(dir string) string { return filepath.Join(dir, ".claude", "settings.json") },
		event:   "PreToolUse", grouped: true, commandKey: "command",
		others: []string{"settings.local.json"},
		entry: func(c string) json.RawMessage {
			return ordered("matcher", "Bash", "hooks", []json.RawMessage{ordered("type", "command", "command", c, "timeout", 30)})
		},
	},
	"codex": {
		user: func(home string) string {
			if d := os.Getenv("CODEX_HOME"); d != "" {
				return filepath.Join(d, "hooks.json")
			}
			return filepath.Join(home, ".codex", "hooks.json")
		},
		project: func(dir string) string { return filepath.Join(dir, ".codex", "hooks.json") },
		event:   "PreToolUse", grouped: true, commandKey: "command",
		others: []string{"config.toml"},
		entry: func(c string) json.RawMessage {
			return ordered("matcher", "Bash", "hooks", []json.RawMessage{ordered("type", "command", "command", c, "timeout", 30)})
		},
	},
	"gemini-cli": {
		user:    func(home string) string { return filepath.Join(home, ".gemini", "settings.json") },
		project: func(dir string) string { return filepath.Join(dir, ".gemini", "settings.json") },
		event:   "BeforeTool", grouped: true, commandKey: "command",
		entry: func(c string) json.RawMessage {
			return ordered("matcher", "run_shell_command", "hooks", []json.RawMessage{ordered("name", "guardsh", "type", "command", "command", c, "timeout", 30000)})
		},
	},
	"cursor": {
		user:    func(home string) string { return filepath.Join(home, ".cursor", "hooks.json") },
		project: func(dir string) string { return filepath.Join(dir, ".cursor", "hooks.json") },
		event:   "beforeShellExecution", commandKey: "command", version: 1,
		entry: func(c string) json.RawMessage { return ordered("command", c) },
	},
	"copilot-cli": {
		project: func(dir string) string { return filepath.Join(dir, ".github", "hooks", "guardsh.json") },
		event:   "preToolUse", commandKey: "bash", version: 1, dirHooks: true,
		userDir: func(home string) string {
			if d := os.Getenv("COPILOT_HOME"); d != "" {
				return filepath.Join(d, "hooks")
			}
			return filepath.Join(home, ".copilot", "hooks")
		},
		entry: func(c string) json.RawMessage { return ordered("type", "command", "bash", c, "timeoutSec", 30) },
	},
}

// hookCommand is the command guardsh's entry runs.
func hookCommand(guardsh, agent string, extra ...string) string {
	c := hook.Quote(guardsh) + " --hook " + agent
	for _, e := range extra {
		c += " " + hook.Quote(e)
	}
	return c
}

// isGuardshHook reports whether a hook command is guardsh's for agent:
// its program's name starts with guardsh and it has --hook AGENT.
func isGuardshHook(command, agent string) bool {
	f := strings.Fields(command)
	if len(f) < 3 || !strings.HasPrefix(filepath.Base(strings.Trim(f[0], `'"`)), "guardsh") {
		return false
	}
	for i := 1; i+1 < len(f); i++ {
		if f[i] == "--hook" && f[i+1] == agent {
			return true
		}
	}
	return false
}

// editHooks returns the settings file content with guardsh's entry for
// agent removed and, when command is not "", added again with command;
// removed counts the entries removed.
func editHooks(data []byte, agent string, s agentSetup, command string) (out []byte, removed int, err error) {
	top, err := parseJSONObject(data)
	if err != nil {
		return nil, 0, err
	}
	hooksRaw, _ := top.get("hooks")
	hooks, err := parseJSONObject(hooksRaw)
	if hooksRaw != nil && err != nil {
		return nil, 0, fmt.Errorf(`"hooks" is %w`, err)
	}
	entriesRaw, _ := hooks.get(s.event)
	entries, err := rawArray(entriesRaw)
	if err != nil {
		return nil, 0, fmt.Errorf(`"hooks".%q is %w`, s.event, err)
	}
	var kept []json.RawMessage
	for _, e := range entries {
		e2, n, keep, err := dropGuardsh(e, agent, s)
		if err != nil {
			return nil, 0, fmt.Errorf(`"hooks".%q: %w`, s.event, err)
		}
		removed += n
		if keep {
			kept = append(kept, e2)
		}
	}
	if command != "" {
		kept = append(kept, s.entry(command))
	}
	if len(kept) > 0 {
		hooks.set(s.event, marshalRaw(kept))
	} else {
		hooks.del(s.event)
	}
	if hooks.len() > 0 {
		top.set("hooks", hooks.marshal())
	} else {
		top.del("hooks")
	}
	if _, ok := top.get("version"); !ok && s.version != 0 && command != "" {
		top.set("version", marshalRaw(s.version))
	}
	return indentJSON(top.marshal()), removed, nil
}

// dropGuardsh removes guardsh's hooks for agent from one entry. keep is
// false when nothing of the entry is left; an entry without guardsh's
// hook comes back unchanged.
func dropGuardsh(e json.RawMessage, agent string, s agentSetup) (out json.RawMessage, removed int, keep bool, err error) {
	ours := func(h json.RawMessage) bool {
		var m map[string]any
		if json.Unmarshal(h, &m) != nil {
			return false
		}
		c, _ := m[s.commandKey].(string)
		return isGuardshHook(c, agent)
	}
	if !s.grouped {
		if ours(e) {
			return nil, 1, false, nil
		}
		return e, 0, true, nil
	}
	g, err := parseJSONObject(e)
	if err != nil {
		return e, 0, true, nil // not guardsh's: left as it is
	}
	hs, _ := g.get("hooks")
	list, err := rawArray(hs)
	if err != nil {
		return e, 0, true, nil
	}
	var kept []json.RawMessage
	for _, h := range list {
		if ours(h) {
			removed++
			continue
		}
		kept = append(kept, h)
	}
	if removed == 0 {
		return e, 0, true, nil
	}
	if len(kept) == 0 {
		return nil, removed, false, nil
	}
	g.set("hooks", marshalRaw(kept))
	return g.marshal(), removed, true, nil
}

// settingsFile returns the file agent's hooks go in.
func settingsFile(agent string, project bool) (string, agentSetup, error) {
	s, ok := agentSetups[agent]
	if !ok {
		return "", s, fmt.Errorf("unknown agent %q (want one of %s)", agent, strings.Join(hook.Agents(), ", "))
	}
	if project {
		dir, err := os.Getwd()
		if err != nil {
			return "", s, err
		}
		return s.project(dir), s, nil
	}
	if s.user == nil {
		return "", s, fmt.Errorf("%s reads hooks only from the project: use --project in the project's directory", agent)
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", s, fmt.Errorf("no home directory: %w", err)
	}
	return s.user(home), s, nil
}

// hookInstalled reports whether the settings file at path has guardsh's
// hook for agent.
func hookInstalled(agent, path string) (bool, error) {
	s := agentSetups[agent]
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	_, n, err := editHooks(data, agent, s, "")
	return n > 0, err
}

// ordered renders an object of the keys and values given in turn, in
// that order.
func ordered(kv ...any) json.RawMessage {
	o := &jsonObject{vals: map[string]json.RawMessage{}}
	for i := 0; i+1 < len(kv); i += 2 {
		o.set(kv[i].(string), marshalRaw(kv[i+1]))
	}
	return o.marshal()
}
