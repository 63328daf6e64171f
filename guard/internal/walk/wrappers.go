package walk

import (
	"strings"

	"guardsh/guard/internal/rules"
	"guardsh/internal/argv"
)

// unwrap finds the commands a wrapper runs and classifies each as itself.
func (w *walker) unwrap(c *Command, sc *scope, depth int) {
	ins := w.inners(c)
	w.readingFindings(c, ins)
	for _, in := range ins {
		label := in.Label
		via := append(c.Via[:len(c.Via):len(c.Via)], label)
		if in.Code != nil {
			code := in.Code.Value
			if !in.Code.Known {
				if strings.Trim(code, Unknown+" \t\n") == "" {
					w.g.Emit(w.v, rules.RuleDynamicCode, label+" runs code that is only known at run time", c.Text)
					continue
				}
				// Part of the code is known (`sh -c "gzip {}"` behind find or
				// xargs, `bash -c "rm -rf $DIR"`): the unknown parts stand as
				// a variable that could hold anything.
				code = strings.ReplaceAll(code, Unknown, "${"+rules.UnknownVar+"}")
			}
			isc := sc.clone()
			if in.Params != nil || in.ParamsKnown {
				isc.params, isc.paramsKnown = in.Params, in.ParamsKnown
			}
			w.scriptString(code, c.Text, isc, depth+1, via)
			if label == "source" && inThisShell(via) {
				sc.sourced(isc) // a sourced file runs in this shell
			}
			continue
		}
		if len(in.Args) == 0 {
			continue
		}
		ic := &Command{Args: in.Args, Text: renderArgs(in.Args), Dir: c.Dir, Home: c.Home, Protected: c.Protected, AgentHooks: c.AgentHooks, HookSet: c.HookSet, Via: via}
		if in.Stdin {
			ic.Stdin, ic.StdinPiped, ic.PipedFrom = c.Stdin, c.StdinPiped, c.PipedFrom
		}
		w.command(ic, sc, depth+1)
	}
}

// renderArgs renders words as a line, for a finding's text.
func renderArgs(ws []Word) string {
	if len(ws) == 1 && ws[0].Known {
		return quoteArg(ws[0].Value)
	}
	n := 0
	for _, wd := range ws {
		n += len(wd.Value) + 1
	}
	var sb strings.Builder
	sb.Grow(n)
	for i, wd := range ws {
		if i > 0 {
			sb.WriteByte(' ')
		}
		v := wd.Value
		if !wd.Known {
			v = strings.ReplaceAll(v, Unknown, "…")
		}
		sb.WriteString(quoteArg(v))
	}
	return sb.String()
}

// inners returns what c runs behind it, when c is a wrapper.
func (w *walker) inners(c *Command) []rules.Inner {
	name := c.Name()
	args := c.Args
	if len(args) == 0 {
		return nil
	}
	if isHelp(args[1:]) {
		return nil
	}
	if IsAssign(args[0].Value) {
		// A bare NAME=VALUE: code it makes later programs run.
		return rules.EnvCodeInners(args)
	}
	if argv.IsShell(name) {
		return w.shellInner(c, name, args[1:])
	}
	if argv.IsDynamicLoader(name) {
		return wrapped(name, args[1:], true)
	}
	if argv.IsLauncher(name) {
		if ins, ok := rules.LauncherInners(name, args[1:]); ok {
			return ins
		}
	}
	switch name {
	case "rimraf":
		return rules.RimrafInner(args[1:])
	case "export", "declare", "typeset", "readonly", "local":
		return rules.EnvCodeInners(args[1:])
	case "sudo", "run0":
		return w.sudoInners(c, name, args[1:])
	case "trap":
		return trapInner(args[1:])
	case "source", ".":
		return w.sourceInner(c, args[1:])
	case "git":
		return gitCodeInner(args[1:])
	case "tar", "gtar", "bsdtar", "rsync", "vim", "vi", "nvim", "view", "ex", "man", "zip", "less", "more":
		return optionCodeInner(name, args[1:])
	case "mv", "ln":
		return moveInner(c, name, args[1:])
	case "sed", "gsed":
		return rules.SedInner(c)
	case "doas":
		return doasInners(args[1:])
	case "pkexec":
		return wrapped("pkexec", args[1:], true)
	case "su", "runuser", "sg":
		if in := suInner(name, args[1:]); in != nil {
			return in
		}
		if name == "su" {
			// su without -c starts a shell that reads stdin.
			return w.shellInner(c, "sh", nil)
		}
		return nil
	case "env":
		return envInner(args[1:])
	case "nice", "ionice", "nohup", "setsid", "unbuffer", "fakeroot", "proxychains", "proxychains4", "torsocks", "caffeinate", "catchsegv", "chronic", "ifne",
		"unshare", "nsenter", "setpriv", "firejail", "proot", "dbus-launch", "dbus-run-session", "xvfb-run", "tsp", "systemd-run",
		"strace", "ltrace", "valgrind", "prlimit", "choom", "schedtool", "rlwrap", "numactl", "cgexec", "screen", "time", "builtin", "exec", "stdbuf":
		return wrapped(name, args[1:], true)
	case "faketime", "chrt", "timeout", "chroot", "taskset":
		return operandInners(name, args[1:])
	case "gdb":
		for i, a := range args {
			if a.Known && a.Value == "--args" && i+1 < len(args) {
				return []rules.Inner{{Label: "gdb --args", Args: args[i+1:]}}
			}
		}
	case "command":
		return commandInner(args[1:])
	case "flock":
		return flockInner(args[1:])
	case "xargs":
		return xargsInner(args[1:])
	case "parallel":
		return parallelInner(args[1:])
	case "find":
		return findInner(args[1:])
	case "watch":
		return watchInner(args[1:])
	case "busybox", "toybox":
		if len(args) > 1 {
			return []rules.Inner{{Label: name, Args: args[1:], Stdin: true}}
		}
	case "eval":
		if c.EvalTrusted = w.g.trustsEval(c); len(args) > 1 && !c.EvalTrusted {
			code := rules.JoinWords(args[1:])
			return []rules.Inner{{Label: "eval", Code: &code}}
		}
	case "ssh":
		return sshInner(args[1:])
	case "ansible":
		return ansibleInner(args[1:])
	case "nc", "ncat", "netcat", "nc.traditional", "nc.openbsd":
		return ncInner(name, args[1:])
	case "docker", "podman", "nerdctl":
		return dockerInner(name, args[1:])
	case "kubectl", "oc":
		return kubectlInner(name, args[1:])
	case "at", "batch":
		return atInner(c, name, args[1:])
	case "crontab":
		return crontabInner(c, args[1:])
	case "script":
		return scriptInner(args[1:])
	}
	if lang := rules.InterpProgLang(name); lang != rules.InterpNone {
		var ins []rules.Inner
		for _, s := range rules.InterpScripts(stdinProgram(c, lang)) {
			code := Lit(s)
			ins = append(ins, rules.Inner{Label: name, Code: &code})
		}
		return ins
	}
	return nil
}

// isHelp reports arguments that only ask a program for help or its version.
func isHelp(args []Word) bool {
	return len(args) == 1 && args[0].Known && (args[0].Value == "--help" || args[0].Value == "--version")
}

// IsAssign reports a NAME=VALUE word.
func IsAssign(s string) bool { return argv.IsAssign(s) }
