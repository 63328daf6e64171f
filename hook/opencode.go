package hook

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
)

// OpenCode's hooks are JavaScript plugins (https://opencode.ai/docs/plugins):
// a module in ~/.config/opencode/plugin/ or .opencode/plugin/ whose
// exported function returns hooks, among them "tool.execute.before",
// called as (input, output) with input {tool, sessionID, callID} and
// output {args}: for the bash tool, args holds command, description,
// timeout and, in recent versions, workdir (relative to the project
// directory). The hook may change output.args (the docs' own example
// rewrites output.args.command), and a thrown Error refuses the call, its
// message given to the model. There is no way to ask the person from it.
//
// guardsh's plugin (OpenCodePlugin) sends guardsh --hook opencode one JSON
// object on stdin:
//
//	{"hook_event_name":"tool.execute.before",
//	 "input":{"tool":"bash","sessionID":"ses_…","callID":"call_…"},
//	 "output":{"args":{"command":"git status","description":"…"}},
//	 "directory":"/home/u/proj","worktree":"/home/u/proj"}
//
// (input and output as OpenCode passed them, directory and worktree from the
// plugin's context) and reads back one:
//
//	{"decision":"allow","reason":"…","command":"/usr/local/bin/guardsh --approved safe -c 'git status'"}
//	{"decision":"deny","reason":"guardsh refused this command: …"}
//	{}   (not the bash tool: no decision)
//
// With allow, the plugin puts command in output.args.command; with
// anything else it throws an Error with the reason.
var openCode = adapter{
	name:    "OpenCode",
	canAsk:  false,
	parse:   parseOpenCode,
	write:   writeOpenCode,
	rewrite: Rewrite,
}

// OpenCodeEvent is the hook_event_name of the event guardsh's OpenCode
// plugin sends.
const OpenCodeEvent = "tool.execute.before"

func parseOpenCode(event []byte) (call, error) {
	m, err := object(event)
	if err != nil {
		return call{}, err
	}
	if err := needEvent(m, "hook_event_name", OpenCodeEvent); err != nil {
		return call{}, err
	}
	in, err := toolInput(m, "input")
	if err != nil {
		return call{}, err
	}
	tool, err := needString(in, "tool", "tool name")
	if err != nil {
		return call{}, err
	}
	dir, err := needDir(m, "directory")
	if err != nil {
		return call{}, err
	}
	if tool != "bash" {
		return call{dir: dir}, nil
	}
	out, err := toolInput(m, "output")
	if err != nil {
		return call{}, err
	}
	args, err := toolInput(out, "args")
	if err != nil {
		return call{}, err
	}
	cmd, err := needString(args, "command", "command")
	if err != nil {
		return call{}, err
	}
	// The bash tool runs in args.workdir when it is given, relative to
	// the project's directory.
	wd, ok, err := field(args, "workdir")
	if err != nil {
		return call{}, err
	}
	if ok && wd != "" {
		if !filepath.IsAbs(wd) {
			wd = filepath.Join(dir, wd)
		}
		dir = filepath.Clean(wd)
	}
	// The answer carries the command alone: input only marks that the
	// plugin takes one.
	return call{shell: true, command: cmd, dir: dir, input: map[string]any{}}, nil
}

func writeOpenCode(a answer) []byte {
	if a.decision == None {
		return noDecision
	}
	d := a.decision
	if d != Allow {
		d = Deny // the plugin throws on anything but allow
	}
	out := map[string]any{"decision": string(d), "reason": a.reason}
	if d == Allow && a.input != nil {
		out["command"] = a.rewritten
	}
	return encode(out)
}

//go:embed opencode_plugin.js
var openCodePlugin string

// OpenCodePluginMarker is the line that marks a plugin file as guardsh's.
const OpenCodePluginMarker = "// guardsh-opencode-plugin v1"

// OpenCodePlugin is the text of guardsh's OpenCode plugin, which runs
// argv (guardsh --hook opencode and its options, argv[0] an absolute
// path) for each command of OpenCode's bash tool and follows its answer.
func OpenCodePlugin(argv []string) []byte {
	b, err := json.Marshal(argv)
	if err != nil {
		// Strings always encode.
		panic(fmt.Sprintf("hook: encoding %q: %v", argv, err))
	}
	return []byte(strings.Replace(openCodePlugin, `["guardsh", "--hook", "opencode"]`, string(b), 1))
}

// OpenCodePluginArgv returns the command a plugin file of guardsh's runs;
// ok is false when data is not guardsh's plugin (no marker, or no command
// line that OpenCodePlugin writes).
func OpenCodePluginArgv(data []byte) (argv []string, ok bool) {
	s := string(data)
	if !strings.Contains(s, OpenCodePluginMarker) {
		return nil, false
	}
	const prefix = "const GUARDSH = "
	for _, line := range strings.Split(s, "\n") {
		rest, found := strings.CutPrefix(line, prefix)
		if !found {
			continue
		}
		if err := json.Unmarshal([]byte(strings.TrimSuffix(strings.TrimSpace(rest), ";")), &argv); err != nil || len(argv) == 0 {
			return nil, false
		}
		return argv, true
	}
	return nil, false
}
