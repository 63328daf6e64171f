package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/sys/unix"

	"guardsh/hook"
)

// runDoctor reports what guardsh runs with and what is wrong with it: the
// config and policy and whether they load, the rules in force, the
// history and audit files and whether they can be written, which agents
// have guardsh's hook, whether process-tree supervision is active, and
// each problem with its fix. It exits 0 when all is well, 1 otherwise.
func runDoctor(o options, stdout, stderr io.Writer) int {
	if len(o.args) > 0 {
		fmt.Fprintf(stderr, "guardsh: --doctor takes no arguments\n%s", usageLine)
		return 2
	}
	var problems []string
	problem := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	w := func(format string, args ...any) { fmt.Fprintf(stdout, format+"\n", args...) }

	self, err := os.Executable()
	if err != nil {
		self = "(unknown path)"
	}
	w("guardsh %s (%s)", version, self)

	st := loadSettings(o, io.Discard)
	w("config:      %s (%s)", st.configFile, loadState(st.configFile, st.problems))
	w("policy:      %s (%s)", st.policyFile, loadState(st.policyFile, st.problems))
	for _, p := range st.problems {
		problem("%s", p)
	}
	if st.policyBroken {
		problem("the policy cannot be read, so every line above safe is refused: ask your administrator to fix %s", st.policyFile)
	}
	if g, err := guardFrom(st, false); err != nil {
		problem("the rules cannot be built: %v", err)
	} else {
		rules, disabled := g.Rules(), 0
		for _, r := range rules {
			if r.Disabled {
				disabled++
			}
		}
		w("rules:       %d in force (%d disabled)", len(rules)-disabled, disabled)
	}
	for _, f := range []struct{ what, path string }{{"history:", st.historyFile}, {"audit log:", st.auditFile}} {
		if f.path == "" {
			w("%-12s none (no home directory)", f.what)
			problem("no home directory: set HOME so that guardsh keeps its %s", strings.TrimSuffix(f.what, ":"))
			continue
		}
		if err := writable(f.path); err != nil {
			w("%-12s %s (not writable: %v)", f.what, f.path, err)
			problem("%s %s cannot be written (%v): fix its permissions or set XDG_STATE_HOME", strings.TrimSuffix(f.what, ":"), f.path, err)
			continue
		}
		w("%-12s %s (writable)", f.what, f.path)
	}

	w("agent hooks:")
	any := false
	for _, agent := range hook.Agents() {
		if agent == openCodeAgent {
			any = doctorPlugin(w, problem) || any
			continue
		}
		for _, project := range []bool{false, true} {
			path, setup, err := settingsFile(agent, project)
			if err != nil {
				continue // no such file for this agent
			}
			where := "user"
			if project {
				where = "project"
			}
			data, err := os.ReadFile(path)
			switch {
			case errors.Is(err, fs.ErrNotExist):
				w("  %-12s %-8s %s: not installed", agent, where, path)
				continue
			case err != nil:
				w("  %-12s %-8s %s: cannot read: %v", agent, where, path, err)
				problem("%s cannot be read (%v)", path, err)
				continue
			}
			cmds, err := guardshCommands(data, agent, setup)
			if err != nil {
				w("  %-12s %-8s %s: cannot parse: %v", agent, where, path, err)
				problem("%s is not valid settings (%v): fix it, or restore %s.guardsh-backup", path, err, path)
				continue
			}
			if len(cmds) == 0 {
				w("  %-12s %-8s %s: not installed", agent, where, path)
				continue
			}
			any = true
			w("  %-12s %-8s %s: installed: %s", agent, where, path, strings.Join(cmds, "; "))
			for _, c := range cmds {
				if prog := strings.Trim(strings.Fields(c)[0], `'"`); !isExecutable(prog) {
					problem("%s runs %s, which is not an executable file: every command of %s is then refused or unchecked; run guardsh --install-hook %s again", path, prog, agent, agent)
				}
			}
			if len(cmds) > 1 {
				problem("%s has guardsh's hook %d times: run guardsh --install-hook %s again to keep one", path, len(cmds), agent)
			}
		}
	}
	if !any {
		w("  no agent has guardsh's hook: guardsh --install-hook AGENT (%s)", strings.Join(hook.Agents(), ", "))
	}
	w("executor:    %s", st.executorLine())
	if a := available(); !a.OK && st.superviseRequired() {
		problem("the policy requires the supervisor (supervise = \"required\") and it cannot run here (%s): no line runs", a.Reason)
	}

	if len(problems) == 0 {
		w("all is well")
		return 0
	}
	w("problems:")
	for _, p := range problems {
		w("  - %s", p)
	}
	return 1
}

// loadState says whether a config file is there and whether it loads:
// it has errors when a problem names it.
func loadState(path string, problems []string) string {
	state := fileState(path)
	if state != "present" {
		return state
	}
	for _, p := range problems {
		if strings.Contains(p, path) {
			return "present, has errors: see the problems below"
		}
	}
	return "present, loads"
}

// fileState says whether a config file is there.
func fileState(path string) string {
	fi, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "not present: the built-in rules apply"
	case err != nil:
		return fmt.Sprintf("cannot be read: %v", err)
	case fi.IsDir():
		return "a directory, not a file"
	}
	return "present"
}

// writable reports whether guardsh could append to path, without
// creating it: the file, or the nearest directory that exists.
func writable(path string) error {
	if _, err := os.Stat(path); err == nil {
		return unix.Access(path, unix.W_OK)
	}
	dir := filepath.Dir(path)
	for {
		if _, err := os.Stat(dir); err == nil {
			return unix.Access(dir, unix.W_OK)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return errors.New("no directory of it exists")
		}
		dir = parent
	}
}

func isExecutable(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0
}

// guardshCommands returns the commands of guardsh's hooks for agent in a
// settings file.
func guardshCommands(data []byte, agent string, s agentSetup) ([]string, error) {
	if _, _, err := editHooks(data, agent, s, ""); err != nil {
		return nil, err
	}
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return nil, err
	}
	var cmds []string
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			if c, ok := v[s.commandKey].(string); ok && isGuardshHook(c, agent) {
				cmds = append(cmds, c)
			}
			for _, x := range v {
				walk(x)
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		}
	}
	if top, ok := v.(map[string]any); ok {
		if hooks, ok := top["hooks"].(map[string]any); ok {
			walk(hooks[s.event])
		}
	}
	return cmds, nil
}
