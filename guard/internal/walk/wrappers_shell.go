package walk

import (
	"path"
	"strings"

	"guardsh/guard/internal/rules"
	"guardsh/internal/argv"
)

// shellInner: `bash -c CODE [NAME [ARGS]]`, `bash` reading code on stdin
// (a pipe, a here-document, a here-string), or `bash FILE` (its content is
// read by the run-time check, not here). The shell's own grammar (in
// internal/argv) says where each is; every reading of an option the
// grammar does not know is classified.
func (w *walker) shellInner(c *Command, name string, args []Word) []rules.Inner {
	vs, known := rules.WordValues(args)
	calls, ok := argv.ParseShell(name, vs, known)
	if !ok {
		return nil
	}
	var ins []rules.Inner
	for _, call := range calls {
		ins = append(ins, w.shellCall(c, name, args, call)...)
	}
	return ins
}

// shellCall returns what one reading of a shell's command line runs.
func (w *walker) shellCall(c *Command, name string, args []Word, call argv.ShellCall) []rules.Inner {
	mark := rules.Inner{Label: name, Unknown: rules.FirstUnknown(call.Unknown), Nested: nestedOpts(name, call), Truncated: call.Truncated}
	if call.NoRun {
		return []rules.Inner{mark}
	}
	if len(call.Codes) > 0 {
		// The code, then $0 and the positional parameters.
		var params []Word
		if call.Params < len(args) {
			params = append(params, args[call.Params:]...)
		}
		ins := []rules.Inner{mark}
		for _, cd := range call.Codes {
			cw := args[cd.Index]
			if cd.Offset > 0 {
				cw.Value = cw.Value[cd.Offset:]
				cw.Known = !strings.Contains(cw.Value, Unknown)
			}
			ins = append(ins, rules.Inner{Label: name + " -c", Code: &cw, Params: params, ParamsKnown: true})
		}
		return ins
	}
	if call.Command {
		return []rules.Inner{mark} // -c with its string missing: bash says so
	}
	if call.Script >= 0 && call.Script < len(args) && !rules.IsStdinPath(args[call.Script]) {
		// `bash script.sh`: the run-time check reads the script.
		return []rules.Inner{mark}
	}
	if c.Stdin != nil {
		stdin := *c.Stdin
		if c.StdinPiped {
			// `echo CODE | bash`: the code is classified, but it reaches
			// the shell through a pipe, whose text the run-time check
			// cannot read: the line is held to what a pipe can carry.
			w.g.Emit(w.v, rules.RulePipeToShell, "feeds text through a pipe to "+name+", which runs it as code; the run-time check cannot read a pipe to confirm it", c.Text)
		}
		return []rules.Inner{mark, {Label: name + " <<", Code: &stdin}}
	}
	if c.StdinPiped {
		w.g.Emit(w.v, rules.RulePipeToShell, "feeds text that is only known at run time to "+name+", which runs it as code", c.Text)
	}
	return []rules.Inner{mark}
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
		if k, _, ok := strings.Cut(a.Value, "="); ok && IsAssign(a.Value) && guardshEnv(k) {
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
func (w *walker) readingFindings(c *Command, ins []rules.Inner) {
	seen := map[string]bool{}
	for _, in := range ins {
		if in.Unknown != "" && !seen["u"+in.Unknown] {
			seen["u"+in.Unknown] = true
			w.g.Emit(w.v, rules.RuleUnknownOption, c.Name()+": the option "+strings.ReplaceAll(in.Unknown, Unknown, "…")+" is not understood; every reading of the words after it was checked, the highest counts", c.Text)
		}
		if in.Truncated && !seen["t"] {
			seen["t"] = true
			w.g.Emit(w.v, rules.RuleTooDeep, c.Name()+" has more options guardsh does not know than it reads every way", c.Text)
		}
		if in.Nested != "" && !seen["n"+in.Nested] {
			seen["n"+in.Nested] = true
			w.g.Emit(w.v, rules.RuleGuardshNested, "a guardsh started inside guardsh (with "+in.Nested+") is held to the outer guardsh's rules, block level and approval; its own cannot loosen them", c.Text)
		}
	}
}

// kubectlInner: `kubectl exec ... -- CMD...`.
func kubectlInner(name string, args []Word) []rules.Inner {
	isExec := false
	for i, a := range args {
		if !a.Known {
			continue
		}
		if a.Value == "exec" || a.Value == "debug" || a.Value == "run" {
			isExec = true
		}
		if a.Value == "--" && isExec && i+1 < len(args) {
			return []rules.Inner{{Label: name + " exec", Args: args[i+1:]}}
		}
	}
	return nil
}

// atInner: `at TIME` and `batch` read commands from stdin; `at -f FILE`
// reads a file, which the static check cannot see.
func atInner(c *Command, name string, args []Word) []rules.Inner {
	for _, a := range args {
		if a.Known && (a.Value == "-l" || a.Value == "-r" || a.Value == "-d" || a.Value == "-c" || a.Value == "--help" || a.Value == "-V") {
			return nil
		}
	}
	if c.Stdin != nil {
		code := *c.Stdin
		return []rules.Inner{{Label: name, Code: &code}}
	}
	return nil
}

// crontabInner: `crontab -` installs the crontab on stdin: each entry's
// command is classified.
func crontabInner(c *Command, args []Word) []rules.Inner {
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
		return []rules.Inner{{Label: "crontab", Code: &Word{Value: Unknown}}}
	}
	var ins []rules.Inner
	for _, line := range strings.Split(c.Stdin.Value, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		f := strings.Fields(line)
		n := 5
		if strings.HasPrefix(f[0], "@") {
			n = 1
		} else if IsAssign(f[0]) {
			continue
		}
		if len(f) <= n {
			continue
		}
		code := Lit(strings.Join(f[n:], " "))
		ins = append(ins, rules.Inner{Label: "crontab", Code: &code})
	}
	return ins
}
