package rules

// Shell history, variable assignments, LD_PRELOAD and sysctl writes.

import (
	"path"
	"strings"

	"guardsh/internal/argv"
)

// ---- shell history ----

// sysHistoryFile reports a file that holds a shell's or a REPL's history.
func sysHistoryFile(p string) bool {
	switch path.Base(p) {
	case ".bash_history", ".zsh_history", ".zhistory", ".history", ".sh_history", ".ash_history", ".python_history", ".mysql_history", ".psql_history", ".node_repl_history", ".sqlite_history", ".lesshst", ".rediscli_history":
		return true
	case "history":
		return strings.Contains(p, "fish")
	}
	return false
}

// sysAssignment splits NAME=value; ok is false for anything else.
func sysAssignment(s string) (name, value string, ok bool) {
	i := strings.IndexByte(s, '=')
	if i <= 0 {
		return "", "", false
	}
	name = s[:i]
	if name[len(name)-1] == '+' {
		name = name[:len(name)-1]
	}
	for j := 0; j < len(name); j++ {
		ch := name[j]
		if !(ch == '_' || ch >= 'A' && ch <= 'Z' || ch >= 'a' && ch <= 'z' || j > 0 && ch >= '0' && ch <= '9') {
			return "", "", false
		}
	}
	return name, s[i+1:], name != ""
}

// sysAssignments returns the variable assignments a command makes in the
// shell or hands to a program: `export A=b`, `declare -x A=b`, `env A=b cmd`,
// and assignments presented as the command words themselves.
func sysAssignments(c *Command) []Word {
	if len(c.Args) == 0 {
		return nil
	}
	if !c.Args[0].Known {
		return nil
	}
	start := 0
	switch c.Name() {
	case "export", "declare", "typeset", "local", "readonly", "env", "setenv":
		start = 1
	default:
		if _, _, ok := sysAssignment(c.Args[0].Value); !ok {
			return nil
		}
	}
	var out []Word
	for _, w := range c.Args[start:] {
		if _, _, ok := sysAssignment(w.Value); ok {
			out = append(out, w)
			continue
		}
		// An option of the assigning builtin (export, declare, local ...),
		// whose words are the shell's, not getopt's.
		if strings.HasPrefix(w.Value, "-") {
			continue
		}
		if c.Name() == "env" || start == 0 {
			break // the command env runs, or the one after the assignments
		}
	}
	if c.Name() == "setenv" && len(c.Args) >= 3 { // csh: setenv NAME value
		out = append(out, Word{Value: c.Args[1].Value + "=" + c.Args[2].Value, Known: c.Args[1].Known && c.Args[2].Known})
	}
	return out
}

func sysHistoryErase(c *Command) []Hit {
	for _, r := range c.Redirects {
		if r.Truncate && r.Target.Known && sysHistoryFile(r.Target.Value) {
			return hit("empties the history file " + r.Target.Value)
		}
	}
	switch c.Name() {
	case "history":
		for i := 1; i < len(c.Args); i++ {
			v := c.Args[i].Value
			if argv.IsShortBundle(v) {
				if strings.IndexByte(v, 'c') >= 0 {
					return hit("history -c clears the shell history")
				}
				if strings.IndexByte(v, 'd') >= 0 {
					return hit("history -d deletes history entries")
				}
				if strings.IndexByte(v, 'w') >= 0 && i+1 < len(c.Args) && c.Args[i+1].Value == "/dev/null" {
					return hit("history -w /dev/null discards the shell history")
				}
			}
		}
		return nil
	case "unset":
		for _, w := range c.Args[1:] {
			if w.Value == "HISTFILE" || w.Value == "HISTSIZE" || w.Value == "HISTFILESIZE" || w.Value == "SAVEHIST" {
				return hit("unset " + w.Value + " stops the shell from saving history")
			}
		}
		return nil
	case "set":
		for i := 1; i+1 < len(c.Args); i++ {
			if c.Args[i].Value == "+o" && c.Args[i+1].Value == "history" {
				return hit("set +o history turns the shell history off")
			}
		}
		return nil
	case "ln":
		null, hist := false, ""
		for _, w := range c.Args[1:] {
			if w.Value == "/dev/null" {
				null = true
			} else if sysHistoryFile(w.Value) {
				hist = w.Value
			}
		}
		if null && hist != "" {
			return hit("links " + hist + " to /dev/null, discarding the history")
		}
		return nil
	}
	for _, w := range sysAssignments(c) {
		n, v, _ := sysAssignment(w.Value)
		switch n {
		case "HISTFILE":
			if v == "" || v == "/dev/null" {
				return hit("HISTFILE=" + v + " stops the shell from saving history")
			}
		case "HISTSIZE", "HISTFILESIZE", "SAVEHIST":
			if v == "0" || v == "" {
				return hit(n + "=" + v + " stops the shell from keeping history")
			}
		case "HISTIGNORE":
			if v == "*" || v == "*:*" {
				return hit("HISTIGNORE=" + v + " keeps every command out of the history")
			}
		}
	}
	return nil
}

// ---- dynamic loader ----

func sysLDPreload(c *Command) []Hit {
	for _, r := range c.Redirects {
		if r.Write && r.Target.Known && path.Clean(r.Target.Value) == "/etc/ld.so.preload" {
			return hit("writes /etc/ld.so.preload: every program will load the library")
		}
	}
	// LD_PRELOAD, LD_AUDIT, LD_LIBRARY_PATH...: rows of the env_code table
	// (system_envcode.go) that name this rule.
	return envCodeHits(c, "ld_preload")
}

func sysSysctlWrite(c *Command) []Hit {
	for _, r := range c.Redirects {
		if r.Write && r.Target.Known && strings.HasPrefix(path.Clean(r.Target.Value), "/proc/sys/") {
			return hit("writes the kernel parameter " + r.Target.Value)
		}
	}
	if c.Name() != "sysctl" {
		return nil
	}
	r := ReadOpts(c.Args[1:], &argv.Spec{LongValued: []string{"pattern"}, LongStop: []string{"help", "version"}, Exact: true})
	if r.Info {
		return nil
	}
	if r.Has("p", "load") || r.Has("system") {
		return hit("loads kernel parameters from configuration files")
	}
	for _, w := range r.Operands {
		if strings.IndexByte(w.Value, '=') > 0 {
			return hit("sets kernel parameter " + w.Value)
		}
	}
	if r.Has("w", "write") && len(r.Operands) > 0 {
		return hit("sets kernel parameters" + sysPkgWhat(r.Operands))
	}
	return nil
}
