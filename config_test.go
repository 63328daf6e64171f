package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"guardsh/guard"
)

// settingsEnv points HOME, XDG_* and the policy into a temporary directory
// and writes the files given (paths relative to it).
func settingsEnv(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	t.Setenv("HOME", filepath.Join(dir, "home"))
	t.Setenv("XDG_CONFIG_HOME", "")
	t.Setenv("XDG_STATE_HOME", "")
	if v, ok := os.LookupEnv(parentVar); ok {
		// Tests run under a guardsh see no parent of theirs.
		os.Unsetenv(parentVar)
		t.Cleanup(func() { os.Setenv(parentVar, v) })
	}
	old := policyPath
	policyPath = filepath.Join(dir, "etc/guardsh/policy.toml")
	t.Cleanup(func() { policyPath = old })
	for name, data := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const userConfigFile = "home/.config/guardsh/config.toml"

func loadTest(t *testing.T, o options) (settings, *guard.Guard, string) {
	t.Helper()
	var stderr bytes.Buffer
	s := loadSettings(o, &stderr)
	g, err := guard.New(s.opts...)
	if err != nil {
		t.Fatalf("options do not build a guard: %v", err)
	}
	return s, g, stderr.String()
}

func rule(g *guard.Guard, name string) (guard.Rule, bool) {
	for _, r := range g.Rules() {
		if r.Name == name {
			return r, true
		}
	}
	return guard.Rule{}, false
}

func TestLoadSettingsNoFiles(t *testing.T) {
	dir := settingsEnv(t, nil)
	s, g, stderr := loadTest(t, options{})
	if stderr != "" || len(s.problems) != 0 {
		t.Errorf("stderr %q", stderr)
	}
	if g.BlockLevel() != guard.Blocked {
		t.Errorf("block level %v", g.BlockLevel())
	}
	if want := filepath.Join(dir, userConfigFile); s.configFile != want {
		t.Errorf("config file %q, want %q", s.configFile, want)
	}
	if want := filepath.Join(dir, "home/.local/state/guardsh/history"); s.historyFile != want {
		t.Errorf("history %q, want %q", s.historyFile, want)
	}
	for _, p := range []string{s.configFile, policyPath, s.historyFile, s.auditFile} {
		if !slices.Contains(s.protected, p) {
			t.Errorf("%s not protected: %v", p, s.protected)
		}
	}
	exe, _ := os.Executable()
	if !slices.Contains(s.protected, exe) {
		t.Errorf("binary %s not protected", exe)
	}
}

func TestLoadSettingsXDG(t *testing.T) {
	dir := settingsEnv(t, map[string]string{"xdg/guardsh/config.toml": "color = \"never\"\n"})
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(dir, "xdg"))
	t.Setenv("XDG_STATE_HOME", filepath.Join(dir, "state"))
	s, _, stderr := loadTest(t, options{})
	if stderr != "" || s.cfg.Color != "never" {
		t.Errorf("XDG config not read: %q %v", stderr, s.cfg)
	}
	if want := filepath.Join(dir, "state/guardsh/audit.jsonl"); s.auditFile != want {
		t.Errorf("audit %q, want %q", s.auditFile, want)
	}
	// A relative XDG directory is ignored, as the spec says.
	t.Setenv("XDG_CONFIG_HOME", "xdg")
	if s, _, _ := loadTest(t, options{}); s.cfg.Color != "" {
		t.Error("relative XDG_CONFIG_HOME used")
	}
}

func TestLoadSettingsUserConfig(t *testing.T) {
	settingsEnv(t, map[string]string{userConfigFile: `
block_level = "high"
ask = "risky"
disable = ["guardsh_self"]
[[pattern]]
name = "deploy_prod"
pattern = 'deploy\s+--prod'
level = "high"
description = "deploys to production"
`})
	s, g, stderr := loadTest(t, options{})
	if stderr != "" {
		t.Errorf("stderr %q", stderr)
	}
	if g.BlockLevel() != guard.High || s.cfg.Ask != "risky" {
		t.Errorf("block level %v, ask %q", g.BlockLevel(), s.cfg.Ask)
	}
	if r, ok := rule(g, "deploy_prod"); !ok || r.Origin != "config" {
		t.Errorf("pattern rule %+v", r)
	}
	if r, _ := rule(g, "guardsh_self"); !r.Disabled {
		t.Errorf("guardsh_self not disabled: %+v", r)
	}
	if v := g.Classify("deploy --prod", guard.State{}); v.Level != guard.High || !v.Blocked {
		t.Errorf("deploy --prod: %v blocked=%v", v.Level, v.Blocked)
	}
}

func TestLoadSettingsExplicitConfig(t *testing.T) {
	dir := settingsEnv(t, map[string]string{"other.toml": "color = \"always\"\n", userConfigFile: "color = \"never\"\n"})
	s, _, stderr := loadTest(t, options{configFile: filepath.Join(dir, "other.toml")})
	if stderr != "" || s.cfg.Color != "always" {
		t.Errorf("--config not used: %q %v", stderr, s.cfg)
	}
	if !slices.Contains(s.protected, filepath.Join(dir, userConfigFile)) || !slices.Contains(s.protected, filepath.Join(dir, "other.toml")) {
		t.Errorf("both configs must be protected: %v", s.protected)
	}
	_, _, stderr = loadTest(t, options{configFile: filepath.Join(dir, "missing.toml")})
	if !strings.Contains(stderr, "missing.toml") || !strings.Contains(stderr, "every built-in rule") {
		t.Errorf("missing --config file: %q", stderr)
	}
}

func TestLoadSettingsBadUserConfig(t *testing.T) {
	dir := settingsEnv(t, map[string]string{userConfigFile: `disable = ["guardsh_self", "no_such_rule"]
block_level = "medium"
[[pattern]]
name = "deploy_prod"
pattern = "deploy --prod"
level = "high"
[[pattern]]
name = "broken"
pattern = "(x"
level = "high"
`})
	file := filepath.Join(dir, userConfigFile)
	s, g, stderr := loadTest(t, options{})
	for _, want := range []string{
		file + `:1: disable: unknown rule "no_such_rule"; run guardsh --rules`,
		file + ":7: [[pattern]] broken: bad regular expression",
		file + " has errors",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if r, _ := rule(g, "guardsh_self"); r.Disabled {
		t.Error("a broken config disabled a rule")
	}
	if _, ok := rule(g, "deploy_prod"); !ok {
		t.Error("a broken config lost its valid pattern")
	}
	if g.BlockLevel() != guard.Medium {
		t.Errorf("stricter block level dropped: %v", g.BlockLevel())
	}
	if len(s.problems) != strings.Count(stderr, "\n") {
		t.Errorf("problems %q vs stderr %q", s.problems, stderr)
	}

	// TOML that does not parse at all: every built-in rule, nothing else.
	os.WriteFile(file, []byte("block_level = \n"), 0o644)
	_, g, stderr = loadTest(t, options{})
	if !strings.Contains(stderr, file+":1:") || g.BlockLevel() != guard.Blocked {
		t.Errorf("syntax error: %q, block level %v", stderr, g.BlockLevel())
	}
}

const testPolicyFile = `block_level = "high"
allow_user_allowlist = false
[levels]
guardsh_self = "blocked"
[[pattern]]
name = "drop_db"
pattern = "drop database"
level = "blocked"
description = "drops a database"
`

func TestLoadSettingsPolicy(t *testing.T) {
	dir := settingsEnv(t, map[string]string{
		"etc/guardsh/policy.toml": testPolicyFile,
		userConfigFile: `block_level = "blocked"
disable = ["guardsh_self", "drop_db"]
[levels]
drop_db = "medium"
[[allow]]
command = "jq"
`})
	file := filepath.Join(dir, userConfigFile)
	s, g, stderr := loadTest(t, options{})
	for _, want := range []string{
		file + `:1: block_level = "blocked" is ignored`,
		file + `:2: disable = ["guardsh_self"] is ignored`,
		file + `:2: disable = ["drop_db"] is ignored`,
		file + `:4: [levels] drop_db = "medium" is ignored`,
		file + `:5: [[allow]] jq is ignored`,
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if g.BlockLevel() != guard.High || len(s.cfg.Allow) != 0 {
		t.Errorf("block level %v, allow %v", g.BlockLevel(), s.cfg.Allow)
	}
	if r, _ := rule(g, "drop_db"); r.Origin != "policy" || r.Level != guard.Blocked || r.Disabled {
		t.Errorf("drop_db %+v", r)
	}
	if r, _ := rule(g, "guardsh_self"); r.Level != guard.Blocked || r.Disabled {
		t.Errorf("guardsh_self %+v", r)
	}
}

func TestLoadSettingsBrokenPolicy(t *testing.T) {
	dir := settingsEnv(t, map[string]string{
		"etc/guardsh/policy.toml": "[levels]\nno_such_rule = \"high\"\n",
		userConfigFile:            "block_level = \"blocked\"\ndisable = [\"guardsh_self\"]\ncolor = \"never\"\n",
	})
	s, g, stderr := loadTest(t, options{})
	if !s.policyBroken || g.BlockLevel() != guard.InfoLeak {
		t.Errorf("broken policy: broken=%v block level %v", s.policyBroken, g.BlockLevel())
	}
	for _, want := range []string{filepath.Join(dir, "etc/guardsh/policy.toml") + `:2: [levels]: unknown rule "no_such_rule"`, "refusing every line above safe"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if r, _ := rule(g, "guardsh_self"); r.Disabled {
		t.Error("user config loosened rules under a broken policy")
	}

	// An unreadable policy (a directory here) is broken too.
	settingsEnv(t, map[string]string{"etc/guardsh/policy.toml/x": ""})
	s, g, _ = loadTest(t, options{})
	if !s.policyBroken || g.BlockLevel() != guard.InfoLeak {
		t.Errorf("unreadable policy: broken=%v block level %v", s.policyBroken, g.BlockLevel())
	}
}

func TestPolicyPathFromTestBuild(t *testing.T) {
	// policy_test.go points the test binary away from /etc.
	if policyPath == "/etc/guardsh/policy.toml" {
		t.Error("the test binary reads the real policy")
	}
}

func TestColorMode(t *testing.T) {
	for in, want := range map[string]string{"": "auto", "auto": "auto", "always": "always", "never": "never"} {
		s := settings{cfg: guard.Config{Color: in}}
		if got := s.colorMode().String(); got != want {
			t.Errorf("color %q: %s, want %s", in, got, want)
		}
	}
}

// TestProtectedPaths checks that guardsh's own files are protected as
// written and where their symbolic links lead, also before they exist.
func TestProtectedPaths(t *testing.T) {
	tmp := t.TempDir()
	real := filepath.Join(tmp, "real")
	if err := os.MkdirAll(filepath.Join(real, "state"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(real, filepath.Join(tmp, "link")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(real, "state", "target"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(real, "state", "target"), filepath.Join(real, "state", "history")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(real, "nowhere"), filepath.Join(real, "state", "dangling")); err != nil {
		t.Fatal(err)
	}
	got := protectedPaths(
		filepath.Join(tmp, "link", "state", "history"),          // a link in a linked directory
		filepath.Join(tmp, "link", "state", "audit.jsonl"),      // not made yet
		filepath.Join(tmp, "link", "state", "audit.jsonl"),      // twice
		filepath.Join(tmp, "link", "state", "..", "state", "x"), // not clean
		filepath.Join(tmp, "missing", "config.toml"),            // no such directory
		filepath.Join(tmp, "link", "state", "dangling"),
		"",
	)
	for _, want := range []string{
		filepath.Join(tmp, "link", "state", "history"),
		filepath.Join(real, "state", "target"),
		filepath.Join(tmp, "link", "state", "audit.jsonl"),
		filepath.Join(real, "state", "audit.jsonl"),
		filepath.Join(tmp, "link", "state", "x"),
		filepath.Join(real, "state", "x"),
		filepath.Join(tmp, "missing", "config.toml"),
		filepath.Join(tmp, "link", "state", "dangling"),
	} {
		if !slices.Contains(got, want) {
			t.Errorf("protectedPaths: %q missing from %q", want, got)
		}
	}
	seen := map[string]bool{}
	for _, p := range got {
		if seen[p] {
			t.Errorf("protectedPaths: %q twice in %q", p, got)
		}
		seen[p] = true
	}
	if exe, err := os.Executable(); err == nil && !slices.Contains(got, filepath.Clean(exe)) {
		t.Errorf("protectedPaths: the binary %q missing from %q", exe, got)
	}
}
