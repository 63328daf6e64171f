package main

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"guardsh/guard"
	"guardsh/hook"
)

// TestAgentHookFiles checks that rule agent_hooks protects every file
// --install-hook writes, user-level and project-level, for every agent,
// and the other files that add hooks or turn them off.
func TestAgentHookFiles(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("CODEX_HOME", "")
	t.Setenv("COPILOT_HOME", "")
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, "xdg"))
	hs := agentHookFiles(home)
	has := func(p string, dir bool) bool {
		return slices.ContainsFunc(hs, func(h guard.HookFile) bool { return h.Path == p && h.Dir == dir })
	}
	for _, agent := range hook.Agents() {
		if agent == openCodeAgent {
			continue
		}
		s := agentSetups[agent]
		proj := s.project("")
		if s.dirHooks {
			proj = filepath.Dir(proj)
		}
		if !has(proj, s.dirHooks) {
			t.Errorf("%s: the project's %s is not protected: %v", agent, proj, hs)
		}
		if s.user != nil && !has(s.user(home), false) {
			t.Errorf("%s: the user's %s is not protected", agent, s.user(home))
		}
	}
	for _, want := range []struct {
		p   string
		dir bool
	}{
		{filepath.Join(home, ".claude", "settings.local.json"), false},
		{".claude/settings.local.json", false},
		{filepath.Join(home, ".codex", "config.toml"), false},
		{filepath.Join(home, ".copilot", "hooks"), true},
		{filepath.Join(home, "xdg", "opencode", "plugin"), true},
		{filepath.Join(home, "xdg", "opencode", "plugins"), true},
		{".opencode/plugin", true},
		{"opencode.json", false},
	} {
		if !has(want.p, want.dir) {
			t.Errorf("%s (dir %v) is not protected: %v", want.p, want.dir, hs)
		}
	}
	for _, h := range hs {
		if h.Agent == "" || h.Agent == h.Path {
			t.Errorf("%s: no agent name", h.Path)
		}
	}

	// CODEX_HOME moves Codex's files.
	t.Setenv("CODEX_HOME", filepath.Join(home, "cx"))
	hs = agentHookFiles(home)
	if !has(filepath.Join(home, "cx", "hooks.json"), false) || !has(filepath.Join(home, "cx", "config.toml"), false) {
		t.Errorf("CODEX_HOME: %v", hs)
	}
}

// TestAgentHookFilesSymlink checks that a settings directory reached
// through a symbolic link is protected where it really is, which is the
// path the supervisor reports.
func TestAgentHookFilesSymlink(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	real := filepath.Join(home, "dotfiles", "claude")
	mustMkdir(t, real)
	mustSymlink(t, real, filepath.Join(home, ".claude"))
	hs := agentHookFiles(home)
	if !slices.ContainsFunc(hs, func(h guard.HookFile) bool { return h.Path == filepath.Join(real, "settings.json") }) {
		t.Errorf("the real path of ~/.claude/settings.json is not protected: %v", hs)
	}
}

func mustMkdir(t *testing.T, dir string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
}

func mustSymlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkAgentHookFiles measures what the agents' hooks files add to
// every start of guardsh.
func BenchmarkAgentHookFiles(b *testing.B) {
	home := b.TempDir()
	b.Setenv("HOME", home)
	if err := os.MkdirAll(filepath.Join(home, ".claude"), 0o755); err != nil {
		b.Fatal(err)
	}
	for i := 0; i < b.N; i++ {
		agentHookFiles(home)
	}
}
