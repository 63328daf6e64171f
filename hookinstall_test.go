package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// agentHome points HOME, XDG_* and CODEX_HOME into a temporary directory
// and returns it.
func agentHome(t *testing.T) string {
	t.Helper()
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	t.Setenv("XDG_STATE_HOME", filepath.Join(home, ".state"))
	t.Setenv("CODEX_HOME", "")
	return home
}

func runGuardsh(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(append([]string{"guardsh"}, args...), strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

func writeFile(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// sameJSON reports whether two JSON texts hold the same value.
func sameJSON(t *testing.T, a, b string) bool {
	t.Helper()
	var va, vb any
	if err := json.Unmarshal([]byte(a), &va); err != nil {
		t.Fatalf("%v: %s", err, a)
	}
	if err := json.Unmarshal([]byte(b), &vb); err != nil {
		t.Fatalf("%v: %s", err, b)
	}
	ja, _ := json.Marshal(va)
	jb, _ := json.Marshal(vb)
	return bytes.Equal(ja, jb)
}

// existing settings of each agent, with hooks of their own.
var existingSettings = map[string]struct{ file, data, event string }{
	"claude-code": {".claude/settings.json", `{"model":"opus","env":{"A":"1"},"hooks":{"PreToolUse":[{"matcher":"Edit|Write","hooks":[{"type":"command","command":"prettier --check"}]},{"matcher":"Bash","hooks":[{"type":"command","command":"audit-bash"}]}],"Stop":[{"hooks":[{"type":"command","command":"notify-send done"}]}]},"permissions":{"allow":["Bash(npm test:*)"]}}`, "PreToolUse"},
	"codex":       {".codex/hooks.json", `{"hooks":{"SessionStart":[{"matcher":"startup","hooks":[{"type":"command","command":"load-context"}]}],"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"other-guard"}]}]}}`, "PreToolUse"},
	"gemini-cli":  {".gemini/settings.json", `{"theme":"Dracula","hooks":{"enabled":true,"BeforeTool":[{"matcher":"write_file","hooks":[{"name":"lint","type":"command","command":"lint.sh"}]}]},"tools":{"sandbox":false}}`, "BeforeTool"},
	"cursor":      {".cursor/hooks.json", `{"version":1,"hooks":{"afterFileEdit":[{"command":"fmt.sh"}],"beforeShellExecution":[{"command":"log-shell"}]}}`, "beforeShellExecution"},
}

func TestInstallHook(t *testing.T) {
	for agent, ex := range existingSettings {
		t.Run(agent, func(t *testing.T) {
			home := agentHome(t)
			path := filepath.Join(home, ex.file)
			writeFile(t, path, ex.data)

			code, out, errs := runGuardsh(t, "--install-hook", agent)
			if code != 0 || !strings.Contains(out, "added guardsh's hook to "+path) || !strings.Contains(out, ".guardsh-backup") {
				t.Fatalf("exit %d\n%s%s", code, out, errs)
			}
			after := readFile(t, path)
			if !sameJSON(t, readFile(t, path+".guardsh-backup"), ex.data) {
				t.Errorf("backup differs from the old file")
			}
			installed, err := hookInstalled(agent, path)
			if err != nil || !installed {
				t.Errorf("hookInstalled = %v, %v\n%s", installed, err, after)
			}
			// Everything already there stays: removing guardsh's entry
			// gives the old file back.
			back, n, err := editHooks([]byte(after), agent, agentSetups[agent], "")
			if err != nil || n != 1 || !sameJSON(t, string(back), ex.data) {
				t.Errorf("removing guardsh's entry: %d, %v\n%s\nwant %s", n, err, back, ex.data)
			}
			if !strings.Contains(after, "--hook "+agent) {
				t.Errorf("no hook command:\n%s", after)
			}

			// Twice is once.
			code, out, _ = runGuardsh(t, "--install-hook", agent)
			if code != 0 || !strings.Contains(out, "nothing changed") || readFile(t, path) != after {
				t.Errorf("second install: exit %d, %s", code, out)
			}

			code, out, _ = runGuardsh(t, "--uninstall-hook", agent)
			if code != 0 || !strings.Contains(out, "removed guardsh's hook") {
				t.Errorf("uninstall: exit %d, %s", code, out)
			}
			if !sameJSON(t, readFile(t, path), ex.data) {
				t.Errorf("uninstall did not give the old settings back:\n%s", readFile(t, path))
			}
			code, out, _ = runGuardsh(t, "--uninstall-hook", agent)
			if code != 0 || !strings.Contains(out, "nothing changed") {
				t.Errorf("second uninstall: exit %d, %s", code, out)
			}
		})
	}
}

// TestInstallHookNewFile: without settings, the file and its directory
// are made.
func TestInstallHookNewFile(t *testing.T) {
	home := agentHome(t)
	code, out, errs := runGuardsh(t, "--install-hook", "gemini-cli", "--hook-allow", "medium")
	if code != 0 {
		t.Fatalf("exit %d: %s%s", code, out, errs)
	}
	got := readFile(t, filepath.Join(home, ".gemini", "settings.json"))
	if !strings.Contains(got, `"matcher": "run_shell_command"`) || !strings.Contains(got, "--hook gemini-cli --hook-allow medium") {
		t.Errorf("%s", got)
	}
	if strings.Contains(out, "backup") {
		t.Errorf("backup of no file: %s", out)
	}
}

func TestInstallHookCodexHome(t *testing.T) {
	agentHome(t)
	dir := t.TempDir()
	t.Setenv("CODEX_HOME", dir)
	if code, out, errs := runGuardsh(t, "--install-hook", "codex"); code != 0 {
		t.Fatalf("exit %d: %s%s", code, out, errs)
	}
	if ok, err := hookInstalled("codex", filepath.Join(dir, "hooks.json")); !ok || err != nil {
		t.Errorf("not in $CODEX_HOME/hooks.json: %v", err)
	}
}

func TestInstallHookProject(t *testing.T) {
	agentHome(t)
	proj := t.TempDir()
	t.Chdir(proj)
	if code, out, errs := runGuardsh(t, "--install-hook", "copilot-cli"); code != 1 || !strings.Contains(errs, "--project") {
		t.Errorf("copilot-cli without --project: exit %d: %s%s", code, out, errs)
	}
	for _, agent := range []string{"claude-code", "copilot-cli", "cursor"} {
		if code, out, errs := runGuardsh(t, "--install-hook", agent, "--project"); code != 0 {
			t.Fatalf("%s: exit %d: %s%s", agent, code, out, errs)
		}
	}
	got := readFile(t, filepath.Join(proj, ".github", "hooks", "guardsh.json"))
	if !strings.Contains(got, `"version": 1`) || !strings.Contains(got, `"preToolUse"`) || !strings.Contains(got, `"bash": `) {
		t.Errorf("%s", got)
	}
	if ok, _ := hookInstalled("claude-code", filepath.Join(proj, ".claude", "settings.json")); !ok {
		t.Errorf("claude-code project hook missing")
	}
}

// TestInstallHookBadFile: a settings file guardsh cannot parse is left
// alone, and the command fails.
func TestInstallHookBadFile(t *testing.T) {
	home := agentHome(t)
	path := filepath.Join(home, ".claude", "settings.json")
	for _, bad := range []string{`{"hooks": [}`, `[1,2]`, `{"hooks": 3}`, `{"hooks": {"PreToolUse": {}}}`} {
		writeFile(t, path, bad)
		code, _, errs := runGuardsh(t, "--install-hook", "claude-code")
		if code != 1 || !strings.Contains(errs, "left as it is") || readFile(t, path) != bad {
			t.Errorf("%s: exit %d: %s", bad, code, errs)
		}
	}
	if code, _, errs := runGuardsh(t, "--install-hook", "vim"); code != 1 || !strings.Contains(errs, "unknown agent") {
		t.Errorf("unknown agent: %d %s", code, errs)
	}
}

// TestInstallHookReplaces: an entry of an older guardsh (another path) is
// replaced, not doubled; another tool's hook named like guardsh's is kept.
func TestInstallHookReplaces(t *testing.T) {
	home := agentHome(t)
	path := filepath.Join(home, ".claude", "settings.json")
	writeFile(t, path, `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"/opt/old/guardsh --hook claude-code"},{"type":"command","command":"guardsh-stats --hook codex"}]}]}}`)
	code, out, _ := runGuardsh(t, "--install-hook", "claude-code")
	if code != 0 || !strings.Contains(out, "replaced") {
		t.Fatalf("exit %d: %s", code, out)
	}
	got := readFile(t, path)
	if strings.Contains(got, "/opt/old/guardsh") || strings.Count(got, "--hook claude-code") != 1 || !strings.Contains(got, "guardsh-stats --hook codex") {
		t.Errorf("%s", got)
	}
}

// TestInstallHookCopilotExisting: Copilot CLI's project hooks, with a hook
// of another tool already in guardsh's file and another file beside it:
// both stay, twice is once, uninstall gives the file back.
func TestInstallHookCopilotExisting(t *testing.T) {
	agentHome(t)
	proj := t.TempDir()
	t.Chdir(proj)
	path := filepath.Join(proj, ".github", "hooks", "guardsh.json")
	old := `{"version":1,"hooks":{"preToolUse":[{"type":"command","bash":"./scripts/audit.sh","timeoutSec":10}],"sessionStart":[{"type":"command","bash":"echo hi"}]}}`
	other := filepath.Join(proj, ".github", "hooks", "lint.json")
	writeFile(t, path, old)
	writeFile(t, other, `{"version":1,"hooks":{"postToolUse":[{"type":"command","bash":"lint"}]}}`)
	if code, out, errs := runGuardsh(t, "--install-hook", "copilot-cli", "--project"); code != 0 || !strings.Contains(out, "added guardsh's hook") {
		t.Fatalf("exit %d: %s%s", code, out, errs)
	}
	after := readFile(t, path)
	if !strings.Contains(after, "./scripts/audit.sh") || !strings.Contains(after, "--hook copilot-cli") || !strings.Contains(after, "echo hi") {
		t.Errorf("%s", after)
	}
	if code, out, _ := runGuardsh(t, "--install-hook", "copilot-cli", "--project"); code != 0 || !strings.Contains(out, "nothing changed") {
		t.Errorf("second install: %d %s", code, out)
	}
	if code, _, _ := runGuardsh(t, "--uninstall-hook", "copilot-cli", "--project"); code != 0 || !sameJSON(t, readFile(t, path), old) {
		t.Errorf("uninstall: %d\n%s", code, readFile(t, path))
	}
	if readFile(t, other) != `{"version":1,"hooks":{"postToolUse":[{"type":"command","bash":"lint"}]}}` {
		t.Errorf("another hooks file changed")
	}
}
