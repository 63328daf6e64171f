package hook

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"

	"guardsh/guard"
)

const testGuardsh = "/usr/local/bin/guardsh"

func realClassifier(t *testing.T) Classifier {
	t.Helper()
	g, err := guard.New()
	if err != nil {
		t.Fatal(err)
	}
	return func(line, dir string) guard.Verdict {
		return g.Classify(line, guard.State{Dir: dir, Var: guard.MapVars(map[string]string{"HOME": "/home/u", "PWD": dir})})
	}
}

func fixture(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "testdata", "hooks", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// decoded is an answer decoded from any agent's format.
type decoded struct {
	decision, reason, command string
}

func decode(t *testing.T, agent string, out []byte) decoded {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(out, &m); err != nil {
		t.Fatalf("%s answer is not JSON: %v\n%s", agent, err, out)
	}
	str := func(m map[string]any, k string) string { s, _ := m[k].(string); return s }
	obj := func(m map[string]any, k string) map[string]any { o, _ := m[k].(map[string]any); return o }
	var d decoded
	switch agent {
	case "claude-code", "codex":
		h := obj(m, "hookSpecificOutput")
		if h == nil {
			if len(m) != 0 {
				t.Fatalf("answer without hookSpecificOutput: %s", out)
			}
			return decoded{decision: "none"}
		}
		if str(h, "hookEventName") != "PreToolUse" {
			t.Errorf("hookEventName: %s", out)
		}
		d = decoded{str(h, "permissionDecision"), str(h, "permissionDecisionReason"), str(obj(h, "updatedInput"), "command")}
	case "gemini-cli":
		if len(m) == 0 {
			return decoded{decision: "none"}
		}
		d = decoded{str(m, "decision"), str(m, "reason"), str(obj(obj(m, "hookSpecificOutput"), "tool_input"), "command")}
	case "cursor":
		if len(m) == 0 {
			return decoded{decision: "none"}
		}
		d = decoded{str(m, "permission"), str(m, "agent_message"), ""}
	case "copilot-cli":
		if len(m) == 0 {
			return decoded{decision: "none"}
		}
		d = decoded{str(m, "permissionDecision"), str(m, "permissionDecisionReason"), str(obj(m, "modifiedArgs"), "command")}
	case "opencode":
		if len(m) == 0 {
			return decoded{decision: "none"}
		}
		d = decoded{str(m, "decision"), str(m, "reason"), str(m, "command")}
	}
	return d
}

// innerCommand parses a rewritten command and returns what guardsh is
// given after -c, and the --approved level.
func innerCommand(t *testing.T, rewritten string) (command, approved string) {
	t.Helper()
	f, err := syntax.NewParser().Parse(strings.NewReader(rewritten), "")
	if err != nil {
		t.Fatalf("rewritten command does not parse: %v\n%s", err, rewritten)
	}
	syntax.Walk(f, func(n syntax.Node) bool {
		call, ok := n.(*syntax.CallExpr)
		if !ok || len(call.Args) == 0 {
			return true
		}
		var words []string
		for _, w := range call.Args {
			s, err := unquote(w)
			if err != nil {
				return true
			}
			words = append(words, s)
		}
		if words[0] != testGuardsh {
			return true
		}
		for i := 1; i+1 < len(words); i++ {
			switch words[i] {
			case "--approved":
				approved = words[i+1]
			case "-c":
				command = words[i+1]
			}
		}
		return false
	})
	return command, approved
}

func TestHandleFixtures(t *testing.T) {
	classify := realClassifier(t)
	tests := []struct {
		agent, file string
		decision    Decision
		level       string // the --approved level of the rewrite, "" for none
		reason      []string
	}{
		{"claude-code", "claude-code-safe.json", Allow, "safe", nil},
		{"claude-code", "claude-code-blocked.json", Deny, "", []string{"blocked", "rm_rf_root", "rm -rf /", "Safer:", "Do not retry another spelling"}},
		{"claude-code", "claude-code-medium.json", Ask, "medium", []string{"medium", "git_push_force", "--force-with-lease"}},
		{"claude-code", "claude-code-heredoc.json", Allow, "safe", nil},
		{"claude-code", "claude-code-multiline.json", Ask, "high", []string{"rm_rf_wildcard"}},
		{"claude-code", "claude-code-cd.json", Allow, "safe", nil},
		{"claude-code", "claude-code-read.json", None, "", nil},
		{"claude-code", "claude-code-nocommand.json", Deny, "", []string{"no command", "fail closed"}},
		{"claude-code", "claude-code-posttooluse.json", Deny, "", []string{"unknown hook event \"PostToolUse\""}},
		{"claude-code", "claude-code-malformed.json", Deny, "", []string{"not valid JSON"}},
		{"codex", "codex-safe.json", Allow, "safe", nil},
		{"codex", "codex-blocked.json", Deny, "", []string{"rm_rf_root", "Do not retry"}},
		{"codex", "codex-medium.json", Deny, "", []string{"git_push_force", "Codex cannot ask", "--hook-allow medium"}},
		{"codex", "codex-heredoc.json", Ask, "", nil}, // replaced below: python here-doc
		{"codex", "codex-apply-patch.json", None, "", nil},
		{"gemini-cli", "gemini-cli-safe.json", Allow, "safe", nil},
		{"gemini-cli", "gemini-cli-blocked.json", Deny, "", []string{"rm_rf_root"}},
		{"gemini-cli", "gemini-cli-medium.json", Ask, "medium", []string{"git_push_force"}},
		{"gemini-cli", "gemini-cli-readfile.json", None, "", nil},
		{"cursor", "cursor-safe.json", Allow, "", nil},
		{"cursor", "cursor-blocked.json", Deny, "", []string{"rm_rf_root"}},
		{"cursor", "cursor-medium.json", Ask, "", []string{"git_push_force"}},
		{"copilot-cli", "copilot-cli-safe.json", Allow, "safe", nil},
		{"copilot-cli", "copilot-cli-blocked.json", Deny, "", []string{"rm_rf_root"}},
		{"copilot-cli", "copilot-cli-medium.json", Ask, "medium", []string{"git_push_force"}},
		{"copilot-cli", "copilot-cli-view.json", None, "", nil},
		{"opencode", "opencode-safe.json", Allow, "safe", nil},
		{"opencode", "opencode-blocked.json", Deny, "", []string{"blocked", "rm_rf_root", "Safer:", "Do not retry another spelling"}},
		{"opencode", "opencode-medium.json", Deny, "", []string{"git_push_force", "OpenCode cannot ask", "--install-hook opencode --hook-allow medium"}},
		{"opencode", "opencode-heredoc.json", Allow, "safe", nil},
		{"opencode", "opencode-workdir.json", Allow, "safe", nil},
		{"opencode", "opencode-read.json", None, "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			event := fixture(t, tt.file)
			res := Handle(tt.agent, event, classify, Options{Guardsh: testGuardsh})
			d := decode(t, tt.agent, res.Output)
			if tt.file == "codex-heredoc.json" {
				// python3 - <<EOF runs code from its stdin: whatever its
				// level, Codex cannot answer ask.
				if d.decision == "ask" {
					t.Fatalf("codex answered ask: %s", res.Output)
				}
				return
			}
			if d.decision != string(tt.decision) || res.Decision != tt.decision {
				t.Fatalf("decision %q (result %q), want %q\n%s", d.decision, res.Decision, tt.decision, res.Output)
			}
			for _, r := range tt.reason {
				if !strings.Contains(d.reason, r) {
					t.Errorf("reason lacks %q: %s", r, d.reason)
				}
			}
			if tt.decision == Deny && strings.TrimSpace(d.reason) == "" {
				t.Errorf("deny without a reason: %s", res.Output)
			}
			if tt.level == "" {
				if d.command != "" && tt.agent != "codex" {
					t.Errorf("unexpected rewrite %q", d.command)
				}
				return
			}
			inner, approved := innerCommand(t, d.command)
			if inner != res.Command {
				t.Errorf("rewrite runs %q, want the original %q\n%s", inner, res.Command, d.command)
			}
			if approved != tt.level {
				t.Errorf("rewrite approved at %q, want %q", approved, tt.level)
			}
		})
	}
}

// TestClaudeKeepsToolInput checks that updatedInput keeps the fields of
// the tool input other than the command (Claude Code replaces the input).
func TestClaudeKeepsToolInput(t *testing.T) {
	res := Handle("claude-code", fixture(t, "claude-code-safe.json"), realClassifier(t), Options{Guardsh: testGuardsh})
	var m struct {
		H struct {
			U map[string]any `json:"updatedInput"`
		} `json:"hookSpecificOutput"`
	}
	if err := json.Unmarshal(res.Output, &m); err != nil {
		t.Fatal(err)
	}
	if m.H.U["description"] != "Run the command" || m.H.U["timeout"] != float64(120000) {
		t.Errorf("updatedInput lost fields: %s", res.Output)
	}
}

// TestClaudeTracksDir checks that a command with cd gets the rewrite that
// makes the directory change again in Claude Code's shell.
func TestClaudeTracksDir(t *testing.T) {
	res := Handle("claude-code", fixture(t, "claude-code-cd.json"), realClassifier(t), Options{Guardsh: testGuardsh})
	d := decode(t, "claude-code", res.Output)
	for _, want := range []string{"--cwd-fd 3", `cd -- "${__guardsh_dir:-.}"`, "(exit $__guardsh_status)"} {
		if !strings.Contains(d.command, want) {
			t.Errorf("rewrite lacks %q: %s", want, d.command)
		}
	}
	safe := Handle("claude-code", fixture(t, "claude-code-safe.json"), realClassifier(t), Options{Guardsh: testGuardsh})
	if c := decode(t, "claude-code", safe.Output).command; strings.Contains(c, "cwd-fd") {
		t.Errorf("git status got the directory-tracking rewrite: %s", c)
	}
}

// TestOpenCodeWorkdir: the bash tool's workdir, relative to the project's
// directory, is where the command is classified.
func TestOpenCodeWorkdir(t *testing.T) {
	var dirs []string
	classify := func(line, dir string) guard.Verdict { dirs = append(dirs, dir); return guard.Verdict{Command: line} }
	Handle("opencode", fixture(t, "opencode-workdir.json"), classify, Options{})
	Handle("opencode", fixture(t, "opencode-safe.json"), classify, Options{})
	ev := `{"hook_event_name":"tool.execute.before","input":{"tool":"bash","sessionID":"s","callID":"c"},"output":{"args":{"command":"ls","workdir":"/srv/app"}},"directory":"/home/u/proj","worktree":"/home/u/proj"}`
	Handle("opencode", []byte(ev), classify, Options{})
	want := []string{"/home/u/proj/sub", "/home/u/proj", "/srv/app"}
	if strings.Join(dirs, " ") != strings.Join(want, " ") {
		t.Errorf("classified in %q, want %q", dirs, want)
	}
}

// TestOpenCodeAllow: --hook-allow lets medium run under OpenCode, rewritten
// at that level; the answer has only decision, reason and command.
func TestOpenCodeAllow(t *testing.T) {
	res := Handle("opencode", fixture(t, "opencode-medium.json"), realClassifier(t), Options{Guardsh: testGuardsh, Allow: guard.Medium})
	var m map[string]any
	if err := json.Unmarshal(res.Output, &m); err != nil {
		t.Fatal(err)
	}
	if len(m) != 3 || m["decision"] != "allow" {
		t.Fatalf("%s", res.Output)
	}
	if inner, lvl := innerCommand(t, m["command"].(string)); lvl != "medium" || inner != "git push --force origin main" {
		t.Errorf("rewrite %q at %q", inner, lvl)
	}
}

func TestGeminiDirPath(t *testing.T) {
	var dirs []string
	classify := func(line, dir string) guard.Verdict { dirs = append(dirs, dir); return guard.Verdict{Command: line} }
	Handle("gemini-cli", fixture(t, "gemini-cli-dirpath.json"), classify, Options{})
	if len(dirs) != 1 || dirs[0] != "/home/u/proj/sub" {
		t.Errorf("classified in %q, want /home/u/proj/sub", dirs)
	}
}

// TestFailClosed feeds broken events to every agent: each is a deny with
// a reason, never a crash or an allow.
func TestFailClosed(t *testing.T) {
	events := []string{
		``, `null`, `[]`, `"x"`, `{}`, `{"hook_event_name":1}`, `{} {}`,
		`{"hook_event_name":"PreToolUse","tool_name":"Bash","cwd":"/p","tool_input":{"command":""}}`,
		`{"hook_event_name":"PreToolUse","tool_name":"Bash","cwd":"/p","tool_input":{"command":7}}`,
		`{"hook_event_name":"PreToolUse","tool_name":"Bash","cwd":"rel","tool_input":{"command":"ls"}}`,
		`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}`,
		`{"hook_event_name":"PreToolUse","tool_name":"Bash","cwd":"/p","tool_input":"ls"}`,
		`{"hook_event_name":"BeforeTool","tool_name":"run_shell_command","cwd":"/p","tool_input":{}}`,
		`{"hook_event_name":"beforeShellExecution","cwd":"/p"}`,
		`{"toolName":"bash","cwd":"/p","toolArgs":"{not json"}`,
		`{"hook_event_name":"tool.execute.before","input":{"tool":"bash"},"output":{"args":{"command":"ls"}}}`,
		`{"hook_event_name":"tool.execute.before","input":{"tool":"bash"},"directory":"/p","output":{"args":{}}}`,
		`{"hook_event_name":"tool.execute.before","input":{"tool":"bash"},"directory":"/p","output":{}}`,
		`{"hook_event_name":"tool.execute.before","input":"bash","directory":"/p","output":{"args":{"command":"ls"}}}`,
		`{"hook_event_name":"tool.execute.before","input":{"tool":"bash"},"directory":"/p","output":{"args":{"command":"ls","workdir":3}}}`,
	}
	classify := func(line, dir string) guard.Verdict { return guard.Verdict{Command: line} }
	for _, agent := range Agents() {
		for _, ev := range events {
			res := Handle(agent, []byte(ev), classify, Options{Guardsh: testGuardsh})
			d := decode(t, agent, res.Output)
			if d.decision != "deny" || strings.TrimSpace(d.reason) == "" {
				t.Errorf("%s %q: %s", agent, ev, res.Output)
			}
		}
	}
}

func TestInternalErrorDenies(t *testing.T) {
	classify := func(line, dir string) guard.Verdict { panic("boom") }
	for _, agent := range Agents() {
		res := Handle(agent, fixture(t, agent+"-safe.json"), classify, Options{})
		if d := decode(t, agent, res.Output); d.decision != "deny" || !strings.Contains(d.reason, "internal error") {
			t.Errorf("%s: %s", agent, res.Output)
		}
	}
}

func TestUnknownAgent(t *testing.T) {
	res := Handle("vim", []byte(`{}`), nil, Options{})
	if d := decode(t, "claude-code", res.Output); d.decision != "deny" || !strings.Contains(d.reason, "unknown agent") {
		t.Errorf("%s", res.Output)
	}
}

func TestAllowOption(t *testing.T) {
	res := Handle("codex", fixture(t, "codex-medium.json"), realClassifier(t), Options{Guardsh: testGuardsh, Allow: guard.Medium})
	d := decode(t, "codex", res.Output)
	if d.decision != "allow" {
		t.Fatalf("%s", res.Output)
	}
	if _, lvl := innerCommand(t, d.command); lvl != "medium" {
		t.Errorf("approved at %q", lvl)
	}
	res = Handle("codex", fixture(t, "codex-blocked.json"), realClassifier(t), Options{Guardsh: testGuardsh, Allow: guard.High})
	if d := decode(t, "codex", res.Output); d.decision != "deny" {
		t.Errorf("blocked allowed with Allow high: %s", res.Output)
	}
}

// TestCodexAllowWithoutGuardsh: Codex takes allow only with updatedInput,
// so without a guardsh to rewrite to the original command is given back.
func TestCodexAllowWithoutGuardsh(t *testing.T) {
	res := Handle("codex", fixture(t, "codex-safe.json"), realClassifier(t), Options{})
	if d := decode(t, "codex", res.Output); d.decision != "allow" || d.command != "git status" {
		t.Errorf("%s", res.Output)
	}
}

func TestQuote(t *testing.T) {
	for _, s := range []string{"", "ls", "it's", "a b", "$(x)", "'", "a\nb", `\`, "!", "*", "~"} {
		q := Quote(s)
		f, err := syntax.NewParser().Parse(strings.NewReader("x "+q), "")
		if err != nil {
			t.Fatalf("%q -> %q: %v", s, q, err)
		}
		w := f.Stmts[0].Cmd.(*syntax.CallExpr).Args
		if len(w) != 2 {
			t.Fatalf("%q -> %q: %d words", s, q, len(w))
		}
		got, err := unquote(w[1])
		if err != nil || got != s {
			t.Errorf("%q -> %q -> %q (%v)", s, q, got, err)
		}
	}
}

// unquote is a word after quote removal, as one string.
func unquote(w *syntax.Word) (string, error) {
	fields, err := expand.Fields(nil, w)
	if err != nil {
		return "", err
	}
	return strings.Join(fields, " "), nil
}

// TestSelfApproval: a model that asks to run guardsh with an approval of
// its own is asked about (Claude Code) or refused (Codex), not allowed.
func TestSelfApproval(t *testing.T) {
	for agent, want := range map[string]string{"claude-code": "ask", "codex": "deny"} {
		ev := `{"session_id":"s","transcript_path":"/t","cwd":"/home/u/proj","permission_mode":"default","hook_event_name":"PreToolUse",` +
			`"tool_name":"Bash","tool_input":{"command":"guardsh --approved high -c 'ls'"},"tool_use_id":"t"}`
		res := Handle(agent, []byte(ev), realClassifier(t), Options{Guardsh: testGuardsh})
		if d := decode(t, agent, res.Output); d.decision != want || !strings.Contains(d.reason, "guardsh_approve") {
			t.Errorf("%s: %s", agent, res.Output)
		}
	}
}

// TestEveryAgent answers each agent's fixtures of its real event format,
// one of each kind (testdata/hooks/AGENT-KIND.json): the decision follows
// the command's level and what the agent can do (ask, rewrite), the
// rewrite runs the original command whole (a here-document and the lines
// of a multi-line command kept), and a malformed event is a deny.
func TestEveryAgent(t *testing.T) {
	classify := realClassifier(t)
	const malformed, anyLevel guard.Level = -1, -2
	kinds := []struct {
		kind  string
		level guard.Level // the command's level
	}{
		{"safe", guard.Safe},
		{"blocked", guard.Blocked},
		{"medium", guard.Medium},
		{"heredoc", anyLevel}, // the decision follows its verdict
		{"multiline", guard.High},
		{"malformed", malformed},
	}
	for _, agent := range Agents() {
		ad := adapters[agent]
		for _, k := range kinds {
			t.Run(agent+"-"+k.kind, func(t *testing.T) {
				res := Handle(agent, fixture(t, agent+"-"+k.kind+".json"), classify, Options{Guardsh: testGuardsh})
				d := decode(t, agent, res.Output)
				if k.level == malformed {
					if d.decision != "deny" || !strings.Contains(d.reason, "not valid JSON") {
						t.Errorf("malformed: %s", res.Output)
					}
					return
				}
				if k.level >= 0 && res.Verdict.Level != k.level {
					t.Fatalf("the fixture's command is %v, want %v: %q", res.Verdict.Level, k.level, res.Command)
				}
				want := "allow"
				switch l := res.Verdict.Level; {
				case l >= guard.Blocked:
					want = "deny"
				case l >= guard.Medium && ad.canAsk:
					want = "ask"
				case l >= guard.Medium:
					want = "deny"
				}
				if d.decision != want {
					t.Fatalf("%v: %s, want %s\n%s", res.Verdict.Level, d.decision, want, res.Output)
				}
				if want == "deny" && !strings.Contains(d.reason, "Do not retry") {
					t.Errorf("deny without its advice: %s", d.reason)
				}
				if want == "deny" || ad.rewrite == nil {
					if d.command != "" && agent != "codex" {
						t.Errorf("a rewrite with %s: %q", want, d.command)
					}
					return
				}
				inner, approved := innerCommand(t, d.command)
				if inner != res.Command || approved != max(res.Verdict.Level, guard.Safe).String() {
					t.Errorf("rewrite runs %q at %q, want %q at %v\n%s", inner, approved, res.Command, res.Verdict.Level, d.command)
				}
			})
		}
	}
}

// TestOpenCodePluginText checks the plugin's text where node cannot run it
// (TestOpenCodePlugin in the main package runs it under node): one export,
// the hook OpenCode calls, the bash tool only, the rewrite, the throw, the
// time limit, and the command it runs in the one line OpenCodePluginArgv
// reads.
func TestOpenCodePluginText(t *testing.T) {
	p := string(OpenCodePlugin([]string{"/opt/g's/guardsh", "--hook", "opencode"}))
	for _, want := range []string{
		OpenCodePluginMarker + "\n",
		`import { spawn } from "node:child_process"`,
		`const GUARDSH = ["/opt/g's/guardsh","--hook","opencode"]`,
		`"tool.execute.before": async (input, output) => {`,
		`if (!input || input.tool !== "bash") return`,
		`output.args.command = answer.command`,
		`throw new Error(`,
		`child.kill("SIGKILL")`,
	} {
		if !strings.Contains(p, want) {
			t.Errorf("plugin lacks %q", want)
		}
	}
	if n := strings.Count(p, "\nexport "); n != 1 {
		t.Errorf("%d exports: OpenCode calls each as a plugin", n)
	}
	if strings.Count(p, "const GUARDSH = ") != 1 {
		t.Errorf("the command is not on one line")
	}
}

// TestNoAllowAdviceForSelfProtection checks that a hook that cannot ask
// does not advise --hook-allow for a command that would change what
// guards the agent (its hooks, guardsh's files), and still does for
// another command of the same level.
func TestNoAllowAdviceForSelfProtection(t *testing.T) {
	g, err := guard.New(guard.WithAgentHooks(guard.HookFile{Agent: "Codex", Path: "/home/u/.codex/hooks.json"}))
	if err != nil {
		t.Fatal(err)
	}
	classify := func(line, dir string) guard.Verdict {
		return g.Classify(line, guard.State{Dir: dir, Var: guard.MapVars(map[string]string{"HOME": "/home/u", "PWD": dir})})
	}
	event := func(cmd string) []byte {
		return []byte(`{"session_id":"s","cwd":"/home/u/proj","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":` + strconv.Quote(cmd) + `}}`)
	}
	for _, tt := range []struct {
		cmd    string
		advice bool
	}{
		{"echo '{}' > ~/.codex/hooks.json", false},
		{"guardsh --uninstall-hook codex", false},
		{"rm -rf ./build", true},
	} {
		res := Handle("codex", event(tt.cmd), classify, Options{Guardsh: testGuardsh})
		d := decode(t, "codex", res.Output)
		if d.decision != "deny" {
			t.Errorf("%q: %s", tt.cmd, res.Output)
		}
		if got := strings.Contains(d.reason, "--hook-allow"); got != tt.advice {
			t.Errorf("%q: advice %v, want %v: %s", tt.cmd, got, tt.advice, d.reason)
		}
	}
}
