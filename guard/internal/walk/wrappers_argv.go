package walk

import (
	"strings"

	"guardsh/guard/internal/rules"
	"guardsh/internal/argv"
)

// The wrappers read their options through internal/argv, the one grammar
// the run-time check reads too. An option a grammar does not know never
// hides the wrapped command: every reading of the words is an inner, each
// classified, and the walker adds an unknown_option finding.

// readingInners returns the command each reading runs; a reading that
// does not understand an option carries its name, even with no command.
func readingInners(label string, args []Word, rs []argv.Reading, stdin bool) []rules.Inner {
	var ins []rules.Inner
	for _, r := range rs {
		in := rules.Inner{Label: label, Stdin: stdin, Unknown: rules.FirstUnknown(r.Unknown), Truncated: r.Truncated}
		if !r.Stopped && r.Cmd < len(args) {
			in.Args = args[r.Cmd:]
		}
		if len(in.Args) > 0 || in.Unknown != "" {
			ins = append(ins, in)
		}
	}
	return ins
}

// wrapped runs a wrapper's words through its grammar (by name) and returns
// the command every reading runs.
func wrapped(name string, args []Word, stdin bool) []rules.Inner {
	sp := argv.Wrapper(name)
	if sp == nil {
		return nil
	}
	return readingInners(name, args, rules.Readings(sp, args), stdin)
}

// sudoInners: `sudo [opts] [NAME=V...] cmd`; with -s or -i and no command,
// a root shell reading its commands from stdin.
func (w *walker) sudoInners(c *Command, name string, args []Word) []rules.Inner {
	rs := rules.Readings(argv.Wrapper(name), args)
	ins := readingInners(name, args, rs, true)
	for _, r := range rs {
		if name == "sudo" && !r.Stopped && r.Cmd >= len(args) && (r.Has("s", "shell") || r.Has("i", "login")) {
			ins = append(ins, w.shellInner(c, "sh", nil)...)
			break
		}
	}
	return ins
}

// doasInners: `doas [-Lns] [-a style] [-C config] [-u user] cmd`; -C only
// checks the config against the command.
func doasInners(args []Word) []rules.Inner {
	rs := rules.Readings(argv.Wrapper("doas"), args)
	var keep []argv.Reading
	for _, r := range rs {
		if r.Has("C", "") {
			r.Stopped = true
		}
		keep = append(keep, r)
	}
	return readingInners("doas", args, keep, true)
}

// operandInners: a wrapper whose command follows an operand (timeout
// DURATION cmd, chroot DIR cmd, flock FILE cmd, taskset MASK cmd).
func operandInners(name string, args []Word) []rules.Inner {
	return wrapped(name, args, true)
}

// commandInner: `command [-p] cmd`; `command -v/-V` only looks it up.
func commandInner(args []Word) []rules.Inner {
	return wrapped("command", args, true)
}

// flockInner: `flock [opts] FILE cmd...` or `flock FILE -c CMD`.
func flockInner(args []Word) []rules.Inner {
	if in := optionC("flock -c", argv.Wrapper("flock"), args); in != nil {
		return in
	}
	return operandInners("flock", args)
}

// watchInner: `watch [opts] cmd...`: the words are joined and run by sh -c,
// unless -x.
func watchInner(args []Word) []rules.Inner {
	var ins []rules.Inner
	for _, r := range rules.Readings(argv.Wrapper("watch"), args) {
		in := rules.Inner{Label: "watch", Unknown: rules.FirstUnknown(r.Unknown), Truncated: r.Truncated}
		if !r.Stopped && r.Cmd < len(args) {
			if r.Has("x", "exec") {
				in.Args = args[r.Cmd:]
			} else {
				code := rules.JoinWords(args[r.Cmd:])
				in.Code = &code
			}
		}
		if in.Args != nil || in.Code != nil || in.Unknown != "" {
			ins = append(ins, in)
		}
	}
	return ins
}

// sshInner: `ssh [opts] HOST [cmd...]`: the words are joined and run by
// the remote shell. OpenSSH takes options after the host too.
func sshInner(args []Word) []rules.Inner {
	var ins []rules.Inner
	for _, r := range rules.Readings(argv.Wrapper("ssh"), args) {
		in := rules.Inner{Label: "ssh", Unknown: rules.FirstUnknown(r.Unknown), Truncated: r.Truncated}
		if !r.Stopped && r.Cmd < len(args) && len(r.Operands) > 0 {
			code := rules.JoinWords(args[r.Cmd:])
			in.Code = &code
		}
		if in.Code != nil || in.Unknown != "" {
			ins = append(ins, in)
		}
	}
	return ins
}

// dockerInner: `docker exec [opts] CONTAINER CMD...`, `docker run [opts]
// IMAGE [CMD...]`, global options first.
func dockerInner(name string, args []Word) []rules.Inner {
	var ins []rules.Inner
	for _, g := range rules.Readings(argv.DockerGlobal, args) {
		i := g.Cmd
		if i >= len(args) || !args[i].Known {
			continue
		}
		sub := args[i].Value
		i++
		if sub == "container" && i < len(args) && args[i].Known {
			sub = args[i].Value
			i++
		}
		var sp *argv.Spec
		switch sub {
		case "exec":
			sp = argv.DockerExec
		case "run", "create":
			sp = argv.DockerRun
		default:
			continue
		}
		rest := args[i:]
		if isHelp(rest) {
			continue // docker run --help only prints help
		}
		for _, r := range rules.Readings(sp, rest) {
			in := rules.Inner{Label: name + " " + sub, Unknown: rules.FirstUnknown(append(g.Unknown, r.Unknown...)), Truncated: g.Truncated || r.Truncated}
			if r.Cmd < len(rest) && len(r.Operands) > 0 {
				in.Args = rest[r.Cmd:]
			}
			if in.Args != nil || in.Unknown != "" {
				ins = append(ins, in)
			}
		}
	}
	return ins
}

// xargsInner: `xargs [opts] [cmd [args]]`; the command gets more
// arguments, or its -I/-i/-J/-R string is replaced by them.
func xargsInner(args []Word) []rules.Inner {
	var ins []rules.Inner
	for _, r := range rules.Readings(argv.Wrapper("xargs"), args) {
		if r.Stopped {
			continue
		}
		repl := ""
		for _, o := range r.Opts {
			switch {
			case !o.Long && (o.Name == "I" || o.Name == "J"):
				repl = o.Value
			case !o.Long && o.Name == "i" || o.Long && o.Name == "replace":
				repl = "{}"
				if o.Value != "" {
					repl = o.Value
				}
			}
		}
		cmd := []Word{Lit("echo")}
		if r.Cmd < len(args) {
			cmd = args[r.Cmd:]
		}
		if repl != "" {
			cmd, _ = placeholder(cmd, repl)
		} else {
			cmd = append(append([]Word(nil), cmd...), unknownArg)
		}
		ins = append(ins, rules.Inner{Label: "xargs", Args: cmd, Unknown: rules.FirstUnknown(r.Unknown), Truncated: r.Truncated})
	}
	return ins
}

// parallelInner: `parallel [opts] cmd ::: args`, or commands as arguments.
func parallelInner(args []Word) []rules.Inner {
	var ins []rules.Inner
	for _, r := range rules.Readings(argv.Wrapper("parallel"), args) {
		if r.Stopped {
			continue
		}
		repl := "{}"
		if o, ok := r.Last("I", ""); ok && o.Value != "" {
			repl = o.Value
		}
		pipe := r.Has("", "pipe") || r.Has("", "pipepart")
		for _, in := range parallelCmd(args[r.Cmd:], repl, pipe) {
			in.Unknown, in.Truncated = rules.FirstUnknown(r.Unknown), r.Truncated
			ins = append(ins, in)
		}
	}
	return ins
}

// parallelCmd reads what follows parallel's options; with --pipe, the
// input reaches the command's stdin, not its arguments.
func parallelCmd(args []Word, repl string, pipe bool) []rules.Inner {
	var cmd []Word
	var values []Word
	for i := 0; i < len(args); i++ {
		if args[i].Known && strings.HasPrefix(args[i].Value, ":::") || args[i].Known && args[i].Value == "::::" {
			for _, v := range args[i+1:] {
				if v.Known && strings.HasPrefix(v.Value, ":::") {
					continue
				}
				values = append(values, v)
			}
			break
		}
		cmd = append(cmd, args[i])
	}
	if len(cmd) == 0 {
		var ins []rules.Inner
		for _, v := range values {
			code := v
			ins = append(ins, rules.Inner{Label: "parallel", Code: &code})
		}
		if len(ins) == 0 {
			ins = append(ins, rules.Inner{Label: "parallel", Code: &Word{Value: Unknown}})
		}
		return ins
	}
	out := make([]Word, len(cmd))
	found := false
	for k, wd := range cmd {
		if strings.Contains(wd.Value, "{") && strings.Contains(wd.Value, "}") || strings.Contains(wd.Value, repl) {
			wd.Value, wd.Known, found = Unknown, false, true
		}
		out[k] = wd
	}
	if !found && !pipe {
		out = append(out, unknownArg)
	}
	if len(out) == 1 && pipe || len(out) == 2 && !found {
		// One word: a command line template, run by a shell.
		code := out[0]
		if !found && strings.Contains(code.Value, " ") {
			return []rules.Inner{{Label: "parallel", Code: &code}}
		}
	}
	return []rules.Inner{{Label: "parallel", Args: out}}
}
