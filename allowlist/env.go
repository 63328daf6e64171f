package allowlist

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// removedVars are taken out of an auto-run line's environment: each can
// make a reading program load code, run a command or take hidden options.
var removedVars = []string{
	"BASH_ENV", "ENV", "SHELLOPTS", "BASHOPTS", "PROMPT_COMMAND",
	"GCONV_PATH", "LESSOPEN", "LESSCLOSE", "LESSKEY", "LESSKEYIN",
	"GIT_EXTERNAL_DIFF", "GIT_EXEC_PATH", "GIT_SSH", "GIT_SSH_COMMAND",
	"GIT_PROXY_COMMAND",
	"RIPGREP_CONFIG_PATH", "TAR_OPTIONS", "GZIP", "BZIP", "BZIP2", "XZ_OPT",
	"XZ_DEFAULTS", "UNZIP", "UNZIPOPT", "ZIPINFO", "ZIPINFOOPT",
	"PS_FORMAT", "PS_PERSONALITY", "CMD_ENV",
	"NODE_OPTIONS", "PYTHONSTARTUP", "PYTHONINSPECT", "PERL5OPT", "RUBYOPT",
	"JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS",
	"GOFLAGS", "PIP_PYTHON", "PIP_LOG", "PIP_LOG_FILE",
}

// removedPrefixes start names of variables taken out as well: the dynamic
// loader's (LD_PRELOAD, LD_LIBRARY_PATH, LD_AUDIT...) and bash's exported
// functions.
var removedPrefixes = []string{"LD_", "BASH_FUNC_"}

// setVars are set in an auto-run line's environment.
var setVars = []string{
	"GIT_PAGER=cat",
	"PAGER=cat",
	"GIT_OPTIONAL_LOCKS=0",
	"GIT_TERMINAL_PROMPT=0",
	"GIT_NO_LAZY_FETCH=1",
	"LESSSECURE=1",
	"GH_PAGER=cat",
	"GLAB_PAGER=cat",
	"SYSTEMD_PAGER=cat",
	"AWS_PAGER=",
	// No questions whose answer writes or runs something: gh would save
	// the chosen base repository in .git/config, aws's auto-prompt builds
	// a command, gcloud offers to install components, az extensions.
	"GH_PROMPT_DISABLED=1",
	"AWS_CLI_AUTO_PROMPT=off",
	"CLOUDSDK_CORE_DISABLE_PROMPTS=1",
	"AZURE_EXTENSION_USE_DYNAMIC_INSTALL=no",
}

// gitConfig is passed to git through GIT_CONFIG_COUNT/KEY/VALUE, which
// wins over every configuration file.
var gitConfig = [][2]string{
	{"core.fsmonitor", "false"},
	{"core.pager", "cat"},
}

// AutoEnv returns the environment for a line auto mode runs, given the
// shell's environment (KEY=VALUE strings): git cannot page, lock, run an
// fsmonitor hook or fetch; pagers are cat and less is secure; variables
// that load code or hidden options are removed; PATH loses entries that
// are not absolute (so ./ls never shadows ls). The input is not modified.
func AutoEnv(env []string) []string {
	out := make([]string, 0, len(env)+len(setVars)+2*len(gitConfig)+1)
	var cfg [][2]string
	count := -1
	keys, vals := map[int]string{}, map[int]string{}
	for _, kv := range env {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			continue
		}
		switch {
		case slices.Contains(removedVars, k), hasAnyPrefix(k, removedPrefixes):
			continue
		case k == "GIT_CONFIG_COUNT":
			if n, err := strconv.Atoi(v); err == nil && n >= 0 && n < 1000 {
				count = n
			}
			continue
		case strings.HasPrefix(k, "GIT_CONFIG_KEY_"), strings.HasPrefix(k, "GIT_CONFIG_VALUE_"):
			idx, _ := strings.CutPrefix(k, "GIT_CONFIG_KEY_")
			m := keys
			if strings.HasPrefix(k, "GIT_CONFIG_VALUE_") {
				idx, m = k[len("GIT_CONFIG_VALUE_"):], vals
			}
			if n, err := strconv.Atoi(idx); err == nil {
				m[n] = v
			}
			continue
		case k == "PATH":
			kv = "PATH=" + absPath(v)
		case slices.ContainsFunc(setVars, func(s string) bool { return strings.HasPrefix(s, k+"=") }):
			continue
		}
		out = append(out, kv)
	}
	for i := 0; i < count; i++ {
		k, ok := keys[i]
		if !ok {
			break
		}
		cfg = append(cfg, [2]string{k, vals[i]})
	}
	cfg = append(cfg, gitConfig...)
	out = append(out, setVars...)
	out = append(out, fmt.Sprintf("GIT_CONFIG_COUNT=%d", len(cfg)))
	for i, c := range cfg {
		out = append(out, fmt.Sprintf("GIT_CONFIG_KEY_%d=%s", i, c[0]), fmt.Sprintf("GIT_CONFIG_VALUE_%d=%s", i, c[1]))
	}
	return out
}

// absPath drops the entries of a PATH value that are not absolute
// directories (an empty entry means the current directory).
func absPath(p string) string {
	var keep []string
	for _, d := range filepath.SplitList(p) {
		if filepath.IsAbs(d) {
			keep = append(keep, d)
		}
	}
	return strings.Join(keep, string(filepath.ListSeparator))
}

// hasAnyPrefix reports whether s starts with any of the prefixes.
func hasAnyPrefix(s string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}
