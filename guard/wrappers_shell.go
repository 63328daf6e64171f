package guard

import (
	"path"
	"strings"

	"guardsh/internal/argv"
)

// shellInner: `bash -c CODE [NAME [ARGS]]`, `bash` reading code on stdin
// (a pipe, a here-document, a here-string), or `bash FILE` (its content is
// read by the run-time check, not here). The shell's own grammar (in
// internal/argv) says where each is; every reading of an option the
// grammar does not know is classified.
func (w *walker) shellInner(c *Command, name string, args []Word) []inner {
	vs, known := wordValues(args)
	calls, ok := argv.ParseShell(name, vs, known)
	if !ok {
		return nil
	}
	var ins []inner
	for _, call := range calls {
		ins = append(ins, w.shellCall(c, name, args, call)...)
	}
	return ins
}

// shellCall returns what one reading of a shell's command line runs.
func (w *walker) shellCall(c *Command, name string, args []Word, call argv.ShellCall) []inner {
	mark := inner{label: name, unknown: firstUnknown(call.Unknown), nested: nestedOpts(name, call), truncated: call.Truncated}
	if call.NoRun {
		return []inner{mark}
	}
	if len(call.Codes) > 0 {
		// The code, then $0 and the positional parameters.
		var params []Word
		if call.Params < len(args) {
			params = append(params, args[call.Params:]...)
		}
		ins := []inner{mark}
		for _, cd := range call.Codes {
			cw := args[cd.Index]
			if cd.Offset > 0 {
				cw.Value = cw.Value[cd.Offset:]
				cw.Known = !strings.Contains(cw.Value, Unknown)
			}
			ins = append(ins, inner{label: name + " -c", code: &cw, params: params, paramsKnown: true})
		}
		return ins
	}
	if call.Command {
		return []inner{mark} // -c with its string missing: bash says so
	}
	if call.Script >= 0 && call.Script < len(args) && !isStdinPath(args[call.Script]) {
		// `bash script.sh`: the run-time check reads the script.
		return []inner{mark}
	}
	if c.Stdin != nil {
		stdin := *c.Stdin
		if c.StdinPiped {
			// `echo CODE | bash`: the code is classified, but it reaches
			// the shell through a pipe, whose text the run-time check
			// cannot read: the line is held to what a pipe can carry.
			w.g.emit(w.v, rulePipeToShell, "feeds text through a pipe to "+name+", which runs it as code; the run-time check cannot read a pipe to confirm it", c.Text)
		}
		return []inner{mark, {label: name + " <<", code: &stdin}}
	}
	if c.StdinPiped {
		w.g.emit(w.v, rulePipeToShell, "feeds text that is only known at run time to "+name+", which runs it as code", c.Text)
	}
	return []inner{mark}
}

// nestedOpts says which of a nested guardsh's options could loosen the
// outer guardsh's rules: another config, auto mode. Its own approval (-y,
// --approved) is the rule guardsh_approve's.
func nestedOpts(name string, call argv.ShellCall) string {
	if name != "guardsh" {
		return ""
	}
	var out []string
	for _, o := range call.Opts {
		switch o {
		case "--config", "--auto":
			// -y is guardsh_approve's.
			out = append(out, o)
		}
	}
	return strings.Join(out, " ")
}

// guardshEnv are the variables that change which config, policy and
// history a guardsh reads.
func guardshEnv(k string) bool {
	switch k {
	case "HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CONFIG_DIRS":
		return true
	}
	return strings.HasPrefix(k, "GUARDSH")
}

// nestedEnv says which of env's settings (assignments, -i, -u) in front of
// a guardsh could make it read another config than the outer one.
func nestedEnv(pre []Word, r argv.Reading, cmd []Word) string {
	if len(cmd) == 0 || !cmd[0].Known || path.Base(cmd[0].Value) != "guardsh" {
		return ""
	}
	var out []string
	for _, a := range pre {
		if k, _, ok := strings.Cut(a.Value, "="); ok && isAssign(a.Value) && guardshEnv(k) {
			out = append(out, k+"=")
		}
	}
	for _, o := range r.Opts {
		switch {
		case o.Name == "i" || o.Name == "-" || o.Name == "ignore-environment":
			out = append(out, "an empty environment")
		case (o.Name == "u" || o.Name == "unset") && guardshEnv(o.Value):
			out = append(out, "-u "+o.Value)
		}
	}
	return strings.Join(out, ", ")
}

// readingFindings adds, for a wrapper's inners, the findings about how its
// words were read: an option its grammar does not know, a nested guardsh
// started so that it could loosen the outer one.
func (w *walker) readingFindings(c *Command, ins []inner) {
	seen := map[string]bool{}
	for _, in := range ins {
		if in.unknown != "" && !seen["u"+in.unknown] {
			seen["u"+in.unknown] = true
			w.g.emit(w.v, ruleUnknownOption, c.Name()+": the option "+strings.ReplaceAll(in.unknown, Unknown, "…")+" is not understood; every reading of the words after it was checked, the highest counts", c.Text)
		}
		if in.truncated && !seen["t"] {
			seen["t"] = true
			w.g.emit(w.v, ruleTooDeep, c.Name()+" has more options guardsh does not know than it reads every way", c.Text)
		}
		if in.nested != "" && !seen["n"+in.nested] {
			seen["n"+in.nested] = true
			w.g.emit(w.v, ruleGuardshNested, "a guardsh started inside guardsh (with "+in.nested+") is held to the outer guardsh's rules, block level and approval; its own cannot loosen them", c.Text)
		}
	}
}

// kubectlInner: `kubectl exec ... -- CMD...`.
func kubectlInner(name string, args []Word) []inner {
	isExec := false
	for i, a := range args {
		if !a.Known {
			continue
		}
		if a.Value == "exec" || a.Value == "debug" || a.Value == "run" {
			isExec = true
		}
		if a.Value == "--" && isExec && i+1 < len(args) {
			return []inner{{label: name + " exec", args: args[i+1:]}}
		}
	}
	return nil
}

// atInner: `at TIME` and `batch` read commands from stdin; `at -f FILE`
// reads a file, which the static check cannot see.
func atInner(c *Command, name string, args []Word) []inner {
	for _, a := range args {
		if a.Known && (a.Value == "-l" || a.Value == "-r" || a.Value == "-d" || a.Value == "-c" || a.Value == "--help" || a.Value == "-V") {
			return nil
		}
	}
	if c.Stdin != nil {
		code := *c.Stdin
		return []inner{{label: name, code: &code}}
	}
	return nil
}

// crontabInner: `crontab -` installs the crontab on stdin: each entry's
// command is classified.
func crontabInner(c *Command, args []Word) []inner {
	fromStdin := false
	for _, a := range args {
		if a.Known && a.Value == "-" {
			fromStdin = true
		}
	}
	if !fromStdin || c.Stdin == nil {
		return nil
	}
	if !c.Stdin.Known {
		return []inner{{label: "crontab", code: &Word{Value: Unknown}}}
	}
	var ins []inner
	for _, line := range strings.Split(c.Stdin.Value, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		f := strings.Fields(line)
		n := 5
		if strings.HasPrefix(f[0], "@") {
			n = 1
		} else if isAssign(f[0]) {
			continue
		}
		if len(f) <= n {
			continue
		}
		code := Lit(strings.Join(f[n:], " "))
		ins = append(ins, inner{label: "crontab", code: &code})
	}
	return ins
}
