package allowlist

import (
	"slices"
	"strings"
	"testing"
)

func envMap(env []string) map[string]string {
	m := map[string]string{}
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		m[k] = v
	}
	return m
}

func TestAutoEnv(t *testing.T) {
	in := []string{
		"HOME=/root", "PATH=/usr/bin:.:bin::/bin", "BASH_ENV=/x", "ENV=/y", "LD_PRELOAD=/evil.so",
		"LD_LIBRARY_PATH=/lib", "LD_AUDIT=x", "GIT_PAGER=less", "PAGER=less", "LESSOPEN=|x %s",
		"TAR_OPTIONS=--to-command=sh", "RIPGREP_CONFIG_PATH=/x", "BASH_FUNC_ls%%=() { rm; }", "LANG=C",
		"GIT_CONFIG_COUNT=1", "GIT_CONFIG_KEY_0=user.name", "GIT_CONFIG_VALUE_0=me", "NOEQUALS",
		"GOFLAGS=-toolexec=/tmp/x", "PIP_PYTHON=/tmp/py", "GH_PAGER=less", "GLAB_PAGER=less", "SYSTEMD_PAGER=less", "AWS_PAGER=less", "AWS_CLI_AUTO_PROMPT=on",
	}
	orig := slices.Clone(in)
	out := AutoEnv(in)
	if !slices.Equal(in, orig) {
		t.Fatal("AutoEnv modified its input")
	}
	m := envMap(out)
	want := map[string]string{
		"HOME": "/root", "PATH": "/usr/bin:/bin", "GIT_PAGER": "cat", "PAGER": "cat", "GIT_OPTIONAL_LOCKS": "0",
		"LESSSECURE": "1", "LANG": "C", "GIT_CONFIG_COUNT": "3",
		"GH_PAGER": "cat", "GLAB_PAGER": "cat", "SYSTEMD_PAGER": "cat", "AWS_PAGER": "", "GH_PROMPT_DISABLED": "1", "AWS_CLI_AUTO_PROMPT": "off",
		"CLOUDSDK_CORE_DISABLE_PROMPTS": "1", "AZURE_EXTENSION_USE_DYNAMIC_INSTALL": "no",
		"GIT_CONFIG_KEY_0": "user.name", "GIT_CONFIG_VALUE_0": "me",
		"GIT_CONFIG_KEY_1": "core.fsmonitor", "GIT_CONFIG_VALUE_1": "false",
		"GIT_CONFIG_KEY_2": "core.pager", "GIT_CONFIG_VALUE_2": "cat",
	}
	for k, v := range want {
		if m[k] != v {
			t.Errorf("%s=%q, want %q", k, m[k], v)
		}
	}
	for _, k := range []string{"BASH_ENV", "ENV", "LD_PRELOAD", "LD_LIBRARY_PATH", "LD_AUDIT", "LESSOPEN", "TAR_OPTIONS", "RIPGREP_CONFIG_PATH", "BASH_FUNC_ls%%", "NOEQUALS", "GOFLAGS", "PIP_PYTHON"} {
		if _, ok := m[k]; ok {
			t.Errorf("%s is still set", k)
		}
	}
	seen := map[string]bool{}
	for _, kv := range out {
		k, _, _ := strings.Cut(kv, "=")
		if seen[k] {
			t.Errorf("%s is set twice", k)
		}
		seen[k] = true
	}
}

func TestAutoEnvBadGitConfigCount(t *testing.T) {
	m := envMap(AutoEnv([]string{"GIT_CONFIG_COUNT=x", "GIT_CONFIG_KEY_0=a", "GIT_CONFIG_VALUE_0=b"}))
	if m["GIT_CONFIG_COUNT"] != "2" || m["GIT_CONFIG_KEY_0"] != "core.fsmonitor" {
		t.Errorf("got %v", m)
	}
	m = envMap(AutoEnv(nil))
	if m["GIT_CONFIG_COUNT"] != "2" || m["GIT_PAGER"] != "cat" {
		t.Errorf("got %v", m)
	}
}

func TestExtraSpecs(t *testing.T) {
	l := New(
		Spec{Name: "sort", Short: "o:", Long: []string{"output="}},
		Spec{Name: "mytool", Short: "v", Long: []string{"list"}, MaxOperands: 1},
		Spec{Name: "git", Subs: []Spec{{Name: "lfs", Subs: []Spec{{Name: "ls-files"}}}, {Name: "log", Long: []string{"my-flag"}}}},
	)
	for _, line := range []string{"sort -o out f", "sort --out=x f", "mytool -v x", "mytool --list", "git lfs ls-files", "git log --my-flag --oneline"} {
		if ok, why := l.CheckLine(line); !ok {
			t.Errorf("%q asks (%s)", line, why)
		}
	}
	for _, line := range []string{"mytool a b", "mytool -x", "git lfs push", "git log --output=x"} {
		if ok, _ := l.CheckLine(line); ok {
			t.Errorf("%q is auto-safe", line)
		}
	}
	// The built-in table is not changed by another list's extras.
	if ok, _ := New().CheckLine("sort -o out f"); ok {
		t.Error("an extra spec leaked into a new list")
	}
	if !slices.Contains(l.Commands(), "mytool") || slices.Contains(New().Commands(), "mytool") {
		t.Error("Commands does not follow the extras")
	}
}

func TestCheckFileShapes(t *testing.T) {
	l := New()
	// An unknown command is named in the reason.
	if _, why := l.CheckLine("frobnicate x"); !strings.Contains(why, "frobnicate") {
		t.Errorf("reason %q does not name the command", why)
	}
	if _, why := l.CheckLine("sed -i s/a/b/ f"); why != "sed -i writes files" {
		t.Errorf("reason %q", why)
	}
	if _, why := l.CheckLine("sort --foo f"); why != "unknown flag --foo for sort" {
		t.Errorf("reason %q", why)
	}
	if _, why := l.CheckLine("ls; ls"); why != "`;` joins two commands" {
		t.Errorf("reason %q", why)
	}
}
