package rules

import (
	"strings"
)

// The code-carrying variables of system_envcode.go, seen by the walker
// (their code classified) and set without a value guardsh sees.

// EnvCodeInners returns the code that the assignments among words hold,
// for the walker to classify: a command line as itself, a prompt's
// substitutions, an exported function's body, a startup file as `source
// FILE`.
func EnvCodeInners(words []Word) []Inner {
	var ins []Inner
	for _, a := range words {
		n, v, ok := envAssignment(a.Value)
		if !ok {
			continue
		}
		r, ok := EnvCodeRowOf(n)
		if !ok || a.Known && v == "" {
			continue
		}
		code := Word{Value: v, Known: a.Known, Vars: a.Vars, Subst: a.Subst}
		switch r.Kind {
		case EnvCommand, EnvTool:
		case EnvFilter:
			code = lessFilterCode(code)
		case EnvPrompt:
			// A prompt is expanded as a double-quoted string would be.
			code.Value = `: "` + strings.ReplaceAll(v, `"`, `\"`) + `"`
		case EnvFunc:
			fn := strings.TrimSuffix(strings.TrimPrefix(n, "BASH_FUNC_"), "%%")
			code.Value = fn + " " + v
		case EnvFile:
			// A startup file is read as source would read it.
			ins = append(ins, Inner{Label: n, Args: []Word{Lit("source"), code}})
			continue
		case EnvOptions:
			if k, ok := strings.CutPrefix(n, "GIT_CONFIG_KEY_"); ok && a.Known {
				// GIT_CONFIG_KEY_n=core.pager with GIT_CONFIG_VALUE_n=CMD.
				key := strings.ToLower(v)
				if GitCodeVars[key] || strings.HasPrefix(key, "alias.") {
					for _, b := range words {
						if val, ok := strings.CutPrefix(b.Value, "GIT_CONFIG_VALUE_"+k+"="); ok {
							code := Word{Value: val, Known: b.Known, Vars: b.Vars, Subst: b.Subst}
							if strings.HasPrefix(key, "alias.") {
								if !strings.HasPrefix(val, "!") {
									continue // an alias of git subcommands
								}
								code.Value = val[1:]
							}
							ins = append(ins, Inner{Label: n, Code: &code})
						}
					}
				}
			}
			continue
		case EnvProgram:
			if n == "GIT_SSH" {
				ins = append(ins, Inner{Label: n, Args: []Word{code}})
			}
			continue
		default:
			continue
		}
		ins = append(ins, Inner{Label: n, Code: &code})
	}
	return ins
}

// envCodeBare returns the hits of `export BASH_ENV`, `declare -x ENV` and
// `read BASH_ENV`: a variable whose value is a file, a command or options
// that run code, set or exported without a value guardsh sees. The
// prompts, pagers, editors and library paths are left out: their usual
// values are harmless and only the value tells.
func envCodeBare(c *Command) []Hit {
	name := c.Name()
	switch name {
	case "export", "read":
		for _, a := range c.Args[1:] {
			if a.Value == "-n" && name == "export" {
				return nil // export -n takes the export away
			}
		}
	case "declare", "typeset":
		exported := false
		for _, a := range c.Args[1:] {
			// export and declare are shell builtins: -x (also in a bundle, +x
			// unexports) marks an export, and their words are not getopt's.
			if strings.HasPrefix(a.Value, "-") && strings.Contains(a.Value, "x") {
				exported = true
			}
		}
		if !exported {
			return nil
		}
	default:
		return nil
	}
	var hs []Hit
	for _, a := range c.Args[1:] {
		// An option of the builtin, not a NAME it exports.
		if !a.Known || strings.HasPrefix(a.Value, "-") || strings.Contains(a.Value, "=") {
			continue
		}
		r, ok := EnvCodeRowOf(a.Value)
		if !ok || r.Rule != RuleEnvCode {
			continue
		}
		switch r.Kind {
		case EnvFile, EnvCommand, EnvFunc, EnvOptions, EnvProgram:
			how := "exports"
			if name == "read" {
				how = "reads"
			}
			hs = append(hs, Hit{Reason: name + " " + how + " " + a.Value + ", whose value is only known at run time: " + r.reason})
		}
	}
	return hs
}
