package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"guardsh/hook"
)

// TestHookHugeInput: an event larger than the bound is denied without
// being read whole, and guardsh exits 0.
func TestHookHugeInput(t *testing.T) {
	t.Setenv("HOME", t.TempDir())
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	for _, agent := range hook.Agents() {
		huge := io.MultiReader(strings.NewReader(`{"command":"`), io.LimitReader(zeros{}, 64<<20))
		var out, errb bytes.Buffer
		if code := run([]string{"guardsh", "--hook", agent}, huge, &out, &errb); code != 0 {
			t.Errorf("%s: exit %d", agent, code)
		}
		if !strings.Contains(out.String(), `deny`) || !strings.Contains(out.String(), "larger than 4 MiB") {
			t.Errorf("%s: %s", agent, out.String())
		}
	}
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'a'
	}
	return len(p), nil
}

// TestHookRewriteReplay replays what Claude Code does with guardsh's hook:
// the hook rewrites `cd sub && git status`, Claude Code wraps the
// rewritten command in its own line (source the snapshot, eval the
// command, write `pwd -P` to its directory file) and runs it with bash.
// git (a fake) runs under guardsh, and the directory file names sub: the
// cd made inside guardsh is followed.
func TestHookRewriteReplay(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	s := newSandbox(t, "git")
	sub := filepath.Join(s.dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ command, wantDir, wantCalls string }{
		{"cd sub && git status", sub, "git status\n"},
		{"git status", s.dir, "git status\n"},
		{"cd sub; git log --oneline -1 >/dev/null; false", "", "git log --oneline -1\n"},
	} {
		os.Remove(filepath.Join(s.dir, "calls.log"))
		event, _ := json.Marshal(map[string]any{
			"session_id": "s", "transcript_path": "/t.jsonl", "cwd": s.dir, "permission_mode": "default",
			"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_use_id": "t",
			"tool_input": map[string]any{"command": tc.command, "description": "d"},
		})
		cmd := s.command("--hook", "claude-code")
		cmd.Stdin = bytes.NewReader(event)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("%s: %v", tc.command, err)
		}
		var answer struct {
			H struct {
				Decision string `json:"permissionDecision"`
				Input    struct {
					Command string `json:"command"`
				} `json:"updatedInput"`
			} `json:"hookSpecificOutput"`
		}
		if err := json.Unmarshal(out, &answer); err != nil || answer.H.Decision != "allow" {
			t.Fatalf("%s: %v %s", tc.command, err, out)
		}
		cwdFile := filepath.Join(s.dir, "claude-4f2a-cwd")
		os.Remove(cwdFile)
		wrapper := "source " + filepath.Join(s.dir, "snapshot.sh") + " 2>/dev/null || true && " +
			"{ shopt -u extglob || setopt NO_EXTENDED_GLOB; } >/dev/null 2>&1 || true && " +
			"eval " + hook.Quote(answer.H.Input.Command) + " < /dev/null && pwd -P >| " + cwdFile
		run := exec.Command("bash", "-c", wrapper)
		run.Env, run.Dir = s.env, s.dir
		runOut, err := run.CombinedOutput()
		if tc.wantDir == "" {
			if err == nil {
				t.Errorf("%s: the status was lost", tc.command)
			}
		} else if err != nil {
			t.Errorf("%s: %v\n%s", tc.command, err, runOut)
		}
		if got := s.calls(); got != tc.wantCalls {
			t.Errorf("%s: calls %q, want %q", tc.command, got, tc.wantCalls)
		}
		b, _ := os.ReadFile(cwdFile)
		if got := strings.TrimSpace(string(b)); got != tc.wantDir {
			t.Errorf("%s: directory file %q, want %q", tc.command, got, tc.wantDir)
		}
	}
}

// TestHookRewriteRuns: for each agent that takes a rewritten command, the
// command guardsh's hook gives back for its safe fixture (git status, in
// the event's directory) runs git under guardsh, approved at safe by the
// hook (the audit log says so), when the agent's shell runs it
// (hook_approved.txtar tests what guardsh --approved refuses as it runs).
func TestHookRewriteRuns(t *testing.T) {
	s := newSandbox(t, "git")
	audit := filepath.Join(s.dir, ".xdg_state_home", "guardsh", "audit.jsonl")
	for _, agent := range []string{"claude-code", "codex", "gemini-cli", "copilot-cli", "opencode"} {
		for _, tc := range []struct{ command, calls string }{
			{"git status", "git status\n"},
		} {
			b, err := os.ReadFile(filepath.Join("testdata", "hooks", agent+"-safe.json"))
			if err != nil {
				t.Fatal(err)
			}
			var ev map[string]any
			if err := json.Unmarshal(b, &ev); err != nil {
				t.Fatal(err)
			}
			// The event as the agent sends it from the sandbox, with the
			// test's command.
			switch agent {
			case "copilot-cli":
				ev["cwd"] = s.dir
				args, _ := json.Marshal(map[string]any{"command": tc.command, "description": "d"})
				ev["toolArgs"] = string(args)
			case "opencode":
				ev["directory"], ev["worktree"] = s.dir, s.dir
				ev["output"].(map[string]any)["args"].(map[string]any)["command"] = tc.command
			default:
				ev["cwd"] = s.dir
				ev["tool_input"].(map[string]any)["command"] = tc.command
			}
			event, _ := json.Marshal(ev)
			cmd := s.command("--hook", agent)
			cmd.Stdin = bytes.NewReader(event)
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("%s: %v", agent, err)
			}
			var a map[string]any
			if err := json.Unmarshal(out, &a); err != nil {
				t.Fatalf("%s: %v: %s", agent, err, out)
			}
			obj := func(m map[string]any, k string) map[string]any { o, _ := m[k].(map[string]any); return o }
			var rewritten any
			switch agent {
			case "claude-code", "codex":
				rewritten = obj(obj(a, "hookSpecificOutput"), "updatedInput")["command"]
			case "gemini-cli":
				rewritten = obj(obj(a, "hookSpecificOutput"), "tool_input")["command"]
			case "copilot-cli":
				rewritten = obj(a, "modifiedArgs")["command"]
			case "opencode":
				rewritten = a["command"]
			}
			line, ok := rewritten.(string)
			if !ok || !strings.Contains(line, "--approved safe -c ") {
				t.Fatalf("%s %q: no rewrite: %s", agent, tc.command, out)
			}
			os.Remove(filepath.Join(s.dir, "calls.log"))
			os.Remove(audit)
			sh := exec.Command("sh", "-c", line)
			sh.Env, sh.Dir = s.env, s.dir
			shOut, err := sh.CombinedOutput()
			if err != nil {
				t.Errorf("%s %q: %v\n%s", agent, tc.command, err, shOut)
			}
			if got := s.calls(); got != tc.calls {
				t.Errorf("%s %q: calls %q, want %q", agent, tc.command, got, tc.calls)
			}
			if rec, _ := os.ReadFile(audit); !bytes.Contains(rec, []byte(`"how":"approved at safe by a hook"`)) {
				t.Errorf("%s %q: not run under guardsh approved by the hook:\n%s", agent, tc.command, rec)
			}
		}
	}
}
