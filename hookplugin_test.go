package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"guardsh/hook"
)

// TestInstallPlugin: guardsh's OpenCode plugin goes in the user's plugin
// directory next to the files already there, twice is once, a file of the
// same name that is not guardsh's is left alone, and uninstall removes
// guardsh's plugin only.
func TestInstallPlugin(t *testing.T) {
	home := agentHome(t)
	dir := filepath.Join(home, ".config", "opencode")
	other := filepath.Join(dir, "plugin", "notify.js")
	writeFile(t, other, "export const Notify = async () => ({})\n")
	writeFile(t, filepath.Join(dir, "opencode.json"), `{"$schema":"https://opencode.ai/config.json","plugin":["opencode-wakatime"]}`)
	path := filepath.Join(dir, "plugin", "guardsh.js")

	code, out, errs := runGuardsh(t, "--install-hook", "opencode")
	if code != 0 || !strings.Contains(out, "wrote guardsh's OpenCode plugin "+path) {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	got := readFile(t, path)
	argv, ok := hook.OpenCodePluginArgv([]byte(got))
	self, _ := os.Executable()
	if !ok || strings.Join(argv, " ") != self+" --hook opencode" {
		t.Errorf("plugin runs %q (%v)", argv, ok)
	}
	code, out, _ = runGuardsh(t, "--install-hook", "opencode")
	if code != 0 || !strings.Contains(out, "nothing changed") || readFile(t, path) != got {
		t.Errorf("second install: exit %d, %s", code, out)
	}
	code, out, _ = runGuardsh(t, "--install-hook", "opencode", "--hook-allow", "high")
	if code != 0 || !strings.Contains(out, "replaced") || !strings.Contains(out, ".guardsh-backup") {
		t.Errorf("install with --hook-allow: exit %d, %s", code, out)
	}
	if argv, _ := hook.OpenCodePluginArgv([]byte(readFile(t, path))); strings.Join(argv[1:], " ") != "--hook opencode --hook-allow high" {
		t.Errorf("plugin runs %q", argv)
	}
	if code, out, _ := runGuardsh(t, "--doctor"); code != 0 || !strings.Contains(out, "opencode     user     "+path+": installed: ") {
		t.Errorf("doctor: exit %d\n%s", code, out)
	}

	code, out, _ = runGuardsh(t, "--uninstall-hook", "opencode")
	if code != 0 || !strings.Contains(out, "removed guardsh's OpenCode plugin "+path) {
		t.Errorf("uninstall: exit %d, %s", code, out)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("plugin still there: %v", err)
	}
	if readFile(t, other) != "export const Notify = async () => ({})\n" {
		t.Errorf("another plugin changed")
	}
	code, out, _ = runGuardsh(t, "--uninstall-hook", "opencode")
	if code != 0 || !strings.Contains(out, "nothing changed") {
		t.Errorf("second uninstall: exit %d, %s", code, out)
	}

	// A guardsh.js of someone else's is neither replaced nor removed.
	writeFile(t, path, "export const Mine = async () => ({})\n")
	if code, _, errs := runGuardsh(t, "--install-hook", "opencode"); code != 1 || !strings.Contains(errs, "not guardsh's plugin") {
		t.Errorf("install over a foreign guardsh.js: exit %d, %s", code, errs)
	}
	if code, out, _ := runGuardsh(t, "--uninstall-hook", "opencode"); code != 0 || !strings.Contains(out, "nothing changed") {
		t.Errorf("uninstall of a foreign guardsh.js: exit %d, %s", code, out)
	}
	if readFile(t, path) != "export const Mine = async () => ({})\n" {
		t.Errorf("a foreign guardsh.js changed")
	}
}

// TestInstallPluginPlaces: --project writes .opencode/plugin/; a guardsh
// plugin already in plugins/ (the directory newer OpenCode documents) is
// replaced there, not doubled; the doctor flags one in both.
func TestInstallPluginPlaces(t *testing.T) {
	home := agentHome(t)
	proj := t.TempDir()
	t.Chdir(proj)
	if code, out, errs := runGuardsh(t, "--install-hook", "opencode", "--project"); code != 0 || !strings.Contains(out, filepath.Join(proj, ".opencode", "plugin", "guardsh.js")) {
		t.Fatalf("exit %d: %s%s", code, out, errs)
	}
	plugins := filepath.Join(home, ".config", "opencode", "plugins", "guardsh.js")
	writeFile(t, plugins, string(hook.OpenCodePlugin([]string{"/opt/old/guardsh", "--hook", "opencode"})))
	if code, out, _ := runGuardsh(t, "--install-hook", "opencode"); code != 0 || !strings.Contains(out, "replaced guardsh's OpenCode plugin "+plugins) {
		t.Fatalf("exit %d: %s", code, out)
	}
	if _, err := os.Stat(filepath.Join(home, ".config", "opencode", "plugin", "guardsh.js")); !os.IsNotExist(err) {
		t.Errorf("a second plugin was written: %v", err)
	}
	writeFile(t, filepath.Join(home, ".config", "opencode", "plugin", "guardsh.js"), string(hook.OpenCodePlugin([]string{"/opt/old/guardsh", "--hook", "opencode"})))
	code, out, _ := runGuardsh(t, "--doctor")
	if code != 1 || !strings.Contains(out, "runs it twice") || !strings.Contains(out, "/opt/old/guardsh, which is not an executable file") {
		t.Errorf("doctor: exit %d\n%s", code, out)
	}
}

// TestOpenCodePlugin runs guardsh's plugin under node as OpenCode runs it:
// each export is a plugin function, called with the context; its
// tool.execute.before hook is called with (input, output) for each tool
// call. An allowed command is rewritten (and the rewritten command runs
// git under guardsh), a refused one throws with guardsh's reason, other
// tools are untouched, and a guardsh that cannot be run or answers
// nonsense makes it throw (fail closed). Without node only the plugin's
// text is checked (TestInstallPlugin).
func TestOpenCodePlugin(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed: the plugin's text is checked by TestInstallPlugin only")
	}
	s := newSandbox(t, "git")
	guardsh, err := lookIn(strings.TrimPrefix(s.env[0], "PATH="), "guardsh")
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(s.dir, "oc")
	writeFile(t, filepath.Join(dir, "package.json"), `{"type":"module"}`)
	writeFile(t, filepath.Join(dir, "guardsh.js"), string(hook.OpenCodePlugin([]string{guardsh, "--hook", "opencode"})))
	writeFile(t, filepath.Join(dir, "missing.js"), string(hook.OpenCodePlugin([]string{filepath.Join(s.dir, "no-such-guardsh"), "--hook", "opencode"})))
	writeFile(t, filepath.Join(dir, "echo.js"), string(hook.OpenCodePlugin([]string{"/bin/echo", "not json"})))
	writeFile(t, filepath.Join(dir, "drive.js"), `
import { readFileSync } from "node:fs"
const cases = JSON.parse(readFileSync(0, "utf8"))
for (const c of cases) {
  const mod = await import("./" + c.plugin)
  const fns = Object.values(mod)
  if (fns.length !== 1 || typeof fns[0] !== "function") throw new Error("the plugin must export one function")
  const hooks = await fns[0]({ project: {}, client: {}, $: null, directory: c.directory, worktree: c.directory })
  const output = { args: c.args }
  try {
    await hooks["tool.execute.before"]({ tool: c.tool, sessionID: "ses_1", callID: "call_1" }, output)
    console.log(JSON.stringify({ args: output.args }))
  } catch (e) {
    console.log(JSON.stringify({ threw: String(e && e.message) }))
  }
}
`)
	type tcase struct {
		Plugin    string         `json:"plugin"`
		Tool      string         `json:"tool"`
		Args      map[string]any `json:"args"`
		Directory string         `json:"directory"`
	}
	cases := []tcase{
		{"guardsh.js", "bash", map[string]any{"command": "git status", "description": "Shows status", "timeout": 120000}, s.dir},
		{"guardsh.js", "bash", map[string]any{"command": "rm -rf /", "description": "d"}, s.dir},
		{"guardsh.js", "bash", map[string]any{"command": "git push --force origin main", "description": "d"}, s.dir},
		{"guardsh.js", "bash", map[string]any{"command": "cat > notes.txt <<'EOF'\nit's here\nEOF", "description": "d"}, s.dir},
		{"guardsh.js", "read", map[string]any{"filePath": ".env"}, s.dir},
		{"guardsh.js", "bash", map[string]any{"command": ""}, s.dir},
		{"missing.js", "bash", map[string]any{"command": "git status"}, s.dir},
		{"echo.js", "bash", map[string]any{"command": "git status"}, s.dir},
	}
	in, _ := json.Marshal(cases)
	cmd := exec.Command(node, "drive.js")
	cmd.Dir, cmd.Env, cmd.Stdin = dir, s.env, bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s%s", err, out, stderr.String())
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != len(cases) {
		t.Fatalf("%d answers for %d cases:\n%s", len(lines), len(cases), out)
	}
	type result struct {
		Args  map[string]any `json:"args"`
		Threw *string        `json:"threw"`
	}
	res := make([]result, len(lines))
	for i, l := range lines {
		if err := json.Unmarshal([]byte(l), &res[i]); err != nil {
			t.Fatalf("%q: %v", l, err)
		}
	}
	threw := func(i int, want ...string) {
		t.Helper()
		if res[i].Threw == nil {
			t.Errorf("case %d did not throw: %v", i, res[i].Args)
			return
		}
		for _, w := range want {
			if !strings.Contains(*res[i].Threw, w) {
				t.Errorf("case %d: %q lacks %q", i, *res[i].Threw, w)
			}
		}
	}
	rewritten := func(i int, command string) string {
		t.Helper()
		if res[i].Threw != nil {
			t.Fatalf("case %d threw %q", i, *res[i].Threw)
		}
		c, _ := res[i].Args["command"].(string)
		if want := hook.Rewrite(guardsh, 0, command); c != want {
			t.Errorf("case %d: command %q, want %q", i, c, want)
		}
		return c
	}
	status := rewritten(0, "git status")
	if res[0].Args["description"] != "Shows status" || res[0].Args["timeout"] != float64(120000) {
		t.Errorf("the other arguments changed: %v", res[0].Args)
	}
	threw(1, "blocked (rule rm_rf_root)", "Do not retry another spelling")
	threw(2, "git_push_force", "OpenCode cannot ask", "--hook-allow medium")
	rewritten(3, "cat > notes.txt <<'EOF'\nit's here\nEOF")
	if c, _ := res[4].Args["filePath"].(string); res[4].Threw != nil || c != ".env" || len(res[4].Args) != 1 {
		t.Errorf("another tool was touched: %+v", res[4])
	}
	threw(5, "no command", "fail closed")
	threw(6, "cannot start", "fail closed")
	threw(7, "no answer", "fail closed")

	// OpenCode runs the rewritten command with its shell in the command's
	// directory: git runs, under guardsh.
	sh := exec.Command("sh", "-c", status)
	sh.Dir, sh.Env = s.dir, s.env
	if b, err := sh.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", status, err, b)
	}
	if got := s.calls(); got != "git status\n" {
		t.Errorf("calls %q", got)
	}
	// The decisions are in the audit log, from opencode.
	if b, _ := os.ReadFile(filepath.Join(s.dir, ".xdg_state_home", "guardsh", "audit.jsonl")); !bytes.Contains(b, []byte(`"decision":"refused","how":"hook","dir":"`+s.dir+`","agent":"opencode"`)) {
		t.Errorf("audit log:\n%s", b)
	}
}
